import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageSchema } from '@cabana/shared/domain/schemas/image';
import { createDesktopApiClient, uploadMultipart } from '../electron/lib/api-client';
import { createMediaHandler, toMediaUrl, type MediaSource } from '../electron/lib/media-protocol';
import { closedPort } from '../../test-support/ports';
import { makePhoto } from './helpers/photos';
import { startTestServer, type TestServer } from '../../test-support/server';

const ID = 'AbCdEfGhIjKlMn_-';
const get = (url: string, init?: RequestInit) => new Request(url, init);

describe('cabana-media: URLs', () => {
  it('carry the id, the file and the server’s query, whatever origin the server wrote', () => {
    expect(toMediaUrl(`/media/${ID}/960.jpg`)).toBe(`cabana-media://server/${ID}/960.jpg`);
    expect(toMediaUrl(`https://brisasdelgolfo.co/media/${ID}/480.webp?acceso=1767225600.abc`)).toBe(
      `cabana-media://server/${ID}/480.webp?acceso=1767225600.abc`,
    );
    expect(toMediaUrl(`http://192.168.1.10:3000/cabana/media/${ID}/1600.avif`)).toBe(
      `cabana-media://server/${ID}/1600.avif`,
    );
    // Nothing the server could not have written becomes an app URL.
    for (const odd of [
      `/media/${ID}/960.svg`,
      `/media/../api/960.jpg`,
      `/media/short/960.jpg`,
      `/media/${ID}/sub/960.jpg`,
      'data:image/png;base64,AA',
    ]) {
      expect(toMediaUrl(odd)).toBe(odd);
    }
  });
});

describe('the cabana-media: handler against the real server', () => {
  let server: TestServer;
  let token: string;
  let source: MediaSource | null;
  const handle = createMediaHandler({ source: () => source });

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.loginToken();
  });
  afterAll(() => server.close());

  it('streams a published photo from the configured server, as the server sent it', { timeout: 60_000 }, async () => {
    const api = createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => token });
    const photo = await makePhoto({ width: 1200, height: 800, seed: 11 });
    const image = await api.uploadImage(
      { data: photo, fileName: 'muelle.jpg', type: 'image/jpeg' },
      { title: 'Muelle' },
    );
    source = { serverUrl: server.url, token };

    const url = toMediaUrl(image.secure_url);
    expect(url).toMatch(new RegExp(`^cabana-media://server/${image.id}/\\d+\\.jpg$`));
    const res = await handle(get(url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const direct = await fetch(new URL(image.secure_url, server.url));
    expect(res.headers.get('cache-control')).toBe(direct.headers.get('cache-control'));
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
    for (const variant of image.variants) {
      const v = await handle(get(toMediaUrl(variant.url)));
      expect(v.status, variant.url).toBe(200);
      expect(v.headers.get('content-type'), variant.url).toBe(`image/${variant.format}`);
      await v.arrayBuffer();
    }
  });

  it('shows the admin a pending photo through the link the admin list gave', { timeout: 60_000 }, async () => {
    const api = createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => token });
    const photo = await makePhoto({ width: 800, height: 600, seed: 12 });
    ImageSchema.parse(
      await uploadMultipart(
        `${server.apiUrl}/imagenes/upload`,
        null,
        { data: photo, fileName: 'visita.jpg', type: 'image/jpeg' },
        { title: 'De un huésped' },
      ),
    );
    const [pending] = await api.listPendingImages();
    expect(pending?.title).toBe('De un huésped');
    source = { serverUrl: server.url, token };
    const res = await handle(get(toMediaUrl(pending!.secure_url)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    await res.arrayBuffer();
  });

  it('answers nothing but the server’s photos: bad names, other hosts, writes, no server', async () => {
    source = { serverUrl: server.url, token };
    const statuses = async (urls: string[]) => Promise.all(urls.map(async (u) => (await handle(get(u))).status));
    expect(
      await statuses([
        `cabana-media://server/${ID}/960.jpg`, // well formed, no such photo
        'cabana-media://server/../api/precioPersona/precio',
        `cabana-media://server/${ID}/960.svg`,
        `cabana-media://server/${ID}%2F..%2F..%2Fapi/960.jpg`,
        `cabana-media://server/${ID}/960.jpg/extra`,
        `cabana-media://evil.example/${ID}/960.jpg`,
        `cabana-media://server/${ID}/960.jpg?${'x'.repeat(600)}`,
        `https://server/${ID}/960.jpg`,
      ]),
    ).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect((await handle(get(`cabana-media://server/${ID}/960.jpg`, { method: 'POST', body: 'x' }))).status).toBe(405);
    expect((await handle(get(`cabana-media://server/${ID}/960.jpg`, { method: 'HEAD' }))).status).toBe(405);
    source = null;
    expect((await handle(get(`cabana-media://server/${ID}/960.jpg`))).status).toBe(404);
    source = { serverUrl: `http://127.0.0.1:${await closedPort()}`, token: null };
    expect((await handle(get(`cabana-media://server/${ID}/960.jpg`))).status).toBe(502);
  });
});

describe('the cabana-media: handler, seen from the server side', () => {
  const seen: { url: string; authorization?: string }[] = [];
  let reply: (res: http.ServerResponse) => void = () => undefined;
  let origin = '';
  const upstream = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    reply(res);
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('asks the configured server (path included) with the link’s query and the token', async () => {
    reply = (res) =>
      res.writeHead(200, { 'content-type': 'image/webp', 'cache-control': 'private, no-store' }).end('W');
    const handle = createMediaHandler({ source: () => ({ serverUrl: `${origin}/cabana`, token: 'tok-123' }) });
    seen.length = 0;
    const res = await handle(get(`cabana-media://server/${ID}/480.webp?acceso=1767225600.sig`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toBe('W');
    expect(seen).toEqual([
      { url: `/cabana/media/${ID}/480.webp?acceso=1767225600.sig`, authorization: 'Bearer tok-123' },
    ]);

    const signedOut = createMediaHandler({ source: () => ({ serverUrl: origin, token: null }) });
    seen.length = 0;
    await (await signedOut(get(`cabana-media://server/${ID}/480.webp`))).arrayBuffer();
    expect(seen).toEqual([{ url: `/media/${ID}/480.webp`, authorization: undefined }]);
  });

  it('passes on no redirect (the token would follow it) and no body that is not an image', async () => {
    const handle = createMediaHandler({ source: () => ({ serverUrl: origin, token: 'tok-123' }) });
    seen.length = 0;
    reply = (res) => res.writeHead(302, { location: `${origin}/elsewhere` }).end();
    expect((await handle(get(`cabana-media://server/${ID}/960.jpg`))).status).toBe(502);
    expect(seen.map((s) => s.url)).toEqual([`/media/${ID}/960.jpg`]);

    for (const type of ['text/html', 'image/svg+xml', 'application/json']) {
      reply = (res) => res.writeHead(200, { 'content-type': type }).end('<svg onload="alert(1)"/>');
      const res = await handle(get(`cabana-media://server/${ID}/960.jpg`));
      expect(res.status, type).toBe(502);
      expect(await res.text(), type).toBe('');
    }
    reply = (res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no"}');
    expect((await handle(get(`cabana-media://server/${ID}/960.jpg`))).status).toBe(404);
    reply = (res) => res.writeHead(500).end();
    expect((await handle(get(`cabana-media://server/${ID}/960.jpg`))).status).toBe(502);
  });
});
