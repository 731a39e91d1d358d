import net from 'node:net';
import { closedPort } from '../../test-support/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@cabana/shared/api/errors';
import {
  createDesktopApiClient,
  UPLOAD_CANCELLED_MESSAGE,
  UPLOAD_STALLED_MESSAGE,
  uploadMultipart,
} from '../electron/lib/api-client';
import { makePhoto } from './helpers/photos';
import { startTestServer, type TestServer } from '../../test-support/server';

describe('desktop API client against the real server', () => {
  let server: TestServer;
  let token: string | null = null;
  const client = () => createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => token });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('signs in for a bearer token and uses it', async () => {
    await expect(client().loginForToken(server.admin.email, 'contraseña equivocada')).rejects.toMatchObject({
      status: 401,
    });
    const session = await client().loginForToken(server.admin.email, server.admin.password);
    expect(session.token.length).toBeGreaterThanOrEqual(22);
    token = session.token;
    expect((await client().getSession()).email).toBe(server.admin.email);
    expect(typeof (await client().getPrice()).precio).toBe('number');
  });

  it('uploads a photo as multipart with byte progress up to the whole body', { timeout: 90_000 }, async () => {
    const photo = await makePhoto({ width: 1600, height: 1200, seed: 3 });
    const progress: [number, number][] = [];
    const image = await client().uploadImage(
      { data: photo, fileName: 'muelle "norte".jpg', type: 'image/jpeg' },
      { title: 'Muelle al atardecer', description: 'Vista desde la terraza' },
      { onProgress: (sent, total) => progress.push([sent, total]) },
    );
    expect(image).toMatchObject({
      title: 'Muelle al atardecer',
      description: 'Vista desde la terraza',
      status: 'published',
    });
    expect(progress.length).toBeGreaterThan(3);
    const total = progress[0]![1];
    expect(total).toBeGreaterThan(photo.length);
    expect(progress.every(([, t]) => t === total)).toBe(true);
    expect(progress.map(([s]) => s)).toEqual([...progress.map(([s]) => s)].sort((a, b) => a - b));
    expect(progress.at(-1)![0]).toBe(total);
    expect((await client().listImages()).map((i) => i.id)).toContain(image.id);
  });

  it('deletes an image: the server answers 204 with no body and the client resolves with nothing', async () => {
    const image = await client().uploadImage(
      { data: await makePhoto({ width: 320, height: 240, seed: 5 }), fileName: 'borrar.jpg', type: 'image/jpeg' },
      { title: 'Para borrar' },
    );
    await expect(client().deleteImage({ id: image.id })).resolves.toBeUndefined();
    expect((await client().listImages()).map((i) => i.id)).not.toContain(image.id);
    await expect(client().deleteImage({ id: image.id })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('reports the server’s Spanish refusals: non-image (415), an unknown token (401)', async () => {
    const bogus = {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      fileName: 'x.jpg',
      type: 'image/jpeg',
    };
    const refused = await client()
      .uploadImage(bogus, { title: 'x' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(415);
    expect((refused as ApiError).message).toMatch(/[áéíóúñ]|imagen/i);

    const anonymous = createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => 'token-inventado' });
    const photo = await makePhoto({ width: 64, height: 64 });
    // A token the server does not know must not turn into an anonymous pending upload.
    await expect(
      anonymous.uploadImage({ data: photo, fileName: 'a.jpg', type: 'image/jpeg' }, { title: 'a' }),
    ).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/sesión/) as string,
    });
    expect(await client().listPendingImages()).toEqual([]);
    await expect(anonymous.getPrice().then(() => anonymous.listPendingImages())).rejects.toMatchObject({ status: 401 });
  });

  it('aborts an upload in flight and leaves nothing on the server', { timeout: 90_000 }, async () => {
    const before = (await client().listImages()).length;
    const photo = await makePhoto({ width: 3000, height: 2000, seed: 9, quality: 98 });
    const controller = new AbortController();
    const err = await client()
      .uploadImage(
        { data: photo, fileName: 'grande.jpg', type: 'image/jpeg' },
        { title: 'Grande' },
        {
          signal: controller.signal,
          onProgress: (sent, total) => {
            if (sent > total / 4) controller.abort();
          },
        },
      )
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'CANCELLED', message: UPLOAD_CANCELLED_MESSAGE });
    expect((await client().listImages()).length).toBe(before);
  });

  it('gives a Spanish network error when nobody answers, and a stall error when the link freezes', async () => {
    const closed = await closedPort();
    const dead = createDesktopApiClient({ apiUrl: `http://127.0.0.1:${closed}/api`, getToken: () => 't' });
    await expect(dead.getPrice()).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    await expect(
      dead.uploadImage(
        { data: Buffer.from([0xff, 0xd8, 0xff]), fileName: 'a.jpg', type: 'image/jpeg' },
        { title: 'a' },
      ),
    ).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });

    // A server that takes the connection and then never answers, like a rural link that froze.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      await expect(
        uploadMultipart(
          `http://127.0.0.1:${port}/api/imagenes/upload`,
          't',
          { data: Buffer.alloc(1000, 1), fileName: 'a.jpg', type: 'image/jpeg' },
          {},
          { idleTimeoutMs: 300 },
        ),
      ).rejects.toMatchObject({ status: 0, message: UPLOAD_STALLED_MESSAGE });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
