import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@cabana/shared/schemas/image';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';

/** Issue 12, item 4 (pending photos are the admin's alone) and item 14 (`uploaded_by` is not public). */
describe('photos waiting for approval', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
  });
  afterAll(() => s.close());

  const get = (url: string) => fetch(new URL(url, s.url));
  const pendingList = async () =>
    (await (await json(s, 'GET', '/imagenes/pendientes', undefined, bearer(admin))).json()) as Image[];

  it('are not served to the public, only through the signed links of the admin’s list, never cached', async () => {
    const sent = (await (
      await upload(s, await jpegWithGps(500, 400), { fields: { title: 'Atardecer', uploaded_by: 'Ana' } })
    ).json()) as Image;
    expect(sent.status).toBe('pending');
    for (const v of sent.variants) expect((await get(v.url)).status, v.url).toBe(404);
    expect((await get(sent.secure_url)).status).toBe(404);

    const [listed] = await pendingList();
    expect(listed!.id).toBe(sent.id);
    expect(listed!.secure_url).toMatch(/\?acceso=\d+\.[A-Za-z0-9_-]{22}$/);
    for (const v of listed!.variants) {
      const res = await get(v.url);
      expect(res.status, v.url).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    // A signature is bound to its image and cannot be forged.
    const [, signature] = listed!.secure_url.split('?acceso=') as [string, string];
    const forged = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(`${sent.secure_url}?acceso=${forged}`)).status).toBe(404);
    const other = (await (await upload(s, await jpegWithGps(300, 200))).json()) as Image;
    expect((await get(`${other.secure_url}?acceso=${signature}`)).status).toBe(404);
    const expired = `1000000000.${signature.split('.')[1]}`;
    expect((await get(`${sent.secure_url}?acceso=${expired}`)).status).toBe(404);
  });

  it('once approved are public, cached by shared caches only briefly so a delete withdraws them', async () => {
    const sent = (await (await upload(s, await jpegWithGps(400, 300))).json()) as Image;
    expect((await json(s, 'POST', `/imagenes/${sent.id}/aprobar`, undefined, bearer(admin))).status).toBe(200);
    const res = await get(sent.secure_url);
    expect(res.status).toBe(200);
    const cache = res.headers.get('cache-control')!;
    expect(cache).toMatch(/(^|, )public(,|$)/);
    expect(cache).toMatch(/s-maxage=600/);
    expect((await json(s, 'DELETE', `/imagenes/${sent.id}`, undefined, bearer(admin))).status).toBe(204);
    expect((await get(sent.secure_url)).status).toBe(404);
  });

  it('show who sent them to the admin only', async () => {
    const sent = (await (
      await upload(s, await jpegWithGps(400, 300), { fields: { title: 'Playa', uploaded_by: 'María de Tolú' } })
    ).json()) as Image;
    // The sender gets back what they sent.
    expect(sent.uploaded_by).toBe('María de Tolú');
    expect((await pendingList()).find((i) => i.id === sent.id)!.uploaded_by).toBe('María de Tolú');
    await json(s, 'POST', `/imagenes/${sent.id}/aprobar`, undefined, bearer(admin));
    const publicList = await (await json(s, 'GET', '/imagenes')).text();
    expect(publicList).toContain(sent.id);
    expect(publicList).not.toContain('María de Tolú');
    expect(publicList).not.toContain('uploaded_by');
    const adminList = (await (await json(s, 'GET', '/imagenes', undefined, bearer(admin))).json()) as Image[];
    expect(adminList.find((i) => i.id === sent.id)!.uploaded_by).toBe('María de Tolú');
  });
});
