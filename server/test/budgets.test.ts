import { describe, expect, it } from 'vitest';
import { Limiter } from '../src/auth/rate-limits';
import { clientKey, networkKey } from '../src/auth/client-key';
import { startTestServer } from '../../test-support/server';
import { formToken, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { readError } from '../../test-support/json';

/** Issue 12, items 5 and 6: budgets spent only by real work, per network, in bounded memory. */
const contact = (formToken: string, over: Record<string, unknown> = {}) => ({
  type: 'contacto',
  name: 'Juan',
  email: 'juan@example.com',
  message: '¿Tienen parqueadero?',
  consent: true,
  formToken,
  ...over,
});

describe('global budgets are spent only by what is stored (item 5)', () => {
  it('invalid and bot-dropped enquiries leave the shared budget to real people', async () => {
    const s = await startTestServer({ env: { ENQUIRIES_GLOBAL: '3', ENQUIRIES_PER_CLIENT: '100' } });
    try {
      for (let i = 0; i < 10; i++) {
        expect(
          (await json(s, 'POST', '/consultas', contact(await formToken(s), { email: 'no-es-correo' }))).status,
        ).toBe(400);
        expect((await json(s, 'POST', '/consultas', contact(await formToken(s), { website: 'spam' }))).status).toBe(
          201,
        );
        expect((await json(s, 'POST', '/consultas', contact('tampered.token.x'))).status).toBe(400);
        const [issued, nonce, mac] = (await formToken(s)).split('.') as [string, string, string];
        const forged = `${issued}.${nonce}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
        expect((await json(s, 'POST', '/consultas', contact(forged))).status).toBe(201);
      }
      for (let i = 0; i < 3; i++)
        expect((await json(s, 'POST', '/consultas', contact(await formToken(s)))).status).toBe(201);
      const full = await json(s, 'POST', '/consultas', contact(await formToken(s)));
      expect(full.status).toBe(429);
      expect(full.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });

  it('a visitor refused by the full global budget can send the same form again later (its token is not spent)', async () => {
    const s = await startTestServer({ env: { ENQUIRIES_GLOBAL: '1', ENQUIRY_WINDOW_SECONDS: '1' } });
    try {
      expect((await json(s, 'POST', '/consultas', contact(await formToken(s)))).status).toBe(201);
      const kept = await formToken(s);
      expect((await json(s, 'POST', '/consultas', contact(kept))).status).toBe(429);
      s.clock.advance(1100);
      expect((await json(s, 'POST', '/consultas', contact(kept))).status).toBe(201);
      const inbox = await (
        await json(s, 'GET', '/consultas', undefined, { authorization: `Bearer ${await s.loginToken()}` })
      ).json();
      expect(inbox).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it('counts an IPv6 client by its /64: one network cannot spend everyone’s budget', async () => {
    const s = await startTestServer({
      env: { ENQUIRIES_PER_CLIENT: '2', ENQUIRIES_GLOBAL: '5', TRUST_PROXY: 'true' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 8; i++) {
        const res = await json(s, 'POST', '/consultas', contact(await formToken(s)), {
          'x-forwarded-for': `2001:db8:a:b::${i.toString(16)}`,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429, 429, 429]);
      const other = await json(s, 'POST', '/consultas', contact(await formToken(s)), {
        'x-forwarded-for': '198.51.100.7',
      });
      expect(other.status).toBe(201);
    } finally {
      await s.close();
    }
  });

  it('lets one IPv4 /24 spend only its share of the global budget: its neighbours flood, others still get through', async () => {
    const s = await startTestServer({
      env: { ENQUIRIES_PER_CLIENT: '2', ENQUIRIES_GLOBAL: '10', ENQUIRIES_PER_NETWORK: '4', TRUST_PROXY: 'true' },
    });
    try {
      const from = async (ip: string) =>
        (await json(s, 'POST', '/consultas', contact(await formToken(s)), { 'x-forwarded-for': ip })).status;
      const statuses: number[] = [];
      // Each address stays within its own limit (2); together they are one network.
      for (let i = 1; i <= 4; i++) for (let k = 0; k < 2; k++) statuses.push(await from(`203.0.113.${i}`));
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
      // Other networks, IPv4 and IPv6, share what is left of the global budget.
      expect(await from('198.51.100.7')).toBe(201);
      expect(await from('198.51.101.7')).toBe(201);
      expect(await from('2001:db8:a:b::1')).toBe(201);
      const inbox = await (
        await json(s, 'GET', '/consultas', undefined, { authorization: `Bearer ${await s.loginToken()}` })
      ).json();
      expect(inbox).toHaveLength(7);
    } finally {
      await s.close();
    }
  });

  it('lets one IPv4 /24 send only its share of the public upload budget; other networks still can', async () => {
    const s = await startTestServer({
      env: {
        PUBLIC_UPLOADS_PER_CLIENT: '2',
        PUBLIC_UPLOADS_GLOBAL: '6',
        PUBLIC_UPLOADS_PER_NETWORK: '3',
        TRUST_PROXY: 'true',
      },
    });
    try {
      const photo = await jpegWithGps(300, 200);
      const from = async (ip: string) => (await upload(s, photo, { headers: { 'x-forwarded-for': ip } })).status;
      const statuses: number[] = [];
      // Each address stays within its own limit (2); together they are one network.
      for (let i = 1; i <= 3; i++) for (let k = 0; k < 2; k++) statuses.push(await from(`203.0.113.${i}`));
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      const refused = await upload(s, photo, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      const body = await readError(refused);
      expect(body.code).toBe('RATE_LIMITED');
      expect(body.error).toMatch(/Espera/);
      // Other networks, IPv4 and IPv6, share what is left of the global budget.
      expect(await from('198.51.100.7')).toBe(201);
      expect(await from('2001:db8:a:b::1')).toBe(201);
      const pending = await (
        await json(s, 'GET', '/imagenes/pendientes', undefined, { authorization: `Bearer ${await s.loginToken()}` })
      ).json();
      expect(pending).toHaveLength(5);
    } finally {
      await s.close();
    }
  });

  it('files that are not photos leave the public upload budget to real photos', async () => {
    const s = await startTestServer({ env: { PUBLIC_UPLOADS_GLOBAL: '2', PUBLIC_UPLOADS_PER_CLIENT: '100' } });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await upload(s, '<svg xmlns="http://www.w3.org/2000/svg"/>', { type: 'image/svg+xml' })).status).toBe(
          415,
        );
        expect((await upload(s, await jpegWithGps(200, 100), { fields: { title: '' } })).status).toBe(400);
      }
      for (let i = 0; i < 2; i++) expect((await upload(s, await jpegWithGps(300, 200))).status).toBe(201);
      expect((await upload(s, await jpegWithGps(300, 200))).status).toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe('limiter memory (item 6)', () => {
  it('stays bounded however many addresses come by, and still counts the ones it tracks', () => {
    const limiter = new Limiter(3, 60_000, 'espera', { maxKeys: 1000 });
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 50_000; i++) limiter.consume(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(1000);
    // 50,000 tracked keys would take tens of MB (rate-limiter-flexible kept a timer per key).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(20 * 1024 * 1024);
    for (let i = 0; i < 3; i++) limiter.consume('hot');
    expect(() => limiter.consume('hot')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
  });

  it('forgets windows that have ended', () => {
    let now = 0;
    const limiter = new Limiter(1, 1000, 'espera', { now: () => now });
    for (let i = 0; i < 100; i++) limiter.consume(`a${i}`);
    expect(() => limiter.consume('a1')).toThrow();
    now = 1500;
    limiter.consume('fresh');
    expect(limiter.size).toBe(1);
    limiter.consume('a1');
  });

  it('keeps the default server limiters bounded too', async () => {
    const s = await startTestServer();
    try {
      const { enquiryClient } = s.running.deps.limiters;
      for (let i = 0; i < 30_000; i++) enquiryClient.penalize(`2001:db8:${i.toString(16)}::/64`);
      expect(enquiryClient.size).toBeLessThanOrEqual(10_000);
    } finally {
      await s.close();
    }
  });
});

describe('client keys', () => {
  it('are the IPv4 address, or the IPv6 /64 network; networks are the /24 and the /48', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::ffff')).toBe(clientKey('2001:0db8:0001:0002:0:0:0:1'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(networkKey('203.0.113.5')).toBe('203.0.113.0/24');
    expect(networkKey('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkKey('203.0.114.5')).not.toBe(networkKey('203.0.113.5'));
    expect(networkKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:1:ffff::1')).toBe(networkKey('2001:db8:1:2::1'));
  });
});
