import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, sameSite, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { readStoredData, writeStoredData } from '../../test-support/data-folder';

const titles = async (s: TestServer) =>
  ((await (await json(s, 'GET', '/imagenes')).json()) as Image[]).map((i) => i.title);

describe("published photos in the owner's order", () => {
  let s: TestServer;
  let admin: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
    for (const title of ['Uno', 'Dos', 'Tres']) {
      const res = await upload(s, await jpegWithGps(300, 200), { headers: bearer(admin), fields: { title } });
      expect(res.status).toBe(201);
      ids[title] = ((await res.json()) as Image).id;
    }
  });
  afterAll(() => s.close());

  it('puts new uploads last', async () => {
    expect(await titles(s)).toEqual(['Uno', 'Dos', 'Tres']);
  });

  it('PUT /api/imagenes/orden sets the order that GET /api/imagenes returns', async () => {
    const res = await json(s, 'PUT', '/imagenes/orden', { ids: [ids.Tres, ids.Uno, ids.Dos] }, bearer(admin));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Image[]).map((i) => i.title)).toEqual(['Tres', 'Uno', 'Dos']);
    expect(await titles(s)).toEqual(['Tres', 'Uno', 'Dos']);
    // The web panel's cookie works too (same-origin write).
    const cookie = await s.loginCookie();
    const again = await json(s, 'PUT', '/imagenes/orden', { ids: [ids.Uno, ids.Tres, ids.Dos] }, sameSite(s, cookie));
    expect(again.status).toBe(200);
    expect(await titles(s)).toEqual(['Uno', 'Tres', 'Dos']);
  });

  it('refuses, in Spanish and without changing anything, a list that is not every published photo once', async () => {
    const before = await titles(s);
    const cases: [unknown, RegExp][] = [
      [{ ids: [ids.Uno, ids.Dos] }, /todas las fotos publicadas/],
      [{ ids: [ids.Uno, ids.Dos, ids.Tres, ids.Uno] }, /una sola vez/],
      [{ ids: [ids.Uno, ids.Uno, ids.Dos] }, /una sola vez/],
      [{ ids: [ids.Uno, ids.Dos, 'AAAAAAAAAAAAAAAA'] }, /no está publicada/],
      [{ ids: [ids.Uno, ids.Dos, ids.Tres, 'AAAAAAAAAAAAAAAA'] }, /no está publicada/],
      [{ ids: 'Uno,Dos' }, /lista de fotos/],
      [{ ids: [ids.Uno, ids.Dos, ids.Tres], extra: 1 }, /.+/],
      [{}, /.+/],
    ];
    for (const [body, message] of cases) {
      const res = await json(s, 'PUT', '/imagenes/orden', body, bearer(admin));
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; code: string };
      expect(answer.code).toBe('VALIDATION');
      expect(answer.error).toMatch(message);
      expect(answer.error).not.toMatch(/Invalid|Expected|received/);
    }
    expect((await json(s, 'PUT', '/imagenes/orden', 'no es json', bearer(admin))).status).toBe(400);
    expect(await titles(s)).toEqual(before);
  });

  it('needs the admin', async () => {
    const res = await json(s, 'PUT', '/imagenes/orden', { ids: Object.values(ids) });
    expect(res.status).toBe(401);
  });

  it('puts an approved photo last, keeps pending ones out, and closes the gap of a deleted one', async () => {
    const pending = await upload(s, await jpegWithGps(300, 200), { fields: { title: 'Visitante' } });
    expect(pending.status).toBe(201);
    const pendingId = ((await pending.json()) as Image).id;
    // A pending photo is not part of the order the admin sends.
    expect(
      (await json(s, 'PUT', '/imagenes/orden', { ids: [...Object.values(ids), pendingId] }, bearer(admin))).status,
    ).toBe(400);
    expect((await json(s, 'POST', `/imagenes/${pendingId}/aprobar`, undefined, bearer(admin))).status).toBe(200);
    expect(await titles(s)).toEqual(['Uno', 'Tres', 'Dos', 'Visitante']);
    // Approving twice does not move it.
    await json(s, 'PUT', '/imagenes/orden', { ids: [pendingId, ids.Uno, ids.Tres, ids.Dos] }, bearer(admin));
    expect((await json(s, 'POST', `/imagenes/${pendingId}/aprobar`, undefined, bearer(admin))).status).toBe(200);
    expect(await titles(s)).toEqual(['Visitante', 'Uno', 'Tres', 'Dos']);
    expect((await json(s, 'DELETE', `/imagenes/${ids.Tres}`, undefined, bearer(admin))).status).toBe(204);
    expect(await titles(s)).toEqual(['Visitante', 'Uno', 'Dos']);
    const res = await json(s, 'PUT', '/imagenes/orden', { ids: [ids.Dos, ids.Uno, pendingId] }, bearer(admin));
    expect(res.status).toBe(200);
    expect(await titles(s)).toEqual(['Dos', 'Uno', 'Visitante']);
    const upload2 = await upload(s, await jpegWithGps(300, 200), {
      headers: bearer(admin),
      fields: { title: 'Cuatro' },
    });
    expect(upload2.status).toBe(201);
    expect(await titles(s)).toEqual(['Dos', 'Uno', 'Visitante', 'Cuatro']);
  });
});

describe('a data file from before the order existed', () => {
  it('keeps showing its photos newest first, and saves the order with the next write', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cabana-order-'));
    try {
      const first = await startTestServer({ dataDir });
      const token = await first.loginToken();
      for (const title of ['Vieja', 'Media', 'Nueva']) {
        expect(
          (await upload(first, await jpegWithGps(300, 200), { headers: bearer(token), fields: { title } })).status,
        ).toBe(201);
      }
      await first.close();
      // As an older server wrote it: no positions.
      const data = (await readStoredData(dataDir)) as unknown as { images: Record<string, unknown>[] };
      data.images.forEach((img, i) => {
        delete img.position;
        img.created_at = new Date(Date.UTC(2026, 0, i + 1)).toISOString();
      });
      await writeStoredData(dataDir, data);

      const second = await startTestServer({ dataDir });
      try {
        expect(await titles(second)).toEqual(['Nueva', 'Media', 'Vieja']);
        const token2 = await second.loginToken();
        expect(
          (await upload(second, await jpegWithGps(300, 200), { headers: bearer(token2), fields: { title: 'Otra' } }))
            .status,
        ).toBe(201);
        expect(await titles(second)).toEqual(['Nueva', 'Media', 'Vieja', 'Otra']);
        const saved = await readStoredData(dataDir);
        expect(Object.fromEntries(saved.images.map((i) => [i.title, i.position]))).toEqual({
          Nueva: 0,
          Media: 1,
          Vieja: 2,
          Otra: 3,
        });
        // The API shape does not grow a storage detail.
        const list = (await (await json(second, 'GET', '/imagenes')).json()) as Record<string, unknown>[];
        expect(list.every((i) => !('position' in i) && !('files' in i))).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
