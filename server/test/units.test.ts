import { describe, expect, it } from 'vitest';
import { acceptedImageKind } from '@cabana/shared/domain/images/sniff';
import { WorkQueue } from '../src/images/queue';
import { variantWidths } from '../src/images/pipeline';
import { DomainError } from '../src/domain-errors';
import { toHttpError } from '../src/middleware/errors';
import { generatePassword, hashPassword, verifyPassword } from '../src/auth/password';
import { ConfigError, readEnv } from '../src/env';
import { isRecordId, newRecordId } from '../src/lib/ids';
import { chooseEncoding } from '../src/http/representations';
import { CRASH_POINTS, parseCrashAt } from '../src/lib/crash-points';
import { GUEST_MAIL_KINDS, OWNER_MAIL_KINDS } from '@cabana/shared/domain/schemas/booking';
import { initialSettings } from '../src/db/settings';
import { renderMail } from '../src/bookings/mail/render';
import type { GuestMailWords } from '../src/bookings/mail/guest-words';
import { EN_MAIL_WORDS } from '../src/bookings/mail/words-en';
import { storedBooking } from '../fixtures/booking-records';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const ftyp = (major: string, ...compat: string[]) => {
  const body = major + '\0\0\0\0' + compat.join('');
  const size = 8 + body.length;
  return bytes(String.fromCharCode(0, 0, 0, size) + 'ftyp' + body);
};

describe('acceptedImageKind (the shared sniffer, as the pipeline uses it)', () => {
  it('recognises accepted formats by their first bytes only', () => {
    expect(acceptedImageKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('jpeg');
    expect(acceptedImageKind(bytes('\x89PNG\r\n\x1a\n....'))).toBe('png');
    expect(acceptedImageKind(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(acceptedImageKind(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(acceptedImageKind(ftyp('mif1', 'avif'))).toBe('avif');
    expect(acceptedImageKind(ftyp('heic', 'mif1'))).toBe('heic');
    expect(acceptedImageKind(ftyp('mif1', 'heic'))).toBe('heic');
  });
  it('refuses text, SVG, GIF, MP4 and short input', () => {
    for (const s of ['<svg', '<?xml version', '<!doctype html>', 'GIF89a', '%PDF-1.7', ''])
      expect(acceptedImageKind(bytes(s))).toBeNull();
    expect(acceptedImageKind(ftyp('isom', 'mp41'))).toBeNull();
    expect(acceptedImageKind(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('record ids', () => {
  it('are 16 unguessable base64url characters, and nothing else passes for one', () => {
    const ids = new Set(Array.from({ length: 200 }, newRecordId));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(isRecordId(id)).toBe(true);
    }
    for (const bad of [
      '',
      '..',
      '../../db.json',
      'AAAAAAAAAAAAAAA',
      'AAAAAAAAAAAAAAAAA',
      'AAAAAAAAAAAAAAA/',
      'AAAAAAAA%2e%2eAAAA',
    ])
      expect(isRecordId(bad)).toBe(false);
  });
});

describe('variantWidths', () => {
  it('never upscales', () => {
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(480)).toEqual([480]);
  });
});

describe('WorkQueue', () => {
  it('runs at most `concurrency` jobs and refuses work beyond the waiting limit with 503', async () => {
    const q = new WorkQueue(1, 2);
    let running = 0;
    let peak = 0;
    const release: Array<() => void> = [];
    const job = () =>
      q.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => release.push(r));
        running--;
      });
    const jobs = [job(), job(), job()];
    await new Promise((r) => setTimeout(r, 10));
    expect(q.running).toBe(1);
    expect(q.waiting).toBe(2);
    const refused = await job().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'UNAVAILABLE' });
    expect(toHttpError(refused as DomainError)).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
    while (release.length || q.running) {
      release.shift()?.();
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(jobs);
    expect(peak).toBe(1);
    expect(new DomainError('UNAVAILABLE', 'x')).toBeInstanceOf(Error);
  });

  it('takes the slots of a burst within the calls: exactly concurrency + waiting are let in', async () => {
    const q = new WorkQueue(2, 3);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const outcomes = Array.from({ length: 8 }, (_, i) =>
      q
        .run(async () => {
          await gate;
          return i;
        })
        .then(
          (value) => ({ ok: true as const, value }),
          (err: unknown) => ({ ok: false as const, err }),
        ),
    );
    // Read in the same tick as the calls: a request handled right after them already sees it full.
    expect([q.running, q.waiting, q.full]).toEqual([2, 3, true]);
    open();
    const settled = await Promise.all(outcomes);
    expect(settled.filter((o) => o.ok).map((o) => o.ok && o.value)).toEqual([0, 1, 2, 3, 4]);
    expect(settled.filter((o) => !o.ok).every((o) => !o.ok && (o.err as DomainError).code === 'UNAVAILABLE')).toBe(
      true,
    );
    expect([q.running, q.waiting, q.full]).toEqual([0, 0, false]);
  });

  it('frees the slot of a job that fails and passes the failure on; never runs more than its concurrency', async () => {
    const q = new WorkQueue(1, 10);
    const failing = q.run(() => Promise.reject(new Error('falló')));
    const thrown = q.run(() => {
      throw new Error('lanzó');
    });
    const next = q.run(() => Promise.resolve('siguiente'));
    await expect(failing).rejects.toThrow('falló');
    await expect(thrown).rejects.toThrow('lanzó');
    await expect(next).resolves.toBe('siguiente');

    const wide = new WorkQueue(3, 100);
    let inFlight = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        wide.run(async () => {
          inFlight++;
          peak = Math.max(peak, inFlight, wide.running);
          // Uneven job lengths, so slots free up in a mixed order.
          for (let n = 0; n < i % 4; n++) await new Promise((r) => setImmediate(r));
          inFlight--;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect([q.running, q.waiting, wide.running, wide.waiting]).toEqual([0, 0, 0, 0]);
  });
});

describe('passwords', () => {
  it('hashes with scrypt and a salt; verifies in full', async () => {
    const a = await hashPassword('frase de paso');
    const b = await hashPassword('frase de paso');
    expect(a).not.toBe(b);
    expect(await verifyPassword('frase de paso', a)).toBe(true);
    expect(await verifyPassword('frase de pas', a)).toBe(false);
    expect(await verifyPassword('frase de paso', 'garbage')).toBe(false);
  });
  it('generates 20-character passwords from an unambiguous alphabet', () => {
    const seen = new Set(Array.from({ length: 50 }, generatePassword));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/);
  });
});

describe('readEnv', () => {
  it('has the documented defaults', () => {
    const c = readEnv({}, '/srv/app');
    expect(c.port).toBe(8080);
    expect(c.host).toBe('');
    expect(c.dataDir).toBe('/srv/app/data');
    expect(c.trustProxy).toBe(0);
    expect(c.formMinFillMs).toBe(3000);
    expect(c.storeCompactBytes).toBe(16 * 1024 * 1024);
    expect(c.adminPassword).toBeUndefined();
  });
  it('names a bad setting instead of guessing', () => {
    expect(() => readEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => readEnv({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => readEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(readEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(readEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
  it('keeps the calendar sync interval within what a timer can wait (0: no periodic sync)', () => {
    expect(readEnv({}).icalSyncMinutes).toBe(30);
    expect(readEnv({ ICAL_SYNC_MINUTES: '0' }).icalSyncMinutes).toBe(0);
    expect(readEnv({ ICAL_SYNC_MINUTES: '10080' }).icalSyncMinutes).toBe(10_080);
    // 40,000 minutes is more than 2^31-1 ms: Node would fire the timer every millisecond.
    expect(() => readEnv({ ICAL_SYNC_MINUTES: '40000' })).toThrow(ConfigError);
    expect(() => readEnv({ ICAL_SYNC_MINUTES: '10081' })).toThrow(
      /ICAL_SYNC_MINUTES must be a whole number from 0 to 10080/,
    );
  });
});

describe('parseCrashAt', () => {
  it('names a crash point of the table and which time it is reached', () => {
    expect(parseCrashAt('store:after-journal')).toEqual({ point: 'store:after-journal', nth: 1 });
    expect(parseCrashAt(' backup:archiving:3 ')).toEqual({ point: 'backup:archiving', nth: 3 });
    expect(parseCrashAt('store:after-journal:0')).toEqual({ point: 'store:after-journal', nth: 1 });
    for (const name of Object.keys(CRASH_POINTS)) expect(parseCrashAt(name)?.point).toBe(name);
  });

  it('arms nothing for an unset or unknown name', () => {
    expect(parseCrashAt(undefined)).toBeUndefined();
    expect(parseCrashAt('')).toBeUndefined();
    expect(parseCrashAt('store:nowhere')).toBeUndefined();
    expect(parseCrashAt('store:after-journal:x')).toBeUndefined();
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli whenever it is taken at least as gladly as gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip;q=0, *;q=0.5')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('BR;Q=1')).toBe('br');
  });
});

describe('mail catalogues', () => {
  it('word every guest kind in both languages (type-checked) and write the owner in Spanish whatever the booking', () => {
    const { 'guest-expired': _dropped, ...withoutOne } = EN_MAIL_WORDS;
    // @ts-expect-error a catalogue without one guest kind's words does not compile
    const incomplete: GuestMailWords = withoutOne;
    expect(Object.keys(incomplete)).not.toContain('guest-expired');
    const now = Date.parse('2026-11-28T12:00:00Z');
    const ctx = (lang: 'es' | 'en') => ({
      booking: { ...storedBooking(1, now, 'solicitada'), lang },
      settings: initialSettings(),
      guestLink: 'https://example.com/g',
      panelLink: 'https://example.com/p',
    });
    for (const kind of GUEST_MAIL_KINDS) {
      expect(renderMail(kind, ctx('en')).text, kind).toMatch(/^Hello Persona de prueba 1,/);
      expect(renderMail(kind, ctx('es')).text, kind).toMatch(/^Hola, Persona de prueba 1:/);
    }
    for (const kind of OWNER_MAIL_KINDS) expect(renderMail(kind, ctx('en')), kind).toEqual(renderMail(kind, ctx('es')));
  });
});
