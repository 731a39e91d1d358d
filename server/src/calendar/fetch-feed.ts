import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Why a feed could not be fetched; the message is Spanish and shown to the owner as the feed's last error. */
export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

export const FETCH_MESSAGES = {
  scheme: 'La dirección del calendario debe empezar por https:// o http://.',
  privateHost:
    'La dirección del calendario apunta a una red privada o local, y no se permite por seguridad. Usa el enlace público del calendario.',
  dns: 'No se encontró el servidor del calendario. Revisa la dirección.',
  connect: 'No se pudo conectar con el servidor del calendario. Se volverá a intentar más tarde.',
  timeout: (seconds: number) => `El servidor del calendario no respondió a tiempo (${seconds} s).`,
  tooLarge: (mb: number) => `El calendario pesa más de ${mb} MB; no se importó.`,
  status: (code: number) => `El servidor del calendario respondió con un error (código ${code}).`,
  redirects: 'El calendario redirige demasiadas veces.',
  encoding: 'El servidor del calendario envió el contenido comprimido de una forma que no se puede leer.',
} as const;

export interface FetchFeedOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Skip the address check (tests, or a feed on the owner's own network). */
  allowPrivate: boolean;
  /** Ends the fetch early, e.g. when the server shuts down. */
  signal?: AbortSignal;
  /** Which resolved addresses may be contacted; defaults to public ones only. For tests. */
  isAllowedAddress?: (address: string) => boolean;
}

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated ::ffff:0:a.b.c.d (SIIT)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: an IPv4 server and client hidden in the address
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address in bits 16-47
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address, whichever way it is written (`::`, a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | undefined {
  let host: string;
  try {
    // The URL parser writes every spelling the same way: lowercase hex, no dotted tail.
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head = '', tail] = host.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The IPv4 address that an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`) address
 * reaches, judged as IPv4. The other forms that carry one (IPv4-compatible, IPv4-translated,
 * 6to4, Teredo) are refused whole by the list above.
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  const startsWith = (prefix: number[]) => prefix.every((v, i) => g?.[i] === v);
  if (!g || !(startsWith([0, 0, 0, 0, 0, 0xffff]) || startsWith([0x64, 0xff9b, 0, 0, 0, 0]))) return undefined;
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
}

/** True for addresses on the public internet: not loopback, private, link-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const v4 = net.isIPv4(address) ? address : net.isIPv6(address) ? embeddedIpv4(address) : undefined;
  if (v4) return !blocked.check(v4, 'ipv4');
  if (net.isIPv6(address)) return !blocked.check(address, 'ipv6');
  return false;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the socket itself: the addresses checked are the ones connected to, so a name
 * that resolves to a public address for a check and a private one for the connection cannot slip by.
 */
function checkedLookup(allowed: (address: string) => boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      if (list.length === 0 || list.some((a) => !allowed(a.address))) {
        const refused = Object.assign(new Error(FETCH_MESSAGES.privateHost), { code: 'EPRIVATEADDRESS' });
        return callback(refused, '', 0);
      }
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a calendar feed: http(s) only, to public addresses only (checked at connection time and
 * again on every redirect), within a time limit for the whole exchange and a size cap counted
 * while the body streams in. Resolves to the body as text.
 */
export async function fetchFeed(url: string, opts: FetchFeedOptions): Promise<string> {
  const allowed = opts.allowPrivate ? () => true : (opts.isAllowedAddress ?? isPublicAddress);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      const result = await fetchOnce(current, opts, allowed, controller.signal).catch((err: unknown) => {
        if (timedOut) throw new FeedFetchError(FETCH_MESSAGES.timeout(Math.max(1, Math.round(opts.timeoutMs / 1000))));
        throw err;
      });
      if (result.kind === 'body') return result.text;
      if (hop >= opts.maxRedirects) throw new FeedFetchError(FETCH_MESSAGES.redirects);
      current = result.location;
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

type Once = { kind: 'body'; text: string } | { kind: 'redirect'; location: string };

function fetchOnce(
  url: string,
  opts: FetchFeedOptions,
  allowed: (address: string) => boolean,
  signal: AbortSignal,
): Promise<Once> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new FeedFetchError(FETCH_MESSAGES.scheme));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new FeedFetchError(FETCH_MESSAGES.scheme));
  }
  // Sockets skip `lookup` for literal addresses, so those are checked here.
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !allowed(host)) return Promise.reject(new FeedFetchError(FETCH_MESSAGES.privateHost));

  const client = target.protocol === 'https:' ? https : http;
  return new Promise<Once>((resolve, reject) => {
    const req = client.get(
      target,
      {
        signal,
        lookup: checkedLookup(allowed),
        headers: {
          accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5',
          'accept-encoding': 'identity',
          'user-agent': 'BrisasDelGolfo-Calendario/1.0',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          res.resume();
          try {
            resolve({ kind: 'redirect', location: new URL(res.headers.location, target).toString() });
          } catch {
            reject(new FeedFetchError(FETCH_MESSAGES.scheme));
          }
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          reject(new FeedFetchError(FETCH_MESSAGES.status(status)));
          return;
        }
        const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase();
        if (encoding !== 'identity') {
          reject(new FeedFetchError(FETCH_MESSAGES.encoding));
          res.destroy();
          return;
        }
        const tooLarge = () => new FeedFetchError(FETCH_MESSAGES.tooLarge(Math.round(opts.maxBytes / 1024 / 1024)));
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          reject(tooLarge());
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            // Settled before the destroy, whose own error events would otherwise speak first.
            reject(tooLarge());
            res.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ kind: 'body', text: new TextDecoder('utf-8').decode(Buffer.concat(chunks)) }));
        res.on('error', () => reject(new FeedFetchError(FETCH_MESSAGES.connect)));
        res.on('aborted', () => reject(new FeedFetchError(FETCH_MESSAGES.connect)));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPRIVATEADDRESS') reject(new FeedFetchError(FETCH_MESSAGES.privateHost));
      else if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') reject(new FeedFetchError(FETCH_MESSAGES.dns));
      else reject(new FeedFetchError(FETCH_MESSAGES.connect));
    });
  });
}
