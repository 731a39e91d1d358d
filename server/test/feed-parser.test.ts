import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { DEFAULT_PARSE_LIMITS, FeedParser, ParseCancelledError } from '../src/calendar/feed-parser';
import { FeedBudgetError, FeedParseError, PARSE_MESSAGES } from '../src/calendar/parse-feed';
import { largestOrdinaryFeed, manyDates, neverMatchingRule } from '../../test-support/hostile-feeds';

/**
 * Issue 19, item 1: every feed file is parsed in a worker thread of its own, within a budget of
 * steps, time and heap for the whole file. (The server's event loop while hostile feeds are
 * parsed is measured in hostile-feeds.test.ts.)
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 1024 * 1024;
const today = todayAtCabin();

async function outcome(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (v) => v,
    (err: unknown) => err,
  );
}

describe('the feed parser', () => {
  it('imports the largest ordinary feed (5 000 stays, almost 2 MB) within the default budget', async () => {
    const events = await new FeedParser().parse(largestOrdinaryFeed(), today);
    expect(events).toHaveLength(5_000);
    expect(events[0]).toMatchObject({ summary: 'Reserved' });
  });

  it('passes the parser’s own refusals on as they are', async () => {
    const err = await outcome(new FeedParser().parse('<!doctype html><p>Iniciar sesión</p>', today));
    expect(err).toBeInstanceOf(FeedParseError);
    expect(err).not.toBeInstanceOf(FeedBudgetError);
    expect((err as Error).message).toBe(PARSE_MESSAGES.notCalendar);
  });

  it('ends a parse that runs past its deadline', async () => {
    const parser = new FeedParser({ ...DEFAULT_PARSE_LIMITS, timeoutMs: 50 });
    const err = await outcome(parser.parse(largestOrdinaryFeed(), today));
    expect(err).toBeInstanceOf(FeedBudgetError);
    expect((err as Error).message).toBe(PARSE_MESSAGES.tooSlow(50));
  });

  it('ends a parse that outgrows its heap, and the memory goes with the thread', async () => {
    gc();
    const before = process.memoryUsage().rss;
    const err = await outcome(new FeedParser().parse(manyDates(2 * 1024 * 1024 - 1024), today));
    expect(err).toBeInstanceOf(FeedBudgetError);
    expect((err as Error).message).toBe(PARSE_MESSAGES.tooBig);
    gc();
    await new Promise((r) => setTimeout(r, 500));
    gc();
    const grown = process.memoryUsage().rss - before;
    console.log(
      `2 MB of RDATE dates: RSS ${grown >= 0 ? '+' : ''}${(grown / MB).toFixed(0)} MB after the worker ended`,
    );
    // The worker may use up to its 96 MB heap while it runs; none of it stays with the server.
    expect(grown).toBeLessThan(60 * MB);
  });

  it('parses one file at a time, in the order asked', async () => {
    const parser = new FeedParser();
    const order: string[] = [];
    const slow = parser.parse(neverMatchingRule(), today).catch(() => order.push('hostile'));
    const quick = parser.parse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', today).then(() => order.push('empty'));
    await Promise.all([slow, quick]);
    expect(order).toEqual(['hostile', 'empty']);
  });

  it('is called off at once when the server stops', async () => {
    const parser = new FeedParser({ ...DEFAULT_PARSE_LIMITS, steps: Number.MAX_SAFE_INTEGER, timeoutMs: 600_000 });
    const stop = new AbortController();
    const pending = parser.parse(neverMatchingRule(), today, stop.signal);
    const queued = parser.parse(neverMatchingRule(), today, stop.signal);
    await new Promise((r) => setTimeout(r, 300));
    stop.abort();
    expect(await outcome(pending)).toBeInstanceOf(ParseCancelledError);
    expect(await outcome(queued)).toBeInstanceOf(ParseCancelledError);
  });
});
