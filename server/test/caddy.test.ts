import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { REPO_ROOT } from '../src/env';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../test-support/server';
import { contactMessageBody, jpegWithGps } from './helpers/fixtures';

/**
 * issue 13 item 3: deploy/Caddyfile, as shipped, run by Debian's Caddy with `tls internal` in
 * front of a real server started the way deploy/cabana.service starts it (TRUST_PROXY=1,
 * PUBLIC_URL https). Everything below goes over HTTPS through Caddy, checked against Caddy's own CA.
 */
const CADDY = '/usr/bin/caddy';

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let work: string;
let s: TestServer;
let caddy: ChildProcess;
let caddyLog = '';
let httpsPort: number;
let ca: Buffer;

/** One HTTPS request to Caddy as `localhost`, from the loopback address `from` (another "client"). */
function request(
  path: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    from?: string;
    /** Declare the whole body but send only its first 64 KB until the answer comes. */
    answerBeforeBody?: boolean;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: 'localhost',
        ca,
        path,
        method: opts.method ?? 'GET',
        headers: { host: `localhost:${httpsPort}`, ...opts.headers },
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
          if (opts.answerBeforeBody) req.destroy();
        });
        res.on('error', reject);
      },
    );
    // A refusal (413) may come, and the proxy close the connection, while the body is still being
    // written: as in a browser, the answer counts and the failed write does not.
    let answered = false;
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (opts.answerBeforeBody && opts.body !== undefined) {
      req.setHeader('content-length', Buffer.byteLength(opts.body));
      req.write(Buffer.from(opts.body).subarray(0, 64 * 1024));
    } else req.end(opts.body);
  });
}

/** A TLS connection to Caddy as `localhost` from the loopback address `from`, speaking HTTP/1.1. */
function tlsFrom(from: string): tls.TLSSocket {
  const socket = net.connect({ host: '127.0.0.1', port: httpsPort, localAddress: from });
  return tls.connect({ socket, servername: 'localhost', ca, ALPNProtocols: ['http/1.1'] });
}

/**
 * A request that sends its headers and the first byte of a 1 KB JSON body through Caddy from
 * `from`, then nothing: it stays in progress at the server until the socket is destroyed.
 */
function slowRequest(from: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const sock = tlsFrom(from);
    sock.once('secureConnect', () => {
      sock.write(
        `POST /api/consultas HTTP/1.1\r\nHost: localhost:${httpsPort}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 1024\r\n\r\n{',
      );
      resolve(sock);
    });
    sock.on('error', reject);
  });
}

const jsonOf = (a: Answer) => JSON.parse(a.body.toString('utf8')) as Record<string, unknown>;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'cabana-caddy-'));
  httpsPort = await freePort();
  const httpPort = await freePort();
  const origin = `https://localhost:${httpsPort}`;
  s = await startTestServer({
    env: { TRUST_PROXY: '1', PUBLIC_URL: origin, ENQUIRIES_PER_CLIENT: '2', MAX_CONNECTIONS_PER_CLIENT: '5' },
  });
  const home = join(work, 'home');
  for (const d of ['home', 'data', 'config']) await mkdir(join(work, d));
  caddy = spawn(CADDY, ['run', '--config', join(REPO_ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: work,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: join(work, 'data'),
      XDG_CONFIG_HOME: join(work, 'config'),
      CABANA_DOMAIN: 'localhost',
      CABANA_UPSTREAM: new URL(s.url).host,
      CABANA_TLS: 'tls internal',
      // The test's own ports, no admin endpoint, no attempt to touch the system's trust store.
      CABANA_CADDY_GLOBAL: `admin off\nhttp_port ${httpPort}\nhttps_port ${httpsPort}\nskip_install_trust`,
      CABANA_ACCESS_LOG: join(work, 'access.log'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (d: Buffer) => (caddyLog += d.toString()));
  caddy.stderr!.on('data', (d: Buffer) => (caddyLog += d.toString()));
  const exited = new Promise<never>((_, reject) =>
    caddy.once('exit', (code) => reject(new Error(`caddy exited (${code}):\n${caddyLog}`))),
  );
  // Ready once its internal CA exists and it answers TLS with a certificate for localhost.
  const rootCert = join(work, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const ready = (async () => {
    for (;;) {
      try {
        ca = await readFile(rootCert);
        await new Promise<void>((resolve, reject) => {
          const sock = tls.connect({ host: '127.0.0.1', port: httpsPort, servername: 'localhost', ca }, () => {
            sock.end();
            resolve();
          });
          sock.on('error', reject);
        });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  })();
  await Promise.race([ready, exited]);
});

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const gone = new Promise((r) => caddy.once('exit', r));
    caddy.kill('SIGTERM');
    await gone;
  }
  await s?.close();
  if (s) await rm(s.dataDir, { recursive: true, force: true });
  if (work) await rm(work, { recursive: true, force: true });
});

describe('behind Caddy over HTTPS (deploy/Caddyfile)', () => {
  it('serves the site and the API, with HSTS and compression', async () => {
    const page = await request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const health = await request('/api/health');
    expect(health.status).toBe(200);
    expect(jsonOf(health)).toEqual({ ok: true });
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    // A quote for four weeks: an answer large enough to be worth compressing.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const quote = await request(`/api/cotizacion?checkIn=${day(60)}&checkOut=${day(88)}&numPeople=2`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(quote.status).toBe(200);
    expect(quote.headers['content-encoding']).toBe('gzip');
  });

  it('signs in with a Secure __Host- session cookie', async () => {
    const res = await request('/api/sesion', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `https://localhost:${httpsPort}` },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    expect(res.status).toBe(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(cookie).toMatch(/^__Host-sid=/m);
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*httponly/i);
  });

  it('keeps a 304 through the proxy', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const first = await request('/api/imagenes', { headers: { 'accept-encoding': encoding } });
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await request('/api/imagenes', {
        headers: { 'accept-encoding': encoding, 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('counts enquiries per real client: not per Caddy, and not per forged X-Forwarded-For', async () => {
    const enquire = async (from: string, forged?: string) => {
      const tokenRes = await request('/api/consultas/token', { from });
      const { token } = jsonOf(tokenRes) as { token: string };
      return request('/api/consultas', {
        method: 'POST',
        from,
        headers: { 'content-type': 'application/json', ...(forged ? { 'x-forwarded-for': forged } : {}) },
        body: contactMessageBody(token),
      });
    };
    // ENQUIRIES_PER_CLIENT=2: the third from one visitor is refused, whatever address it claims.
    expect((await enquire('127.0.0.2', '203.0.113.1')).status).toBe(201);
    expect((await enquire('127.0.0.2', '203.0.113.2')).status).toBe(201);
    const third = await enquire('127.0.0.2', '203.0.113.3');
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeTruthy();
    // Another visitor behind the same Caddy is a client of its own.
    expect((await enquire('127.0.0.3')).status).toBe(201);
    // A forged header naming the second visitor does not spend that visitor's allowance.
    expect((await enquire('127.0.0.4', '127.0.0.3')).status).toBe(201);
    expect((await enquire('127.0.0.3')).status).toBe(201);
  });

  it('caps the requests one visitor has in progress (MAX_CONNECTIONS_PER_CLIENT), others keep being served', async () => {
    // Each request in progress holds one of Caddy's connections to the server: a visitor with
    // many slow ones would otherwise take them all (issue 19, item 2). The cap here is 5.
    const slow = await Promise.all(Array.from({ length: 5 }, () => slowRequest('127.0.0.5')));
    try {
      // Caddy passes a request on once its headers are in: poll until all five have reached the server.
      let refused: Answer | undefined;
      for (let i = 0; i < 100 && !refused; i++) {
        const res = await request('/api/health', { from: '127.0.0.5' });
        if (res.status === 503) refused = res;
        else await new Promise((r) => setTimeout(r, 50));
      }
      expect(refused?.status).toBe(503);
      expect(refused!.headers['retry-after']).toBe('5');
      expect(String(jsonOf(refused!).error)).toMatch(/demasiadas conexiones/);
      // Another visitor behind the same Caddy is not held up, whatever address it claims.
      expect((await request('/api/health', { from: '127.0.0.6' })).status).toBe(200);
      expect(
        (await request('/api/health', { from: '127.0.0.5', headers: { 'x-forwarded-for': '203.0.113.9' } })).status,
      ).toBe(503);
    } finally {
      for (const sock of slow) sock.destroy();
    }
    // Once the slow requests are gone, the visitor is served again.
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await request('/api/health', { from: '127.0.0.5' })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });

  it('closes a connection whose headers never finish (read_header 15s), which Caddy 2.6 alone keeps', async () => {
    const sock = tlsFrom('127.0.0.7');
    sock.on('error', () => undefined);
    await new Promise((resolve) => sock.once('secureConnect', resolve));
    sock.write(`GET /api/health HTTP/1.1\r\nHost: localhost:${httpsPort}\r\n`);
    // Far beyond the 15 s: a connection still open then is one Caddy kept.
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 60_000);
      sock.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    sock.destroy();
    expect(closed).toBe(true);
  }, 90_000);

  /** Caddy's access log once it names `path` (Caddy writes its lines after the answer), and the URIs it logged. */
  const accessLog = async (path: string) => {
    let log = '';
    for (let i = 0; i < 100 && !log.includes(path); i++) {
      await new Promise((r) => setTimeout(r, 50));
      log = await readFile(join(work, 'access.log'), 'utf8').catch(() => '');
    }
    const uris = log
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { request: { uri: string } }).request.uri);
    return { log, uris };
  };

  it('keeps the calendar export links’ secret out of its access log (issue 19, item 5)', async () => {
    const token = s.running.deps.store.data.calendar.exportToken;
    const res = await request(`/api/calendario/ical/${token}.ics`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/calendar');
    const { log, uris } = await accessLog('/api/calendario/ical/');
    expect(uris).toContain('/api/calendario/ical/…');
    expect(log).not.toContain(token);
  });

  it('keeps a guest link’s secret out of its access log: the query and any Referer (issue 28, item 4)', async () => {
    const secret = 'SecretoDelEnlace0123456789abcdefghijklmnopq';
    const page = await request(`/reserva/ABCDEFGH?utm=1&t=${secret}&x=1`);
    const api = await request(`/api/reserva/ABCDEFGH?t=${secret}`, {
      headers: { referer: `https://localhost/reserva/ABCDEFGH?t=${secret}` },
    });
    expect([page.status, api.status]).toEqual([404, 404]);
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    const { log, uris } = await accessLog('/api/reserva/ABCDEFGH');
    expect(uris).toContain('/reserva/ABCDEFGH?utm=1&t=…&x=1');
    expect(uris).toContain('/api/reserva/ABCDEFGH?t=…');
    expect(log).not.toContain(secret);
  });

  it('passes the largest upload allowed, and answers 413 past it', async () => {
    const token = jsonOf(
      await request('/api/sesion', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password, token: true }),
      }),
    ).token as string;
    // A real JPEG padded after its end marker (decoders stop there) to the size limit: the
    // proxy carries every byte, while the photo itself stays quick to process.
    const photo = await jpegWithGps(800, 600);
    const boundary = 'cabanaBoundary7MA4YWxkTrZu0gW';
    const body = (size: number) => {
      const file = Buffer.concat([photo, Buffer.alloc(size - photo.length, 0x20)]);
      return Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nFoto grande\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="grande.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    };
    const headers = { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` };
    const big = await request('/api/imagenes/upload', {
      method: 'POST',
      headers,
      body: body(LIMITS.maxUploadBytes),
    });
    expect(big.status, big.body.toString()).toBe(201);
    const tooBig = await request('/api/imagenes/upload', {
      method: 'POST',
      headers,
      body: body(LIMITS.maxUploadBytes + 1024 * 1024),
      // The refusal comes from the declared length, through the proxy, before the body is sent
      // (a client that went on sending 26 MB would race the proxy's close of the connection).
      answerBeforeBody: true,
    });
    expect(tooBig.status).toBe(413);
    expect(jsonOf(tooBig).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
