import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';

const FIXTURES = join(import.meta.dirname, 'fixtures/ical');

/** Today at the cabin plus `offset` days, YYYY-MM-DD. */
export const day = (offset: number, today: string = todayAtCabin()) => addDays(today, offset);

/** A fixture feed with its `{{±N}}` dates filled in from today and CRLF line ends, as channels send them. */
export function feedFixture(name: 'airbnb' | 'booking' | 'vrbo' | 'google', today: string = todayAtCabin()): string {
  return readFileSync(join(FIXTURES, `${name}.ics`), 'utf8')
    .replace(/\{\{([+-]\d+)\}\}/g, (_, n: string) => day(Number(n), today).replaceAll('-', ''))
    .replace(/\r?\n/g, '\r\n');
}

/** What the feed server answers on one path. */
export interface FeedRoute {
  status?: number;
  body?: string | Buffer;
  type?: string;
  headers?: Record<string, string>;
  /** Send the body in pieces without a Content-Length (a streamed answer). */
  chunked?: boolean;
  /** Never answer at all, or send the headers and then nothing. */
  hang?: 'before-headers' | 'after-headers';
  /** Answer only after this long (a slow channel). */
  delayMs?: number;
}

/** A local node:http server standing in for Airbnb, Booking.com… in the tests; routes can change between syncs. */
export interface FeedServer {
  url: string;
  set(path: string, route: FeedRoute): void;
  /** How many times each path was asked for. */
  hits: Map<string, number>;
  /** The most requests (all paths) that were ever waiting for their answer at once. */
  peakInFlight(): number;
  close(): Promise<void>;
}

export async function startFeedServer(host = '127.0.0.1'): Promise<FeedServer> {
  const routes = new Map<string, FeedRoute>();
  const hits = new Map<string, number>();
  let inFlight = 0;
  let peak = 0;
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    peak = Math.max(peak, ++inFlight);
    res.once('close', () => inFlight--);
    const route = routes.get(path);
    if (route?.delayMs) setTimeout(() => answer(route, res), route.delayMs);
    else answer(route, res);
  });
  const answer = (route: FeedRoute | undefined, res: http.ServerResponse) => {
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (route.hang === 'before-headers') return;
    const body = route.body ?? '';
    const headers: Record<string, string> = {
      'content-type': route.type ?? 'text/calendar; charset=utf-8',
      ...route.headers,
    };
    if (!route.chunked && route.hang === undefined) headers['content-length'] = String(Buffer.byteLength(body));
    res.writeHead(route.status ?? 200, headers);
    if (route.hang === 'after-headers') {
      res.write(typeof body === 'string' ? body.slice(0, 20) : body.subarray(0, 20));
      return;
    }
    if (route.chunked) {
      const buf = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const step = 64 * 1024;
      let at = 0;
      const pump = () => {
        while (at < buf.length) {
          const ok = res.write(buf.subarray(at, at + step));
          at += step;
          if (!ok) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    res.end(body);
  };
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    set: (path, route) => routes.set(path, route),
    hits,
    peakInFlight: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
