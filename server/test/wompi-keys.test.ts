import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentConnectionTestSchema,
  PaymentsStatusSchema,
  type WompiKeyName,
} from '@cabana/shared/domain/schemas/payment';
import { createBackup, restoreBackup } from '../src/backup/backup';
import { WOMPI_KEYS_FILE } from '../src/payments/wompi-keys';
import { startTestServer, type TestServer } from '../../test-support/server';
import { startWompiStandIn, WOMPI_TEST_KEYS, type WompiStandIn } from '../../test-support/wompi';
import { readError } from '../../test-support/json';
import { bearer, json } from './helpers/http';

/** The stand-in's keys as the panel sends them. */
const KEYS: Record<WompiKeyName, string> = {
  publicKey: WOMPI_TEST_KEYS.WOMPI_PUBLIC_KEY,
  privateKey: WOMPI_TEST_KEYS.WOMPI_PRIVATE_KEY,
  eventsSecret: WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET,
  integritySecret: WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET,
};
const ALL = Object.values(KEYS);
const endings = (keys: Record<WompiKeyName, string>, source: 'entorno' | 'panel') =>
  (['publicKey', 'privateKey', 'eventsSecret', 'integritySecret'] as const).map((name) => ({
    name,
    source,
    ending: keys[name].slice(-4),
  }));

/** An event of the right shape but unsigned: 404 while no gateway is set, 400 once one reads it. */
const EVENT = { event: 'transaction.updated', data: {}, timestamp: 1, signature: { properties: ['a'], checksum: 'x' } };

/** The answer's text, checked to hold none of the keys whole. */
async function masked(res: Response): Promise<unknown> {
  const text = await res.text();
  for (const key of ALL) expect(text).not.toContain(key);
  return JSON.parse(text);
}

describe('Wompi keys pasted in Ajustes (issue 33)', () => {
  let wompi: WompiStandIn;
  let s: TestServer;
  let admin: Record<string, string>;
  let urls: Record<string, string>;
  let dataDir: string;

  beforeAll(async () => {
    wompi = await startWompiStandIn();
    urls = { WOMPI_API_URL: wompi.env.WOMPI_API_URL!, WOMPI_CHECKOUT_URL: wompi.env.WOMPI_CHECKOUT_URL! };
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cabana-keys-'));
    s = await startTestServer({ env: urls, dataDir });
    admin = bearer(await s.loginToken());
  });
  afterAll(async () => {
    await s?.close();
    await wompi?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const status = async () =>
    PaymentsStatusSchema.parse(await masked(await json(s, 'GET', '/pagos/wompi', undefined, admin)));
  const put = (body: unknown, headers = admin) => json(s, 'PUT', '/pagos/wompi/llaves', body, headers);
  const file = () => path.join(s.dataDir, WOMPI_KEYS_FILE);

  it('refuses missing, mixed and malformed keys by field in Spanish, and writes nothing', async () => {
    expect((await status()).keys.map((k) => k.source)).toEqual([null, null, null, null]);
    expect((await put(KEYS, {})).status).toBe(401);
    const cases: [unknown, string, RegExp][] = [
      [{ publicKey: KEYS.publicKey }, 'privateKey', /Pega llave privada/],
      [{ ...KEYS, publicKey: 'pk_live_abc' }, 'publicKey', /empieza por pub_test_/],
      [{ ...KEYS, privateKey: 'prv_prod_abc' }, 'privateKey', /mismo ambiente/],
      [{ ...KEYS, eventsSecret: 'prod_events_abc' }, 'eventsSecret', /otro ambiente/],
      [{ ...KEYS, integritySecret: 'test integrity' }, 'integritySecret', /sin espacios/],
      [{ ...KEYS, privateKey: 'x'.repeat(201) }, 'privateKey', /hasta 200/],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.status, field).toBe(400);
      const error = await readError(res);
      expect(error.fields?.[field], field).toMatch(message);
    }
    expect((await put({ ...KEYS, merchant: 'x' })).status).toBe(400);
    await expect(stat(file())).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await status()).configured).toBe(false);
  });

  it('keeps them in a 0600 file outside backups, answers them masked, and uses them at once', async () => {
    // Before: no gateway, so Wompi's events have nowhere to go.
    expect((await json(s, 'POST', '/pagos/wompi/eventos', EVENT)).status).toBe(404);
    const res = await put({ ...KEYS, publicKey: ` ${KEYS.publicKey} ` });
    expect(res.status).toBe(200);
    expect(PaymentsStatusSchema.parse(await masked(res))).toMatchObject({
      configured: true,
      mode: 'sandbox',
      keys: endings(KEYS, 'panel'),
    });
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual(KEYS);
    // In force without a restart: the connection test reaches the stand-in with them, events are read.
    const probe = PaymentConnectionTestSchema.parse(
      await masked(await json(s, 'POST', '/pagos/wompi/probar', undefined, admin)),
    );
    expect(probe).toEqual({ ok: true, mode: 'sandbox', merchantName: 'Cabaña de prueba', problems: [] });
    expect((await json(s, 'POST', '/pagos/wompi/eventos', EVENT)).status).toBe(400);

    // One key changed, the others kept; a wrong private key is reported by the test, in Spanish.
    const wrong = 'prv_test_wrongPrivateKey00000000000wxyz';
    expect((await put({ privateKey: wrong, publicKey: '' })).status).toBe(200);
    expect((await status()).keys.find((k) => k.name === 'privateKey')).toEqual({
      name: 'privateKey',
      source: 'panel',
      ending: 'wxyz',
    });
    const failed = PaymentConnectionTestSchema.parse(
      await json(s, 'POST', '/pagos/wompi/probar', undefined, admin).then((r) => r.json()),
    );
    expect(failed.ok).toBe(false);
    expect(failed.problems.join(' ')).toMatch(/rechazó la llave privada/);
    expect((await put({ privateKey: KEYS.privateKey })).status).toBe(200);

    // A backup holds none of them, nor the file.
    const out = path.join(s.dataDir, '..', `${path.basename(s.dataDir)}-keys-backup.tar.gz`);
    try {
      await createBackup(s.dataDir, out);
      const tar = gunzipSync(await readFile(out)).toString('latin1');
      expect(tar).not.toContain(WOMPI_KEYS_FILE);
      for (const key of ALL) expect(tar).not.toContain(key);
      // Restoring that backup over a folder keeps the folder's keys (else online payment would stop).
      const parent = await mkdtemp(path.join(os.tmpdir(), 'cabana-restore-'));
      const other = path.join(parent, 'data');
      try {
        await mkdir(other, { mode: 0o700 });
        await writeFile(path.join(other, WOMPI_KEYS_FILE), '{"kept":true}', { mode: 0o600 });
        await restoreBackup(out, other);
        expect(await readFile(path.join(other, WOMPI_KEYS_FILE), 'utf8')).toBe('{"kept":true}');
        expect((await stat(path.join(other, WOMPI_KEYS_FILE))).mode & 0o777).toBe(0o600);
      } finally {
        await rm(parent, { recursive: true, force: true });
      }
    } finally {
      await rm(out, { force: true });
    }
  });

  it('reads the file again at the next start, and removes what a write cut short left beside it', async () => {
    await s.close();
    const torn = path.join(dataDir, `.${WOMPI_KEYS_FILE}.0123456789ab.tmp`);
    await writeFile(torn, '{"publicKey":"pub_te');
    s = await startTestServer({ env: urls, dataDir });
    await expect(stat(torn)).rejects.toMatchObject({ code: 'ENOENT' });
    admin = bearer(await s.loginToken());
    expect(await status()).toMatchObject({ configured: true, mode: 'sandbox', keys: endings(KEYS, 'panel') });
  });
});

describe('Wompi keys in the environment (issue 33)', () => {
  it('win over a file of keys, are shown as set by the server, and cannot be changed from the panel (409)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cabana-keys-'));
    const other = { ...KEYS, publicKey: 'pub_test_FromTheFile000000000000000fff1' };
    await writeFile(path.join(dataDir, WOMPI_KEYS_FILE), JSON.stringify(other), { mode: 0o644 });
    const s = await startTestServer({ env: { ...WOMPI_TEST_KEYS }, dataDir });
    try {
      const admin = bearer(await s.loginToken());
      const res = await json(s, 'GET', '/pagos/wompi', undefined, admin);
      expect(PaymentsStatusSchema.parse(await masked(res))).toMatchObject({
        configured: true,
        keys: endings(KEYS, 'entorno'),
      });
      const put = await json(s, 'PUT', '/pagos/wompi/llaves', KEYS, admin);
      expect(put.status).toBe(409);
      expect((await readError(put)).error).toMatch(/definidas en el servidor .*cámbialas allí/);
      // The file found at start is made the server user's only.
      expect((await stat(path.join(dataDir, WOMPI_KEYS_FILE))).mode & 0o777).toBe(0o600);
    } finally {
      await s.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
