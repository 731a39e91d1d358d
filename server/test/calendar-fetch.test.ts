import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FeedFetchError,
  FETCH_MESSAGES,
  fetchFeed,
  isPublicAddress,
  type FetchFeedOptions,
} from '../src/calendar/fetch-feed';
import { startFeedServer, type FeedServer } from './helpers/ical-feeds';

const base: FetchFeedOptions = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5, allowPrivate: true };

async function failure(p: Promise<unknown>): Promise<FeedFetchError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FeedFetchError);
  return err as FeedFetchError;
}

describe('which addresses a feed may live on', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false], // cloud metadata
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a9fe:a9fe', false], // NAT64 of 169.254.169.254
    // Issue 19, item 6: the other forms that carry an IPv4 address are refused whole.
    ['::127.0.0.1', false], // IPv4-compatible (deprecated)
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['::ffff:0:127.0.0.1', false], // IPv4-translated (SIIT)
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:8.8.8.8', false],
    ['0:0:0:0:ffff:0:a9fe:a9fe', false], // the same, written out
    ['2002:7f00:1::1', false], // 6to4 of 127.0.0.1
    ['2002:808:808::1', false], // 6to4 of 8.8.8.8
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo
    ['2001::1', false],
    ['not an address', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['54.239.28.85', true],
    ['2001:4860:4860::8888', true],
    ['::ffff:8.8.8.8', true],
    ['0:0:0:0:0:ffff:808:808', true],
    ['64:ff9b::8.8.8.8', true],
    ['2001:1::1', true], // next to Teredo, not in it
    ['2003::1', true], // next to 6to4
  ])('%s → public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetching a feed', () => {
  let feeds: FeedServer;
  let other: FeedServer;
  beforeAll(async () => {
    feeds = await startFeedServer('127.0.0.1');
    // Loopback answers on all of 127/8: a second "host" that the test policy refuses.
    other = await startFeedServer('127.0.0.2');
    feeds.set('/ok.ics', { body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' });
    other.set('/secret.ics', { body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' });
  });
  afterAll(async () => {
    await feeds.close();
    await other.close();
  });

  it('reads a calendar, following a few redirects', async () => {
    feeds.set('/r1', { status: 301, headers: { location: '/r2' } });
    feeds.set('/r2', { status: 302, headers: { location: `${feeds.url}/ok.ics` } });
    expect(await fetchFeed(`${feeds.url}/r1`, base)).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });

  it('gives up after too many redirects', async () => {
    feeds.set('/loop', { status: 307, headers: { location: '/loop' } });
    expect((await failure(fetchFeed(`${feeds.url}/loop`, { ...base, maxRedirects: 3 }))).message).toBe(
      FETCH_MESSAGES.redirects,
    );
    expect(feeds.hits.get('/loop')).toBe(4);
  });

  it('refuses loopback and private hosts unless allowed, by name (resolved) or by address', async () => {
    const strict = { ...base, allowPrivate: false };
    const port = new URL(feeds.url).port;
    feeds.set('/private.ics', { body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' });
    for (const url of [
      `${feeds.url}/private.ics`,
      `http://localhost:${port}/private.ics`,
      `http://[::1]:${port}/private.ics`,
      // Issue 19, item 6: IPv4 inside IPv6, in each form (the URL parser rewrites the dotted ones).
      `http://[::127.0.0.1]:${port}/private.ics`,
      `http://[::ffff:0:127.0.0.1]:${port}/private.ics`,
      `http://[2002:7f00:1::1]:${port}/private.ics`,
      `http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]:${port}/private.ics`,
    ]) {
      expect((await failure(fetchFeed(url, strict))).message, url).toBe(FETCH_MESSAGES.privateHost);
    }
    expect(feeds.hits.get('/private.ics')).toBeUndefined();
    expect(await fetchFeed(`${feeds.url}/private.ics`, base)).toContain('BEGIN:VCALENDAR');
  });

  it('checks the address again on every redirect', async () => {
    const onlyFirstHost = { ...base, allowPrivate: false, isAllowedAddress: (a: string) => a === '127.0.0.1' };
    feeds.set('/to-other', { status: 302, headers: { location: `${other.url}/secret.ics` } });
    expect((await failure(fetchFeed(`${feeds.url}/to-other`, onlyFirstHost))).message).toBe(FETCH_MESSAGES.privateHost);
    expect(other.hits.get('/secret.ics')).toBeUndefined();
    // The same redirect is followed when the policy allows the target.
    expect(await fetchFeed(`${feeds.url}/to-other`, base)).toContain('BEGIN:VCALENDAR');
  });

  it('accepts http and https only, on redirects too', async () => {
    expect((await failure(fetchFeed('ftp://example.com/a.ics', base))).message).toBe(FETCH_MESSAGES.scheme);
    feeds.set('/to-file', { status: 302, headers: { location: 'file:///etc/passwd' } });
    expect((await failure(fetchFeed(`${feeds.url}/to-file`, base))).message).toBe(FETCH_MESSAGES.scheme);
  });

  it('stops reading past the size cap, with or without a Content-Length', async () => {
    const big = 'X'.repeat(300 * 1024);
    feeds.set('/big-declared', { body: big });
    feeds.set('/big-streamed', { body: big, chunked: true });
    for (const path of ['/big-declared', '/big-streamed']) {
      const err = await failure(fetchFeed(`${feeds.url}${path}`, { ...base, maxBytes: 100 * 1024 }));
      expect(err.message, path).toMatch(/pesa más de/);
    }
    expect(await fetchFeed(`${feeds.url}/big-streamed`, { ...base, maxBytes: 300 * 1024 })).toHaveLength(big.length);
  });

  it('times out on a server that never answers or stops halfway', async () => {
    feeds.set('/silent', { hang: 'before-headers' });
    feeds.set('/stalled', { hang: 'after-headers', body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT' });
    for (const path of ['/silent', '/stalled']) {
      const err = await failure(fetchFeed(`${feeds.url}${path}`, { ...base, timeoutMs: 300 }));
      expect(err.message, path).toBe(FETCH_MESSAGES.timeout(1));
    }
  });

  it('reports a non-2xx answer with its code', async () => {
    feeds.set('/gone', { status: 410, body: 'gone' });
    expect((await failure(fetchFeed(`${feeds.url}/gone`, base))).message).toBe(FETCH_MESSAGES.status(410));
  });

  it('stops when the server shuts down', async () => {
    feeds.set('/silent', { hang: 'before-headers' });
    const controller = new AbortController();
    const pending = fetchFeed(`${feeds.url}/silent`, { ...base, signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).message).toBe(FETCH_MESSAGES.connect);
  });
});
