import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { parseError } from '../../test-support/json';

/** Issue 12, item 7: slow bodies and piles of connections. */
function connect(s: TestServer, localAddress?: string, allowHalfOpen = false): Promise<net.Socket> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: hostname, localAddress, allowHalfOpen }, () =>
      resolve(socket),
    );
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection (or `untilMs` passes). */
function readAll(socket: net.Socket, untilMs = 60_000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const text = () => Buffer.concat(chunks).toString('utf8');
    const timer = setTimeout(() => resolve({ text: text(), closed: false }), untilMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: text(), closed: true });
    });
  });
}

/**
 * Sends the headers of a request declaring a large body, then one body byte every `everyMs` for
 * as long as the connection stays open: the slow client of issue 19, item 2.
 */
function trickle(socket: net.Socket, head: string, everyMs = 200): void {
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write('a');
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** Headers of a JSON enquiry declaring 100 KB (over the 32 KB JSON limit: 413 before the body). */
const BIG_ENQUIRY =
  'POST /api/consultas HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 102400\r\n\r\n{';
/** Headers of a 10 MB upload with a token that names no session (401 before the body). */
const BAD_TOKEN_UPLOAD =
  'POST /api/imagenes/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer no-es-un-token\r\n' +
  'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 10485760\r\n\r\n--x\r\n';

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
const bodyOf = (raw: string) => parseError(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('slow bodies', () => {
  it('cuts a JSON body that trickles in after BODY_TIMEOUT_SECONDS with a Spanish 408', async () => {
    const s = await startTestServer({ env: { BODY_TIMEOUT_SECONDS: '1' } });
    try {
      const socket = await connect(s);
      const reply = readAll(socket);
      socket.write(
        'POST /api/sesion HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      );
      const { text, closed } = await reply;
      expect(closed).toBe(true);
      expect(statusOf(text)).toBe(408);
      const body = bodyOf(text);
      expect(body.code).toBe('REQUEST_TIMEOUT');
      expect(body.error).toMatch(/tardó demasiado/);
    } finally {
      await s.close();
    }
  });

  it('gives uploads the long limit: a pause longer than the JSON limit does not cut them', async () => {
    const s = await startTestServer({ env: { BODY_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '60' } });
    try {
      const token = await s.loginToken();
      const photo = await jpegWithGps(300, 200);
      const boundary = 'cabana-slow';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nLenta\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const length = head.length + photo.length + tail.length;
      const socket = await connect(s);
      const reply = readAll(socket);
      socket.write(
        `POST /api/imagenes/upload HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer(token).authorization}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(head);
      socket.write(photo.subarray(0, 1000));
      await new Promise((r) => setTimeout(r, 2500));
      socket.write(photo.subarray(1000));
      socket.write(tail);
      const { text } = await reply;
      expect(statusOf(text)).toBe(201);
    } finally {
      await s.close();
    }
  });
});

/**
 * Issue 19, item 2: an answer sent before the body arrived (413, 401...) used to leave the
 * connection reading the rest of the body under the uploads' 15-minute limit.
 */
describe('early answers', () => {
  // Long enough that a connection still open when the test looks is one the server kept.
  const STILL_OPEN_AFTER_MS = 20_000;

  it.each([
    ['a 100 KB JSON enquiry', BIG_ENQUIRY, 413, /demasiado grande/],
    ['a 10 MB upload with a bad token', BAD_TOKEN_UPLOAD, 401, /sesión/],
  ])('closes the connection after answering %s that trickles in', async (_label, head, status, message) => {
    const s = await startTestServer({ env: { BODY_TIMEOUT_SECONDS: '1' } });
    try {
      const socket = await connect(s);
      const reply = readAll(socket, STILL_OPEN_AFTER_MS);
      trickle(socket, head);
      const { text, closed } = await reply;
      expect(statusOf(text)).toBe(status);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(bodyOf(text).error).toMatch(message);
      expect(closed).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('closes it too when the client ignores the end of the answer and goes on sending', async () => {
    const s = await startTestServer({ env: { BODY_TIMEOUT_SECONDS: '1' } });
    try {
      // A half-open client does not close its side when ours closes: only the server's deadline ends it.
      const socket = await connect(s, undefined, true);
      let ended = false;
      socket.once('end', () => (ended = true));
      const reply = readAll(socket, STILL_OPEN_AFTER_MS);
      trickle(socket, BIG_ENQUIRY, 100);
      const { text, closed } = await reply;
      expect(statusOf(text)).toBe(413);
      // The answer came whole, followed by the server's end of the connection, then the close.
      expect(bodyOf(text).code).toBe('PAYLOAD_TOO_LARGE');
      expect(ended).toBe(true);
      expect(closed).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('keeps serving others while 20 slow clients from 4 addresses collect early answers (MAX_CONNECTIONS=20)', async () => {
    const s = await startTestServer({
      env: { BODY_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS: '20', MAX_CONNECTIONS_PER_CLIENT: '5' },
    });
    try {
      const slow = await Promise.all(Array.from({ length: 20 }, (_, i) => connect(s, `127.0.0.${2 + (i % 4)}`)));
      const replies = slow.map((socket, i) => {
        const reply = readAll(socket, STILL_OPEN_AFTER_MS);
        trickle(socket, i % 2 === 0 ? BIG_ENQUIRY : BAD_TOKEN_UPLOAD, 500);
        return reply;
      });
      const answers = await Promise.all(replies);
      expect(answers.map((a) => statusOf(a.text)).sort()).toEqual([
        ...Array<number>(10).fill(401),
        ...Array<number>(10).fill(413),
      ]);
      // The slow clients got their answers and were let go: there is room for everyone else.
      const res = await fetch(`${s.apiUrl}/health`);
      expect(res.status).toBe(200);
      expect(answers.filter((a) => !a.closed)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('connection caps', () => {
  it('answers a Spanish 503 to a client over MAX_CONNECTIONS_PER_CLIENT, and serves it again once it closes some', async () => {
    const s = await startTestServer({ env: { MAX_CONNECTIONS_PER_CLIENT: '3' } });
    try {
      const idle = await Promise.all([connect(s), connect(s), connect(s)]);
      const extra = await connect(s);
      const reply = readAll(extra);
      extra.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      const { text, closed } = await reply;
      expect(closed).toBe(true);
      expect(statusOf(text)).toBe(503);
      expect(text).toMatch(/retry-after: 5/i);
      expect(bodyOf(text).error).toMatch(/demasiadas conexiones/);
      await Promise.all(
        idle.map((c) => new Promise<void>((resolve) => (c.once('close', () => resolve()), c.destroy()))),
      );
      // The server sees the closes asynchronously: the next request may need a moment.
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`${s.apiUrl}/health`, { headers: { connection: 'close' } })).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('caps connections in total behind a proxy (where every socket is the proxy’s)', async () => {
    const s = await startTestServer({
      env: { MAX_CONNECTIONS: '2', MAX_CONNECTIONS_PER_CLIENT: '1', TRUST_PROXY: 'true' },
    });
    try {
      const idle = await Promise.all([connect(s), connect(s)]);
      const extra = await connect(s);
      const reply = readAll(extra);
      extra.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(statusOf((await reply).text)).toBe(503);
      for (const c of idle) c.destroy();
    } finally {
      await s.close();
    }
  });
});
