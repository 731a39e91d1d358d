import { readFile, readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, type PanelRouteName } from '@cabana/shared/api/contract';
import { fillPath, type RouteSpec } from '@cabana/shared/api/route';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import { uploadMultipart } from '../electron/lib/api-client';
import {
  createDesktopService,
  PATH_NOT_GRANTED,
  SESSION_ENDED,
  type DesktopService,
} from '../electron/lib/desktop-service';
import { createIpcHandlers } from '../electron/lib/ipc-handlers';
import { INVALID_ARGS } from '../electron/main/ipc';
import { IPC } from '../contract/ipc';
import { createFakeSafeStorage } from './helpers/fake-safe-storage';
import { makePhoto } from './helpers/photos';
import { startTestServer, type TestServer } from '../../test-support/server';
import { tempDir } from './helpers/temp';
import { closedPort } from '../../test-support/ports';
import { apiCaller, ipcCaller, ipcSender, registerOnFakeIpcMain } from './helpers/ipc';
import { externalHostsFor, isAllowedExternalUrl } from '../electron/main/security';

describe('desktop service (what main does for the renderer) against the real server', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => Promise<void>;
  const safe = createFakeSafeStorage();
  const make = (over: Partial<Parameters<typeof createDesktopService>[0]> = {}) =>
    createDesktopService({ userDataDir: dir, safeStorage: safe, pushIntervalMs: 0, ...over });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  /** The token as stored on disk, decrypted with the (fake) keychain: what only main can read. */
  async function storedToken(): Promise<string> {
    const file = JSON.parse(await readFile(path.join(dir, 'session.bin'), 'utf8')) as { encrypted: string };
    return (JSON.parse(safe.decryptString(Buffer.from(file.encrypted, 'base64'))) as { token: string }).token;
  }

  it('remembers the server, signs in with a token it never hands out, restores it next run', async () => {
    const service = make();
    await service.init();
    expect(await service.getConnection()).toEqual({ serverUrl: null, canRememberSession: true });
    await expect(service.login(server.admin.email, server.admin.password)).rejects.toMatchObject({ status: 400 });

    const port = await closedPort();
    await expect(service.setServer(`http://127.0.0.1:${port}`)).rejects.toMatchObject({
      status: 0,
      message: `No pudimos conectar con http://127.0.0.1:${port}. Revisa la dirección y tu conexión a internet.`,
    });
    await expect(service.setServer('ftp://x')).rejects.toMatchObject({ status: 400 });
    expect(await service.setServer(`${server.url}/`)).toEqual({ serverUrl: server.url, canRememberSession: true });

    await expect(service.login(server.admin.email, 'mala')).rejects.toMatchObject({ status: 401 });
    const session = await service.login(server.admin.email, server.admin.password);
    expect(Object.keys(session).sort()).toEqual(['email', 'expiresAt']);
    const token = await storedToken();
    expect(JSON.stringify(session)).not.toContain(token);
    expect(await readFile(path.join(dir, 'session.bin'), 'utf8')).not.toContain(token);

    const next = make();
    await next.init();
    expect(await next.getConnection()).toMatchObject({ serverUrl: server.url });
    expect(await next.getSession()).toMatchObject({ email: server.admin.email });
    expect(typeof (await next.callApi('getPrice')).precio).toBe('number');
  });

  it('sign out revokes the token on the server', async () => {
    const service = make();
    await service.init();
    await service.setServer(server.url);
    await service.login(server.admin.email, server.admin.password);
    const token = await storedToken();
    expect(await service.logout()).toEqual({ revoked: true });
    expect(await readdir(dir)).not.toContain('session.bin');
    const res = await fetch(`${server.apiUrl}/sesion`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(await service.getSession()).toBeNull();
    await expect(service.callApi('getPrice')).rejects.toMatchObject({ status: 401, message: SESSION_ENDED });
  });

  it('a token revoked elsewhere sends the owner back to sign-in', async () => {
    const here = make();
    await here.init();
    await here.setServer(server.url);
    await here.login(server.admin.email, server.admin.password);
    const elsewhere = make();
    await elsewhere.init();
    await elsewhere.logout();
    await expect(here.callApi('listEnquiries')).rejects.toMatchObject({ status: 401, message: SESSION_ENDED });
    expect(await here.getSession()).toBeNull();
  });

  it("is not slowed by strangers' guesses once it has signed in, even after signing out (issue 19 item 8)", async () => {
    const guarded = await startTestServer({ env: { TRUST_PROXY: 'true', LOGIN_SLOWDOWN_AFTER: '2' } });
    try {
      const guard = guarded.running.deps.limiters.login;
      const service = make();
      await service.init();
      await service.setServer(guarded.url);
      await service.login(guarded.admin.email, guarded.admin.password);
      await service.logout();
      // The proof is kept encrypted, apart from the (now forgotten) session.
      expect((await readdir(dir)).sort()).toEqual(['device.bin', 'settings.json']);
      expect(await readFile(path.join(dir, 'device.bin'), 'utf8')).not.toMatch(/"device"/);
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${guarded.apiUrl}/sesion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i + 1}` },
          body: JSON.stringify({ email: guarded.admin.email, password: `mal ${i}` }),
        });
        expect(res.status).toBe(401);
      }
      const slowed = guard.slowed.attempts;
      expect(slowed).toBeGreaterThan(0);
      // A new run of the app, as after a restart.
      const next = make();
      await next.init();
      await next.login(guarded.admin.email, guarded.admin.password);
      expect(guard.slowed.attempts).toBe(slowed);
    } finally {
      await guarded.close();
    }
  });

  it('without OS encryption the session lasts this run only, never written in plain text', async () => {
    const service = make({ safeStorage: createFakeSafeStorage({ available: false }) });
    await service.init();
    await service.setServer(server.url);
    expect((await service.getConnection()).canRememberSession).toBe(false);
    await service.login(server.admin.email, server.admin.password);
    expect(await service.getSession()).toMatchObject({ email: server.admin.email });
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it(
    'uploads from the panel with progress, downscaled, and answers cabana-media: image URLs',
    { timeout: 90_000 },
    async () => {
      const progress: number[] = [];
      const service = make({ onImageUploadProgress: (p) => progress.push(p.fraction) });
      await service.init();
      await service.setServer(server.url);
      await service.login(server.admin.email, server.admin.password);
      const photo = await makePhoto({ width: 3200, height: 2400, seed: 5 });
      const image = await service.uploadImage({
        uploadId: 'u1',
        fileName: 'terraza.jpg',
        bytes: new Uint8Array(photo),
        title: 'Terraza',
        description: '',
      });
      // No network URL reaches the page: main answers cabana-media: itself, from the configured server.
      expect(image.secure_url).toMatch(new RegExp(`^cabana-media://server/${image.id}/\\d+\\.jpg$`));
      expect(image.variants.every((v) => v.url.startsWith(`cabana-media://server/${image.id}/`))).toBe(true);
      expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(2560);
      expect(progress.at(-1)).toBe(1);
      const media = await service.handleMediaRequest(new Request(image.secure_url));
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/jpeg');
      await media.arrayBuffer();
      await expect(
        service.uploadImage({
          uploadId: 'u2',
          fileName: 'a.html',
          bytes: new TextEncoder().encode('<html>'),
          title: 'x',
          description: '',
        }),
      ).rejects.toMatchObject({ status: 415 });
      const tooBig = new Uint8Array(26 * 1024 * 1024);
      tooBig.set([0xff, 0xd8, 0xff]);
      await expect(
        service.uploadImage({ uploadId: 'u3', fileName: 'enorme.jpg', bytes: tooBig, title: 'x', description: '' }),
      ).rejects.toMatchObject({
        status: 413,
        message: 'La foto pesa 26 MB; el máximo es 25 MB.',
      });
      const listed = await service.callApi('listImages');
      expect(listed.find((i) => i.id === image.id)?.secure_url).toBe(image.secure_url);
    },
  );

  it("settings and photo order go through the contract; the link allowlist follows the server's settings", async () => {
    const service: DesktopService = make();
    await service.init();
    await service.setServer(server.url);
    const handles = registerOnFakeIpcMain(createIpcHandlers(service));
    const call = ipcCaller(handles);
    const api = apiCaller(handles);
    expect(await api('getSettings')).toMatchObject({ ok: false, error: { status: 401 } });
    await service.login(server.admin.email, server.admin.password);
    const allowed = (url: string) => isAllowedExternalUrl(url, null, externalHostsFor(service.currentSettings()));
    expect(allowed('https://www.tiktok.com/@brisasdelgolfotolu')).toBe(true);
    expect(allowed('https://www.youtube.com/@brisas')).toBe(false);

    const read = await api('getSettings');
    expect(read).toMatchObject({ ok: true, value: { whatsappNumber: '573005550142' } });
    // The row's rules and Spanish messages reach the panel as data, field by field.
    const refused = await api('updateSettings', { whatsappNumber: '+57 300', rnt: 'x' });
    expect(refused).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION' } });
    const fields = (refused as { error: { fields?: Record<string, string> } }).error.fields;
    expect(fields?.whatsappNumber).toMatch(/dígitos/);
    expect(fields?.rnt).toMatch(/RNT/);
    expect(await call('apiCall', { name: 'updateSettings', input: 'todo' })).toMatchObject({
      ok: false,
      error: { status: 400 },
    });
    const saved = await api('updateSettings', {
      socials: [{ name: 'YouTube', url: 'https://www.youtube.com/@brisas' }],
    });
    expect(saved).toMatchObject({ ok: true, value: { socials: [{ name: 'YouTube' }] } });
    // A network the owner dropped is no longer a way out of the app; the one added is.
    expect(allowed('https://www.youtube.com/@brisas')).toBe(true);
    expect(allowed('https://www.tiktok.com/@brisasdelgolfotolu')).toBe(false);
    expect(allowed('https://wa.me/573005550142')).toBe(true);

    const ids = (await service.callApi('listImages')).map((i) => i.id).reverse();
    const ordered = await api('setImageOrder', { ids });
    expect(ordered).toMatchObject({ ok: true });
    expect((ordered as { value: { id: string }[] }).value.map((i) => i.id)).toEqual(ids);
    expect(await api('setImageOrder', { ids: ['no-existe'] })).toMatchObject({ ok: false, error: { status: 400 } });
    await fetch(`${server.apiUrl}/ajustes`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await storedToken()}` },
      body: JSON.stringify({ socials: [{ name: 'TikTok', url: 'https://www.tiktok.com/@brisasdelgolfotolu' }] }),
    });
  });

  it(
    'every panel row that answers photos answers cabana-media: URLs, never the server’s',
    { timeout: 60_000 },
    async () => {
      const service = make();
      await service.init();
      await service.setServer(server.url);
      await service.login(server.admin.email, server.admin.password);
      const api = apiCaller(registerOnFakeIpcMain(createIpcHandlers(service)));
      // A guest's photo, pending until the owner approves it.
      const guest = ImageSchema.parse(
        await uploadMultipart(
          `${server.apiUrl}/imagenes/upload`,
          null,
          { data: await makePhoto({ width: 640, height: 480, seed: 41 }), fileName: 'huesped.jpg', type: 'image/jpeg' },
          { title: 'Desde la playa' },
        ),
      );
      const answers: Image[][] = [];
      const images = async (name: PanelRouteName, input?: unknown): Promise<Image[]> => {
        const result = await api(name, input);
        if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`);
        const list = [result.value].flat() as Image[];
        answers.push(list);
        return list;
      };

      expect((await images('listPendingImages')).map((i) => i.id)).toContain(guest.id);
      expect((await images('approveImage', { id: guest.id }))[0]?.status).toBe('published');
      expect((await images('updateImage', { id: guest.id, title: 'Atardecer en la playa' }))[0]?.title).toBe(
        'Atardecer en la playa',
      );
      const published = await images('listImages');
      expect(published.map((i) => i.id)).toContain(guest.id);
      await images('setImageOrder', { ids: published.map((i) => i.id).reverse() });
      expect(answers).toHaveLength(5);
      expect(answers.every((list) => list.length > 0)).toBe(true);
      const urls = answers.flat().flatMap((i) => [i.secure_url, ...i.variants.map((v) => v.url)]);
      for (const url of urls) expect(url).toMatch(/^cabana-media:\/\/server\/[A-Za-z0-9_-]{16}\/[^/]+$/);
      // Each still shows: main answers it from the configured server.
      const media = await service.handleMediaRequest(new Request(answers[1]![0]!.secure_url));
      expect(media.status).toBe(200);
      await media.arrayBuffer();
    },
  );

  it('refuses a panel call its row refuses as the server would, before it leaves', { timeout: 60_000 }, async () => {
    const here = make();
    await here.init();
    await here.setServer(server.url);
    await here.login(server.admin.email, server.admin.password);
    const api = apiCaller(registerOnFakeIpcMain(createIpcHandlers(here)));
    // The server's own answer to the same request, from a session of its own.
    const login = await fetch(`${server.apiUrl}/sesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.admin.email, password: server.admin.password, token: true }),
    });
    const { token: reference } = (await login.json()) as { token: string };
    const serverAnswer = async (name: PanelRouteName, input: Record<string, unknown>) => {
      const spec: RouteSpec = API[name];
      const { path: target, rest } = fillPath(spec, input);
      const res = await fetch(server.apiUrl + target, {
        method: spec.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reference}` },
        body: spec.body === undefined ? undefined : JSON.stringify(rest),
      });
      const body = (await res.json()) as { error: string; code: string; fields?: Record<string, string> };
      return {
        status: res.status,
        code: body.code,
        message: body.error,
        ...(body.fields ? { fields: body.fields } : {}),
      };
    };
    // Another run of the app signs out: this one's token is now dead on the server, so any of
    // these owner's calls that reached it would come back 401.
    const elsewhere = make();
    await elsewhere.init();
    await elsewhere.logout();

    const valid = 'AAAAAAAAAAAAAAAA';
    const season = { name: 'Alta', start: '2027-01-10', end: '2027-01-20', pricePerPerson: Number.NaN, minNights: 2 };
    const cases: [PanelRouteName, Record<string, unknown>][] = [
      ['setPrice', { precio: '12abc' }],
      ['setPrice', {}],
      ['setPrice', { precio: -5 }],
      ['updateSettings', { whatsappNumber: '+57 300', rnt: 'x' }],
      ['updateSettings', { favicon: 'x' }],
      ['setEnquiryStatus', { id: valid, status: 'rara' }],
      // A malformed id is an unknown one (404), whatever the body says.
      ['setEnquiryStatus', { id: 'no-existe', status: 'rara' }],
      ['deleteImage', { id: '../../etc/passwd' }],
      ['approveImage', { id: 'corto' }],
      ['updateImage', { id: valid }],
      ['addBlock', { start: '2027-02-10', end: '2027-02-08', note: '' }],
      ['addFeed', { name: '', url: 'ftp://x' }],
      // A number typed wrong travels as JSON's null, as from the web.
      ['setSeasons', { seasons: [season], baseMinNights: 1 }],
      ['setImageOrder', { ids: 'todas' }],
      ['deleteEnquiries', { ids: [] }],
      ['deleteFeed', { id: 'x'.repeat(300) }],
    ];
    for (const [name, input] of cases) {
      const expected = await serverAnswer(name, input);
      expect([400, 404], `${name} ${JSON.stringify(expected)}`).toContain(expected.status);
      expect(await api(name, input), `${name} ${JSON.stringify(input)}`).toEqual({ ok: false, error: expected });
    }
    // A field given to a row that takes none is refused too, rather than sent for the server to ignore.
    expect(await api('getPrice', { sneaky: true })).toEqual({
      ok: false,
      error: {
        status: 400,
        code: 'VALIDATION',
        message: 'Campo no permitido.',
        fields: { sneaky: 'Campo no permitido.' },
      },
    });
    // None of them reached the server, which answers 401 before it reads an owner's request with a
    // dead token: the first call that does reach it meets that answer.
    expect(await api('listEnquiries')).toEqual({
      ok: false,
      error: { status: 401, code: 'UNAUTHENTICATED', message: SESSION_ENDED },
    });
  });

  it('passes on no answer its row does not describe', async () => {
    // A server of another version (or something else at that address) answering the right paths
    // with the wrong shapes: the real server, checked against the contract in every test, cannot.
    const wrong = http.createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const target = req.url?.split('?')[0];
      if (target === '/api/health') send(200, { ok: true });
      else if (target === '/api/sesion' && req.method === 'POST')
        send(200, { email: 'dueno@example.com', expiresAt: '2027-01-01T00:00:00.000Z', token: 't'.repeat(43) });
      else if (target === '/api/precioPersona/precio') send(200, { precio: 'mucho' });
      else if (target === '/api/imagenes') send(200, [{ id: 'x', secure_url: 'https://evil.example/x.jpg' }]);
      else if (target === '/api/ajustes')
        send(200, { name: 'Otro', socials: [{ name: 'X', url: 'https://evil.example/' }] });
      else send(404, { error: 'No encontramos lo que buscas.', code: 'NOT_FOUND' });
    });
    await new Promise<void>((resolve) => wrong.listen(0, '127.0.0.1', resolve));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const service = make();
      await service.init();
      await service.setServer(`http://127.0.0.1:${(wrong.address() as AddressInfo).port}`);
      await service.login('dueno@example.com', 'clave');
      const api = apiCaller(registerOnFakeIpcMain(createIpcHandlers(service)));
      const unexpected = {
        ok: false,
        error: { status: 500, code: 'INTERNAL', message: 'Ocurrió un error inesperado en la aplicación.' },
      };
      expect(await api('getPrice')).toEqual(unexpected);
      expect(await api('listImages')).toEqual(unexpected);
      expect(await api('getSettings')).toEqual(unexpected);
      // Settings that broke the contract are not kept for the link allowlist.
      expect(service.currentSettings()).toBeNull();
      expect(logged).toHaveBeenCalledTimes(3);
    } finally {
      logged.mockRestore();
      await new Promise((resolve) => wrong.close(resolve));
    }
  });

  it('IPC handlers validate every argument and wrap errors as data', async () => {
    const service: DesktopService = make();
    await service.init();
    await service.setServer(server.url);
    const handles = registerOnFakeIpcMain(createIpcHandlers(service));
    expect([...handles.keys()].sort()).toEqual(
      Object.values(IPC)
        .map((e) => e.channel)
        .sort(),
    );
    const call = ipcCaller(handles);
    const api = apiCaller(handles);
    const invalid = { ok: false, error: { status: 400, code: 'VALIDATION', message: INVALID_ARGS } };

    expect(await call('login', { email: 'a', password: 'b', token: 'x' })).toEqual(invalid);
    expect(await call('login', 'admin')).toEqual(invalid);
    expect(await call('apiCall', { name: 'setPrice', input: '12abc' })).toEqual(invalid);
    expect(await call('apiCall', { name: 'login', input: { email: 'a', password: 'b' } })).toEqual(invalid);
    expect(
      await call('uploadImage', {
        uploadId: 'x',
        fileName: 'a.jpg',
        bytes: 'AAAA',
        title: 't',
        description: '',
      }),
    ).toEqual(invalid);
    const absurd = {
      uploadId: 'x',
      fileName: 'a.jpg',
      bytes: new Uint8Array(51 * 1024 * 1024),
      title: 't',
      description: '',
    };
    expect(await call('uploadImage', absurd)).toEqual(invalid);
    expect(await call('addUploadPaths', { paths: [] })).toEqual(invalid);
    expect(await call('addUploadPaths', { paths: [42] })).toEqual(invalid);
    expect(await call('apiCall', { name: 'getPrice', sneaky: true })).toEqual(invalid);
    expect(await call('getConnection', { sneaky: true })).toEqual(invalid);
    expect(await call('setServer', { serverUrl: 'x'.repeat(3000) })).toEqual(invalid);

    // Valid shape, refused by the service, the row or the server: still a Spanish message, as data.
    expect(await api('getPrice')).toMatchObject({ ok: false, error: { status: 401, message: SESSION_ENDED } });
    const login = await call('login', { email: server.admin.email, password: server.admin.password });
    expect(login).toMatchObject({ ok: true, value: { email: server.admin.email } });
    expect(JSON.stringify(login)).not.toContain(await storedToken());
    expect(await api('setPrice', { precio: '12abc' })).toMatchObject({
      ok: false,
      error: { status: 400, code: 'VALIDATION', fields: { precio: expect.any(String) as string } },
    });
    expect(await api('setPrice', { precio: -5 })).toMatchObject({
      ok: false,
      error: { status: 400, code: 'VALIDATION' },
    });
    expect(await api('setPrice', { precio: 95_000 })).toEqual({ ok: true, value: { precio: 95_000 } });
    expect(await api('getPrice')).toEqual({ ok: true, value: { precio: 95_000 } });
    const noSuchImage = { ok: false, error: { status: 404, code: 'NOT_FOUND', message: 'No encontramos esa imagen.' } };
    expect(await api('deleteImage', { id: '../../etc/passwd' })).toEqual(noSuchImage);
    expect(await api('deleteImage', { id: '' })).toEqual(noSuchImage);
    expect(await api('deleteImage', { id: 'AAAAAAAAAAAAAAAA' })).toEqual(noSuchImage);
    expect(await call('setUploadTitle', { id: 'nope', title: 'x' })).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
  });

  it('queue events reach the listener and the queue works through the handlers', { timeout: 60_000 }, async () => {
    const pushed: number[] = [];
    const thumbnails: string[] = [];
    let thumbnailsInSnapshots = 0;
    const service = make({
      onQueueChange: (s) => {
        pushed.push(s.overall.done);
        thumbnailsInSnapshots += s.items.filter((i) => i.thumbnail).length;
      },
      onUploadThumbnail: (t) => thumbnails.push(t.id),
    });
    await service.init();
    await service.setServer(server.url);
    const handles = registerOnFakeIpcMain(createIpcHandlers(service));
    const call = ipcCaller(handles);
    const folder = path.join(dir, 'fotos');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(folder);
    for (let i = 0; i < 4; i++)
      await writeFile(path.join(folder, `foto-${i}.jpg`), await makePhoto({ width: 320, height: 240, seed: i }));
    expect(await call('startUploads')).toMatchObject({ ok: false, error: { status: 401 } });
    await service.login(server.admin.email, server.admin.password);
    // A folder the page merely names is refused; once the preload reports it dropped, it is taken.
    expect(await call('addUploadPaths', { paths: [folder] })).toEqual({
      ok: false,
      error: { status: 403, code: 'FORBIDDEN', message: PATH_NOT_GRANTED },
    });
    ipcSender(handles)('droppedPath', [folder]);
    expect(await call('addUploadPaths', { paths: [folder] })).toEqual({
      ok: true,
      value: { added: 4, skipped: 0 },
    });
    expect(await call('startUploads')).toEqual({ ok: true, value: undefined });
    // Changing servers mid-run is refused as a conflict with the run, not as bad input.
    await expect(service.setServer(server.url)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    await service.uploadsIdle();
    await new Promise((r) => setTimeout(r, 20));
    expect(pushed.at(-1)).toBe(4);
    expect(thumbnailsInSnapshots).toBe(0);
    expect(thumbnails).toHaveLength(4);
    expect(new Set(thumbnails).size).toBe(4);
    const snap = await call('getUploads');
    expect(snap).toMatchObject({ ok: true, value: { summary: { uploaded: 4, failed: 0 } } });
  });

  it('adds only paths that were dropped or picked, never others the renderer names', async () => {
    const { mkdir } = await import('node:fs/promises');
    const picked = path.join(dir, 'elegidas');
    const secret = path.join(dir, 'privadas');
    await mkdir(picked);
    await mkdir(secret);
    await writeFile(path.join(picked, 'playa.jpg'), await makePhoto({ width: 320, height: 240, seed: 3 }));
    await writeFile(path.join(secret, 'pasaporte.jpg'), await makePhoto({ width: 320, height: 240, seed: 4 }));
    const service = make({ pickPaths: () => Promise.resolve([picked]) });
    await service.init();
    const refused = { status: 403, code: 'FORBIDDEN', message: PATH_NOT_GRANTED };

    await expect(service.addUploadPaths([secret])).rejects.toMatchObject(refused);
    await expect(service.addUploadPaths([path.join(secret, 'pasaporte.jpg')])).rejects.toMatchObject(refused);
    expect(await service.pickUploadFiles(true)).toEqual({ added: 1, skipped: 0 });
    // What the picker returned may come back (here as a duplicate); a file beside it, or a path dressed up to reach it, may not.
    expect(await service.addUploadPaths([`${picked}/./`])).toEqual({ added: 0, skipped: 1 });
    await expect(service.addUploadPaths([picked, secret])).rejects.toMatchObject(refused);
    await expect(service.addUploadPaths([path.join(picked, '..', 'privadas')])).rejects.toMatchObject(refused);
    service.grantDroppedPath(path.join(secret, 'pasaporte.jpg'));
    await expect(service.addUploadPaths([secret])).rejects.toMatchObject(refused);
    expect(await service.addUploadPaths([path.join(secret, 'pasaporte.jpg')])).toEqual({ added: 1, skipped: 0 });
    expect(
      service
        .getUploads()
        .items.map((i) => i.name)
        .sort(),
    ).toEqual(['pasaporte.jpg', 'playa.jpg']);
  });
});
