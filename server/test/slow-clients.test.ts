import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { parseError } from '../../test-support/json';

/** Issue 12, item 7: slow bodies and piles of connections. */
function connect(s: TestServer): Promise<net.Socket> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
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
