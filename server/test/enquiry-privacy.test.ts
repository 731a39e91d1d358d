import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { EnquirySchema } from '@cabana/shared/domain/schemas/enquiry';
import { createApiClient } from '@cabana/shared/api/client';
import { API } from '@cabana/shared/api/contract';
import { retentionCutoff } from '../src/forms/enquiry-retention';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, formToken, json } from './helpers/http';
import { readError, readJson, WithIdSchema } from '../../test-support/json';
import { readStoredData, storedText, writeStoredData } from '../../test-support/data-folder';

/** Issue 12, item 14: the admin deletes enquiries in bulk; old ones go by themselves. */
const DAY = 86_400_000;
const send = async (s: TestServer, name: string) =>
  (
    await readJson(
      await json(s, 'POST', '/consultas', {
        type: 'contacto',
        name,
        email: 'x@example.com',
        message: 'Hola',
        consent: true,
        formToken: await formToken(s),
      }),
      WithIdSchema,
    )
  ).id;

describe('enquiries and personal data', () => {
  it('the admin deletes several at once (typed client), only the admin, unknown ids skipped', async () => {
    const s = await startTestServer();
    try {
      const ids = [await send(s, 'Ana'), await send(s, 'Beto'), await send(s, 'Carla')];
      const admin = await s.loginToken();
      expect((await json(s, 'POST', '/consultas/eliminar', { ids })).status).toBe(401);
      const client = createApiClient(API, { baseUrl: s.apiUrl, getToken: () => admin });
      expect(await client.deleteEnquiries({ ids: [ids[0]!, ids[2]!, 'AAAAAAAAAAAAAAAA'] })).toEqual({ deleted: 2 });
      expect((await client.listEnquiries()).map((e) => e.id)).toEqual([ids[1]]);
      const bad = await json(s, 'POST', '/consultas/eliminar', { ids: [] }, bearer(admin));
      expect(bad.status).toBe(400);
      expect((await readError(bad)).fields?.ids).toMatch(/al menos una/);
      expect((await json(s, 'POST', '/consultas/eliminar', { ids: Array(501).fill('x') }, bearer(admin))).status).toBe(
        400,
      );
    } finally {
      await s.close();
    }
  });

  it(`deletes enquiries older than the retention period (default ${BUSINESS.enquiryRetentionMonths} months) at start-up`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-retention-'));
    try {
      const a = await startTestServer({ dataDir: dir });
      const [oldId, recentId] = [await send(a, 'Antigua'), await send(a, 'Reciente')];
      await a.close();
      const data = await readStoredData(dir);
      const cutoff = retentionCutoff(BUSINESS.enquiryRetentionMonths, Date.now());
      for (const e of data.enquiries) {
        e.createdAt = new Date(e.id === oldId ? cutoff - DAY : cutoff + 2 * DAY).toISOString();
      }
      await writeStoredData(dir, data);

      const b = await startTestServer({ dataDir: dir });
      const inbox = await readJson(
        await json(b, 'GET', '/consultas', undefined, bearer(await b.loginToken())),
        EnquirySchema.array(),
      );
      expect(inbox.map((e) => e.id)).toEqual([recentId]);
      await b.close();
      const stored = await readStoredData(dir);
      expect(stored.enquiries.map((e) => e.id)).toEqual([recentId]);
      expect(await storedText(dir)).not.toContain('Antigua');

      // A shorter period set by the operator applies at once.
      const c = await startTestServer({ dataDir: dir, env: { ENQUIRY_RETENTION_MONTHS: '1' } });
      const left = await (await json(c, 'GET', '/consultas', undefined, bearer(await c.loginToken()))).json();
      expect(left).toEqual([]);
      await c.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never writes a visitor’s address to the log', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const lines: string[] = [];
      const log = s.running.deps.log;
      log.info = (msg) => lines.push(msg);
      log.error = (msg) => lines.push(msg);
      const from = { 'x-forwarded-for': '203.0.113.77' };
      // A forged token (well-formed, wrong signature) is dropped quietly, and logged.
      const [issued, nonce, mac] = (await formToken(s)).split('.') as [string, string, string];
      const forged = `${issued}.${nonce}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
      for (const over of [{ website: 'http://spam.example' }, { formToken: forged }]) {
        const res = await json(
          s,
          'POST',
          '/consultas',
          {
            type: 'contacto',
            name: 'Bot',
            email: 'b@example.com',
            message: 'Hola',
            consent: true,
            formToken: await formToken(s),
            ...over,
          },
          from,
        );
        expect(res.status).toBe(201);
      }
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).not.toContain('203.0.113.77');
        expect(line).not.toContain('127.0.0.1');
      }
    } finally {
      await s.close();
    }
  });

  it('counts months on the calendar', () => {
    expect(new Date(retentionCutoff(24, Date.parse('2026-11-22T10:00:00Z'))).toISOString()).toBe(
      '2024-11-22T10:00:00.000Z',
    );
  });
});
