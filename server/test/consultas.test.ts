import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { EnquirySchema, FormTokenSchema, RESERVATION_ENQUIRY_MOVED } from '@cabana/shared/domain/schemas/enquiry';
import { AvailabilitySchema } from '@cabana/shared/domain/schemas/availability';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, sameSite } from './helpers/http';
import { readError, readJson, WithIdSchema } from '../../test-support/json';
import { readStoredData, writeStoredData } from '../../test-support/data-folder';

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function token(s: TestServer): Promise<string> {
  const res = await json(s, 'GET', '/consultas/token');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await readJson(res, FormTokenSchema)).token;
}

function reservation(formToken: string, over: Record<string, unknown> = {}) {
  const today = todayAtCabin();
  return {
    type: 'reserva',
    name: 'María Pérez',
    email: 'maria@example.com',
    phone: '+57 300 123 4567',
    checkIn: addDays(today, 10),
    checkOut: addDays(today, 13),
    numPeople: 6,
    message: 'Llegamos tarde <b>el viernes</b>',
    consent: true,
    website: '',
    formToken,
    ...over,
  };
}
function contact(formToken: string, over: Record<string, unknown> = {}) {
  return {
    type: 'contacto',
    name: 'Juan',
    email: 'juan@example.com',
    message: '¿Tienen parqueadero?',
    consent: true,
    formToken,
    ...over,
  };
}

async function inbox(s: TestServer, tok: string) {
  const res = await json(s, 'GET', '/consultas', undefined, bearer(tok));
  expect(res.status).toBe(200);
  return (await res.json()) as Array<Record<string, unknown>>;
}

describe('enquiries', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
  });
  afterAll(() => s.close());

  it('stores a contact message with consent time and policy version; the inbox is newest first', async () => {
    const r1 = await json(
      s,
      'POST',
      '/consultas',
      contact(await token(s), { message: 'Llegamos tarde <b>el viernes</b>' }),
    );
    expect(r1.status).toBe(201);
    const { id: firstId } = await readJson(r1, WithIdSchema);
    s.clock.advance(5);
    const r2 = await json(s, 'POST', '/consultas', contact(await token(s)));
    expect(r2.status).toBe(201);
    const { id: conId } = await readJson(r2, WithIdSchema);

    const list = await inbox(s, admin);
    expect(list.map((e) => e.id).slice(0, 2)).toEqual([conId, firstId]);
    for (const e of list) EnquirySchema.parse(e);
    const first = list.find((e) => e.id === firstId)!;
    expect(first).toMatchObject({
      type: 'contacto',
      name: 'Juan',
      status: 'nueva',
      policyVersion: BUSINESS.privacyPolicyVersion,
      message: 'Llegamos tarde <b>el viernes</b>',
    });
    expect(Date.parse(first.consentAt as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(first).not.toHaveProperty('formToken');
    expect(first).not.toHaveProperty('website');
    expect(first).not.toHaveProperty('consent');
  });

  it('refuses the old reservation form with a 400 that points to /planes, whatever its fields, and stores nothing', async () => {
    const before = (await inbox(s, admin)).length;
    for (const over of [{}, { numPeople: 21 }, { checkIn: '2020-01-01', checkOut: '2020-01-03' }, { consent: false }]) {
      const res = await json(s, 'POST', '/consultas', reservation(await token(s), over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      const err = await readError(res);
      expect(err.code).toBe('VALIDATION');
      expect(err.error).toBe(RESERVATION_ENQUIRY_MOVED);
      expect(err.error).toMatch(/\/planes/);
      expect(err.fields).toBeUndefined();
    }
    expect((await inbox(s, admin)).length).toBe(before);
  });

  it('lets the admin mark an enquiry answered and delete it', async () => {
    const { id } = await readJson(await json(s, 'POST', '/consultas', contact(await token(s))), WithIdSchema);
    const patched = await json(s, 'PATCH', `/consultas/${id}`, { status: 'respondida' }, bearer(admin));
    expect(patched.status).toBe(200);
    expect((await readJson(patched, EnquirySchema)).status).toBe('respondida');
    expect((await json(s, 'PATCH', `/consultas/${id}`, { status: 'archivada' }, bearer(admin))).status).toBe(400);
    const del = await json(s, 'DELETE', `/consultas/${id}`, undefined, bearer(admin));
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    expect((await inbox(s, admin)).some((e) => e.id === id)).toBe(false);
    expect((await json(s, 'DELETE', `/consultas/${id}`, undefined, bearer(admin))).status).toBe(404);
    expect((await json(s, 'PATCH', '/consultas/..%2F..%2Fdb.json', { status: 'nueva' }, bearer(admin))).status).toBe(
      404,
    );
  });

  it('keeps the inbox for the admin: 401 without a session, 403 for a foreign cookie write', async () => {
    const { id } = await readJson(await json(s, 'POST', '/consultas', contact(await token(s))), WithIdSchema);
    expect((await json(s, 'GET', '/consultas')).status).toBe(401);
    expect((await json(s, 'PATCH', `/consultas/${id}`, { status: 'respondida' })).status).toBe(401);
    expect((await json(s, 'DELETE', `/consultas/${id}`)).status).toBe(401);
    const cookie = await s.loginCookie();
    expect((await json(s, 'GET', '/consultas', undefined, { cookie })).status).toBe(200);
    const foreign = await json(s, 'DELETE', `/consultas/${id}`, undefined, { cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await json(s, 'DELETE', `/consultas/${id}`, undefined, sameSite(s, cookie))).status).toBe(204);
  });

  it('rejects a contact message without consent or text, and a body that is not JSON', async () => {
    const res = await json(s, 'POST', '/consultas', contact(await token(s), { consent: undefined, message: '' }));
    expect(res.status).toBe(400);
    const err = await readError(res);
    expect(Object.keys(err.fields ?? {}).sort()).toEqual(['consent', 'message']);
    expect((await json(s, 'POST', '/consultas', { type: 'otro' })).status).toBe(400);
    const form = await fetch(`${s.apiUrl}/consultas`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hola',
    });
    expect(form.status).toBe(415);
  });

  it('drops bots quietly: honeypot, tampered and replayed tokens answer 201 but store nothing', async () => {
    const before = (await inbox(s, admin)).length;
    const honey = await json(s, 'POST', '/consultas', contact(await token(s), { website: 'http://spam.example' }));
    expect(honey.status).toBe(201);
    expect((await readJson(honey, WithIdSchema)).id).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const good = await token(s);
    const [issued, nonce, mac] = good.split('.') as [string, string, string];
    const older = `${Number(issued) - 60_000}.${nonce}.${mac}`;
    expect((await json(s, 'POST', '/consultas', contact(older))).status).toBe(201);
    const flipped = `${issued}.${nonce}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await json(s, 'POST', '/consultas', contact(flipped))).status).toBe(201);
    expect((await inbox(s, admin)).length).toBe(before);

    expect((await json(s, 'POST', '/consultas', contact(good))).status).toBe(201);
    expect((await inbox(s, admin)).length).toBe(before + 1);
    expect((await json(s, 'POST', '/consultas', contact(good, { message: 'otra vez' }))).status).toBe(201);
    expect((await inbox(s, admin)).length).toBe(before + 1);
  });
});

describe('a form sent without a token (issue 19 item 7)', () => {
  it('keeps it, marked: the site sends none when it could not fetch one', async () => {
    const s = await startTestServer();
    try {
      const admin = await s.loginToken();
      const res = await json(s, 'POST', '/consultas', contact('', { name: 'Sin Conexión' }));
      expect(res.status).toBe(201);
      const id = (await readJson(res, WithIdSchema)).id;
      const stored = await inbox(s, admin);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ id, name: 'Sin Conexión', suspect: 'missing-token' });
    } finally {
      await s.close();
    }
  });

  it('refuses a token of another shape with a Spanish message the form shows, storing nothing', async () => {
    const s = await startTestServer({ env: { ENQUIRIES_PER_CLIENT: '1' } });
    try {
      for (const bad of ['no-es-un-token', 'tampered.token.x', ' ']) {
        const res = await json(s, 'POST', '/consultas', contact(bad));
        expect(res.status).toBe(400);
        const err = await readError(res);
        expect(err.error).toBe('No pudimos verificar el formulario. Recarga la página e inténtalo de nuevo.');
        expect(err.fields).toEqual({ formToken: err.error });
      }
      // Refused as invalid, so the visitor's own budget (one here) is still whole.
      expect((await json(s, 'POST', '/consultas', contact(await token(s)))).status).toBe(201);
      expect(await inbox(s, await s.loginToken())).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});

describe('form token timing', () => {
  it('keeps a form sent faster than FORM_MIN_FILL_MS or older than FORM_MAX_AGE_MS, marked as possible spam (issue 12 item 16)', async () => {
    const s = await startTestServer({ env: { FORM_MIN_FILL_MS: '60000', FORM_MAX_AGE_MS: '120000' } });
    try {
      const admin = await s.loginToken();
      // Browser autofill sends a real person's form "too fast": it must not be lost while they are told it arrived.
      const fast = await token(s);
      expect((await json(s, 'POST', '/consultas', contact(fast, { name: 'Rápida' }))).status).toBe(201);
      expect(await inbox(s, admin)).toHaveLength(1);
      expect((await inbox(s, admin))[0]).toMatchObject({ name: 'Rápida', suspect: 'too-fast' });
      // The same token a second time is a replay: dropped.
      expect((await json(s, 'POST', '/consultas', contact(fast, { name: 'Otra vez' }))).status).toBe(201);
      expect(await inbox(s, admin)).toHaveLength(1);

      const old = await token(s);
      const ok = await token(s);
      s.clock.advance(61_000);
      expect((await json(s, 'POST', '/consultas', contact(ok, { name: 'Normal' }))).status).toBe(201);
      const normal = (await inbox(s, admin)).find((e) => e.name === 'Normal')!;
      expect(normal).toBeDefined();
      expect(normal).not.toHaveProperty('suspect');
      s.clock.advance(61_000);
      expect((await json(s, 'POST', '/consultas', contact(old, { name: 'Tarde' }))).status).toBe(201);
      const late = await inbox(s, admin);
      expect(late).toHaveLength(3);
      expect(late.find((e) => e.name === 'Tarde')).toMatchObject({ suspect: 'expired' });
    } finally {
      await s.close();
    }
  });

  it('keeps used tokens across a restart (no replay after restarting)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-enq-'));
    try {
      const a = await startTestServer({ dataDir: dir });
      const used = await token(a);
      expect((await json(a, 'POST', '/consultas', contact(used))).status).toBe(201);
      await a.close();
      const b = await startTestServer({ dataDir: dir });
      expect((await json(b, 'POST', '/consultas', contact(used))).status).toBe(201);
      const list = await inbox(b, await b.loginToken());
      expect(list).toHaveLength(1);
      await b.close();
      const stored = await readStoredData(dir);
      expect(stored.usedFormTokens).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('enquiry rate limits', () => {
  it('caps enquiries per client with 429, Retry-After and a Spanish message', async () => {
    const s = await startTestServer({ env: { ENQUIRIES_PER_CLIENT: '2', ENQUIRY_WINDOW_SECONDS: '600' } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await json(s, 'POST', '/consultas', contact(await token(s)))).status).toBe(201);
      const res = await json(s, 'POST', '/consultas', contact(await token(s)));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await readError(res)).error).toMatch(/WhatsApp/);
    } finally {
      await s.close();
    }
  });

  it('lets a capped client send again once the window has passed (the limiter reads the app clock)', async () => {
    const s = await startTestServer({ env: { ENQUIRIES_PER_CLIENT: '1', ENQUIRY_WINDOW_SECONDS: '600' } });
    try {
      expect((await json(s, 'POST', '/consultas', contact(await token(s)))).status).toBe(201);
      const capped = await json(s, 'POST', '/consultas', contact(await token(s)));
      expect(capped.status).toBe(429);
      expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(500);
      s.clock.advance(300_000);
      const later = await json(s, 'POST', '/consultas', contact(await token(s)));
      expect(later.status).toBe(429);
      expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(300);
      s.clock.advance(301_000);
      expect((await json(s, 'POST', '/consultas', contact(await token(s)))).status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('caps enquiries from everyone (global) behind a trusted proxy', async () => {
    const s = await startTestServer({ env: { ENQUIRIES_GLOBAL: '3', TRUST_PROXY: 'true' } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await json(s, 'POST', '/consultas', contact(await token(s)), {
          'x-forwarded-for': `198.51.100.${i}`,
        });
        expect(res.status).toBe(201);
      }
      const res = await json(s, 'POST', '/consultas', contact(await token(s)), { 'x-forwarded-for': '198.51.100.99' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });
});

describe('requests of the old reservation form (issue 33)', () => {
  it('are archived once at start (idempotent), keeping their status; a confirmed one keeps its nights', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cabana-old-form-'));
    let s = await startTestServer({ dataDir });
    try {
      const today = todayAtCabin(new Date(s.clock.now()));
      await s.close();
      const data = await readStoredData(dataDir);
      const at = '2026-01-05T15:00:00.000Z';
      const old = (id: string, status: string, inDays: number) => ({
        type: 'reserva',
        id,
        name: 'María Pérez',
        email: 'maria@example.com',
        phone: '+57 300 123 4567',
        checkIn: addDays(today, inDays),
        checkOut: addDays(today, inDays + 3),
        numPeople: 4,
        message: '',
        status,
        createdAt: at,
        consentAt: at,
        policyVersion: '2025-01',
      });
      const message = {
        type: 'contacto',
        id: 'MESSAGE000000001',
        name: 'Juan',
        email: 'juan@example.com',
        message: 'Hola',
      };
      data.enquiries.push(
        old('OLDCONFIRMED0001', 'confirmada', 30) as never,
        old('OLDUNANSWERED001', 'nueva', 50) as never,
        { ...message, status: 'nueva', createdAt: at, consentAt: at, policyVersion: '2025-01' } as never,
      );
      await writeStoredData(dataDir, data);

      s = await startTestServer({ dataDir });
      const read = async () => {
        const list = EnquirySchema.array().parse(await inbox(s, await s.loginToken()));
        return new Map(list.map((e) => [e.id, e]));
      };
      const first = await read();
      const archivedOf = (id: string) => (first.get(id) as { archivedAt?: string } | undefined)?.archivedAt;
      expect(first.get('OLDCONFIRMED0001')?.status).toBe('confirmada');
      expect(first.get('OLDUNANSWERED001')?.status).toBe('nueva');
      expect(archivedOf('OLDCONFIRMED0001')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(archivedOf('OLDUNANSWERED001')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(first.get('MESSAGE000000001')).not.toHaveProperty('archivedAt');
      const free = await json(s, 'GET', `/disponibilidad?from=${today}&to=${addDays(today, 90)}`);
      expect(AvailabilitySchema.parse(await free.json()).blocked).toContainEqual({
        start: addDays(today, 30),
        end: addDays(today, 33),
      });

      // The next start finds nothing to archive: the dates stay those of the first.
      s.clock.advance(3_600_000);
      await s.close();
      s = await startTestServer({ dataDir });
      const second = await read();
      for (const id of ['OLDCONFIRMED0001', 'OLDUNANSWERED001']) {
        expect((second.get(id) as { archivedAt?: string }).archivedAt).toBe(
          (first.get(id) as { archivedAt?: string }).archivedAt,
        );
      }
    } finally {
      await s.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
