import { mkdtemp, rm } from 'node:fs/promises';
import { readStoredData, writeStoredData } from '../../test-support/data-folder';
import type { Data } from '../src/db/schema';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { PublicSettingsSchema, SettingsSchema } from '@cabana/shared/domain/schemas/settings';
import { publicSettings } from '@cabana/shared/domain/config/settings';
import { GuestBookingSchema, RequestedBookingSchema } from '@cabana/shared/domain/schemas/booking';
import {
  BOOKING_DEFAULTS,
  ENGLISH_DEFAULTS,
  PRIVATE_SETTING_KEYS,
} from '@cabana/shared/domain/config/setting-defaults';
import { PROPERTY_DEFAULTS } from '@cabana/shared/domain/config/property-words';
import { todayAtCabin, addDays } from '@cabana/shared/domain/pricing/dates';
import type { ApiErrorBody } from '@cabana/shared/domain/schemas/errors';
import { startTestServer, type TestServer } from '../../test-support/server';
import { initialSettings } from '../src/db/settings';
import { bookingRequestBody } from '../../test-support/bookings';
import { readJson } from '../../test-support/json';
import { bearer, json, sameSite, type JsonResponse } from './helpers/http';

const PATH = '/ajustes';
/** A valid outside rating; each refusal below spoils one part of it. */
const AIRBNB = {
  platform: 'airbnb',
  rating: 4.9,
  count: 150,
  url: 'https://www.airbnb.com.co/rooms/1',
  readOn: '2026-11-01',
};
const OWNER_PATH = '/ajustes/completos';

const publicBookingDefaults = Object.fromEntries(
  Object.entries(BOOKING_DEFAULTS).filter(([key]) => !(PRIVATE_SETTING_KEYS as readonly string[]).includes(key)),
);

/** A fresh install's settings: the defaults, the house's facts and the English texts (issue 32). */
const FRESH = initialSettings();

const settingsOf = async (res: JsonResponse) => (await res.json()) as Record<string, unknown>;
const errorOf = async (res: JsonResponse) => (await res.json()) as ApiErrorBody & { fields: Record<string, string> };

describe('settings (GET/PATCH /api/ajustes)', () => {
  let s: TestServer;
  let cookie: string;
  const read = async () => settingsOf(await json(s, 'GET', PATH));
  const patch = (body: unknown) => json(s, 'PATCH', PATH, body, sameSite(s, cookie));

  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.loginCookie();
  });
  afterAll(() => s.close());

  it("starts with business.ts's facts and is public to read", async () => {
    const res = await json(s, 'GET', PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = await settingsOf(res);
    expect(body).toEqual({
      name: BUSINESS.name,
      tagline: BUSINESS.tagline,
      phone: BUSINESS.phoneDisplay,
      whatsappNumber: BUSINESS.whatsappNumber,
      whatsappGreeting: BUSINESS.whatsappGreeting,
      email: BUSINESS.email,
      address: BUSINESS.address.display,
      mapUrl: BUSINESS.mapUrl,
      hours: BUSINESS.hours,
      socials: BUSINESS.socials,
      rnt: BUSINESS.rnt,
      copPerUsd: BUSINESS.copPerUsd,
      minPeople: BUSINESS.minPeople,
      maxPeople: BUSINESS.maxPeople,
      // The booking terms (issue 21): off, 50 % deposit, balance on arrival, moderate policy,
      // 15:00/11:00; how guests pay is not public.
      ...publicBookingDefaults,
      // The legal entity's sample (issue 35) and no outside rating until the owner enters one.
      legalName: BUSINESS.dataController.name,
      nit: BUSINESS.dataController.nit,
      outsideRating: null,
      // Issue 32: the English site's texts, and the house (5 bedrooms, 4 bathrooms, beds for 20).
      ...ENGLISH_DEFAULTS,
      property: PROPERTY_DEFAULTS,
    });
    expect(PublicSettingsSchema.parse(body)).toEqual(publicSettings(FRESH));
    const whole = await json(s, 'GET', OWNER_PATH, undefined, { cookie });
    expect(whole.status).toBe(200);
    expect(SettingsSchema.parse(await whole.json())).toEqual(FRESH);
  });

  it('lets the admin change any subset (cookie or bearer) and answers the whole object', async () => {
    let res = await patch({ phone: '+57 310 222 3344', whatsappNumber: '573102223344', copPerUsd: 3950.5 });
    expect(res.status).toBe(200);
    expect(await settingsOf(res)).toEqual({
      ...FRESH,
      phone: '+57 310 222 3344',
      whatsappNumber: '573102223344',
      copPerUsd: 3950.5,
    });
    const token = await s.loginToken();
    res = await json(
      s,
      'PATCH',
      PATH,
      {
        hours: { opens: '07:30', closes: '21:00', display: 'Todos los días, 7:30 AM – 9:00 PM' },
        socials: [{ name: 'Instagram', url: 'https://www.instagram.com/otra.cuenta' }],
        email: '  nueva@brisasdelgolfo.co ',
      },
      bearer(token),
    );
    expect(res.status).toBe(200);
    const now = await read();
    expect(now).toMatchObject({
      phone: '+57 310 222 3344',
      copPerUsd: 3950.5,
      email: 'nueva@brisasdelgolfo.co',
      hours: { opens: '07:30', closes: '21:00' },
      socials: [{ name: 'Instagram', url: 'https://www.instagram.com/otra.cuenta' }],
    });
  });

  it('refuses without a session (401) and from a foreign origin (403), changing nothing', async () => {
    const before = await read();
    let res = await json(s, 'PATCH', PATH, { rnt: '999999' });
    expect(res.status).toBe(401);
    res = await json(s, 'PATCH', PATH, { rnt: '999999' }, { cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await read()).toEqual(before);
  });

  it.each([
    ['a phone without country code', { phone: '300 555 0142' }, 'phone', /indicativo/],
    ['a phone with letters', { phone: '+57 300 CALL ME' }, 'phone', /indicativo/],
    ['a phone too short', { phone: '+57 300' }, 'phone', /dígitos/],
    ['a WhatsApp number with +', { whatsappNumber: '+573005550142' }, 'whatsappNumber', /solo dígitos/],
    ['a WhatsApp number too long', { whatsappNumber: '5730055501421234' }, 'whatsappNumber', /solo dígitos/],
    ['a bad e-mail', { email: 'reservas@' }, 'email', /correo/],
    ['an http map link', { mapUrl: 'http://maps.google.com/?q=1' }, 'mapUrl', /https/],
    ['a javascript: map link', { mapUrl: 'javascript:alert(1)' }, 'mapUrl', /https/],
    ['a map link with credentials', { mapUrl: 'https://u:p@maps.google.com/' }, 'mapUrl', /https/],
    [
      'an unknown network',
      { socials: [{ name: 'MySpace', url: 'https://myspace.com/x' }] },
      'socials.0.name',
      /Elige una red/,
    ],
    [
      "a social link on another network's host",
      { socials: [{ name: 'Facebook', url: 'https://evil.example/brisas' }] },
      'socials.0.url',
      /facebook\.com/,
    ],
    [
      'an http social link',
      { socials: [{ name: 'Instagram', url: 'http://www.instagram.com/x' }] },
      'socials.0.url',
      /https/,
    ],
    [
      'the same network twice',
      {
        socials: [
          { name: 'TikTok', url: 'https://www.tiktok.com/@a' },
          { name: 'TikTok', url: 'https://www.tiktok.com/@b' },
        ],
      },
      'socials.1.name',
      /ya está/,
    ],
    [
      'an unknown key in a social entry',
      { socials: [{ name: 'TikTok', url: 'https://www.tiktok.com/@a', icon: 'x' }] },
      'socials.0.icon',
      /no permitido/,
    ],
    ['an RNT with letters', { rnt: 'RNT-1234' }, 'rnt', /dígitos/],
    ['a rate of zero', { copPerUsd: 0 }, 'copPerUsd', /al menos/],
    ['a negative rate', { copPerUsd: -4000 }, 'copPerUsd', /al menos/],
    ['a rate a digit too long', { copPerUsd: 40_210 }, 'copPerUsd', /superar/],
    ['a rate as text', { copPerUsd: '4021' }, 'copPerUsd', /número/],
    ['a rate with three decimals', { copPerUsd: 4021.125 }, 'copPerUsd', /decimales/],
    ['a minimum above the maximum', { minPeople: 21 }, 'minPeople', /como mucho 20/],
    ['a minimum above the current maximum', { minPeople: 20, maxPeople: 10 }, 'maxPeople', /menor que el mínimo/],
    ['zero people', { minPeople: 0 }, 'minPeople', /al menos 1/],
    ['half a person', { maxPeople: 10.5 }, 'maxPeople', /entero/],
    ['markup in the name', { name: 'Cabaña <script>alert(1)</script>' }, 'name', /< >/],
    ['a template in the tagline', { tagline: 'Hola {{owner}}' }, 'tagline', /< >/],
    ['a control character', { address: 'Vía Tolú\u0007 km 3' }, 'address', /control/],
    ['a line break', { whatsappGreeting: 'Hola\nquiero reservar' }, 'whatsappGreeting', /saltos de línea/],
    ['a bidi override', { name: 'Cabaña \u202Eatsoc' }, 'name', /control/],
    ['an over-long greeting', { whatsappGreeting: 'a'.repeat(301) }, 'whatsappGreeting', /300 caracteres/],
    ['an empty name', { name: '   ' }, 'name', /Escribe el nombre/],
    ['a bad hour', { hours: { opens: '8', closes: '20:00', display: 'Siempre' } }, 'hours.opens', /08:00/],
    ['hours missing a part', { hours: { opens: '08:00' } }, 'hours.closes', /08:00/],
    // The house's facts (issue 32).
    ['half a bedroom', { property: { ...PROPERTY_DEFAULTS, bedrooms: 2.5 } }, 'property.bedrooms', /entero/],
    ['negative bathrooms', { property: { ...PROPERTY_DEFAULTS, bathrooms: -1 } }, 'property.bathrooms', /negativo/],
    [
      'a bed type that is none',
      { property: { ...PROPERTY_DEFAULTS, beds: { futon: 2 } } },
      'property.beds.futon',
      /no permitido/,
    ],
    [
      'too many beds of a type',
      { property: { ...PROPERTY_DEFAULTS, beds: { single: 41 } } },
      'property.beds.single',
      /40 camas/,
    ],
    [
      'an amenity that is none',
      { property: { ...PROPERTY_DEFAULTS, amenities: ['helipad'] } },
      'property.amenities.0',
      /comodidades de la lista/,
    ],
    [
      'an amenity twice',
      { property: { ...PROPERTY_DEFAULTS, amenities: ['wifi', 'wifi'] } },
      'property.amenities',
      /repetida/,
    ],
    [
      'the house without its amenities',
      { property: { bedrooms: 2, bathrooms: 1, beds: {} } },
      'property.amenities',
      /lista/,
    ],
    ['markup in the English house rules', { houseRulesEn: 'No <b>parties</b>' }, 'houseRulesEn', /< >/],
    ['an unknown key', { precio: 1 }, 'precio', /no permitido/],
    ['a business fact that is not a setting', { siteUrl: 'https://evil.example' }, 'siteUrl', /no permitido/],
    // Issue 35: the legal entity and the outside rating.
    ['an empty legal name', { legalName: ' ' }, 'legalName', /razón social/],
    ['markup in the legal name', { legalName: 'X <b>S.A.S.</b>' }, 'legalName', /< >/],
    ['a NIT without its check digit', { nit: '901555014' }, 'nit', /dígito de verificación, p\. ej\./],
    ['a NIT with letters', { nit: '90155501A-3' }, 'nit', /dígito de verificación, p\. ej\./],
    ['a NIT whose check digit is wrong', { nit: '901.555.014-2' }, 'nit', /no corresponde/],
    [
      'an Airbnb rating above 5',
      {
        outsideRating: {
          ...AIRBNB,
          rating: 5.1,
        },
      },
      'outsideRating.rating',
      /de 1 a 5/,
    ],
    [
      'a rating below 1',
      {
        outsideRating: {
          ...AIRBNB,
          rating: 0.5,
        },
      },
      'outsideRating.rating',
      /al menos 1/,
    ],
    [
      'a Booking.com rating above 10',
      {
        outsideRating: {
          ...AIRBNB,
          platform: 'booking',
          url: 'https://www.booking.com/hotel/co/x.html',
          rating: 10.5,
        },
      },
      'outsideRating.rating',
      /de 1 a 10/,
    ],
    [
      'a rating with three decimals',
      {
        outsideRating: {
          ...AIRBNB,
          rating: 4.876,
        },
      },
      'outsideRating.rating',
      /dos decimales/,
    ],
    [
      'no reviews',
      {
        outsideRating: {
          ...AIRBNB,
          count: 0,
        },
      },
      'outsideRating.count',
      /al menos 1/,
    ],
    [
      'an Airbnb link on another domain',
      {
        outsideRating: {
          ...AIRBNB,
          url: 'https://airbnb.com.evil.example/rooms/1',
        },
      },
      'outsideRating.url',
      /anuncio en Airbnb/,
    ],
    [
      'a Booking.com rating linking to Airbnb',
      {
        outsideRating: {
          ...AIRBNB,
          platform: 'booking',
          rating: 9,
        },
      },
      'outsideRating.url',
      /anuncio en Booking\.com/,
    ],
    [
      'an http listing link',
      {
        outsideRating: {
          ...AIRBNB,
          url: 'http://www.airbnb.com/rooms/1',
        },
      },
      'outsideRating.url',
      /https/,
    ],
    [
      'an unknown platform',
      {
        outsideRating: {
          ...AIRBNB,
          platform: 'tripadvisor',
        },
      },
      'outsideRating.platform',
      /Airbnb o Booking/,
    ],
    [
      'a date that does not exist',
      {
        outsideRating: {
          ...AIRBNB,
          readOn: '2026-02-30',
        },
      },
      'outsideRating.readOn',
      /AAAA-MM-DD/,
    ],
    [
      'a date read in the future',
      {
        outsideRating: {
          ...AIRBNB,
          readOn: addDays(todayAtCabin(), 2),
        },
      },
      'outsideRating.readOn',
      /posterior a hoy/,
    ],
  ])('refuses %s with 400, a Spanish message beside the field, and changes nothing', async (_l, body, field, msg) => {
    const before = await read();
    // Sent with a valid change beside it: nothing of a refused request is kept.
    const res = await patch({ rnt: '111111', ...body });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.code).toBe('VALIDATION');
    expect(err.fields[field]).toMatch(msg);
    // One problem is said plainly; several get a summary and each its message beside the field.
    expect([err.fields[field], 'Revisa los datos enviados.']).toContain(err.error);
    expect(await read()).toEqual(before);
  });

  it('stores the NIT written the usual way, and the outside rating as read (today is not the future)', async () => {
    let res = await patch({ legalName: 'Inversiones Morrosquillo S.A.S.', nit: ' 860034313-7 ' });
    expect(res.status).toBe(200);
    expect(await settingsOf(res)).toMatchObject({ legalName: 'Inversiones Morrosquillo S.A.S.', nit: '860.034.313-7' });
    const today = todayAtCabin(new Date(s.clock.now()));
    const rating = {
      platform: 'booking',
      rating: 9.25,
      count: 1200,
      url: 'https://www.booking.com/hotel/co/brisas.html',
      readOn: today,
    };
    res = await patch({ outsideRating: rating });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await read()).outsideRating).toEqual(rating);
    // Taken off again: nothing is shown.
    res = await patch({ outsideRating: null });
    expect(res.status).toBe(200);
    expect((await read()).outsideRating).toBeNull();
  });

  it('keeps the house’s facts and the English house rules the owner writes (issue 32)', async () => {
    const property = { bedrooms: 3, bathrooms: 2, beds: { king: 1, bunk: 3 }, amenities: ['pool', 'wifi', 'tv'] };
    let res = await patch({ property, houseRulesEn: 'No smoking.\r\nNo parties.' });
    expect(res.status).toBe(200);
    expect(await read()).toMatchObject({ property, houseRulesEn: 'No smoking.\nNo parties.' });
    // Empty: the English pages show the Spanish rules again.
    res = await patch({ houseRulesEn: '' });
    expect(res.status).toBe(200);
    expect((await read()).houseRulesEn).toBe('');
  });

  it('refuses an empty patch, a body that is not an object, and broken JSON', async () => {
    const before = await read();
    for (const body of ['{}', '[]', '"texto"', '{"phone":', 'null']) {
      const res = await patch(body);
      expect(res.status, body).toBe(400);
      expect((await errorOf(res)).code).toBe('VALIDATION');
    }
    expect(await read()).toEqual(before);
  });

  it('checks the people limits against each other on the merged whole', async () => {
    expect((await patch({ maxPeople: 8 })).status).toBe(200);
    const res = await patch({ minPeople: 9 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields.maxPeople).toMatch(/menor que el mínimo \(9\)/);
    expect(await patch({ minPeople: 4, maxPeople: 12 })).toHaveProperty('status', 200);
  });

  it("applies the owner's people limits to quotes and reservations", async () => {
    const checkIn = addDays(todayAtCabin(), 20);
    const checkOut = addDays(checkIn, 2);
    const quote = (n: number) => json(s, 'GET', `/cotizacion?checkIn=${checkIn}&checkOut=${checkOut}&numPeople=${n}`);
    expect((await quote(4)).status).toBe(200);
    let res = await quote(3);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields.numPeople).toBe('El mínimo es de 4 personas.');
    res = await quote(13);
    expect((await errorOf(res)).fields.numPeople).toBe('La capacidad máxima es de 12 personas.');

    const formToken = ((await (await json(s, 'GET', '/consultas/token')).json()) as { token: string }).token;
    // A booking request (the old reservation form of /consultas is gone: issue 33).
    const reservation = (numPeople: number) => ({
      name: 'María Pérez',
      email: 'maria@example.com',
      phone: '+57 300 123 4567',
      checkIn,
      checkOut,
      numPeople,
      message: '',
      consent: true,
      formToken,
    });
    res = await json(s, 'POST', '/reservas', reservation(13));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields.numPeople).toMatch(/máxima es de 12/);
    res = await json(s, 'POST', '/reservas', reservation(12));
    expect(res.status).toBe(201);
  });

  it("how guests pay: the owner's and each guest's own booking, never public", async () => {
    const payment = {
      bankAccount: 'Bancolombia ahorros 123-456789-01 a nombre de Ana Gómez',
      nequiNumber: '3117771234',
      daviplataNumber: '3127775678',
    };
    const saved = await patch(payment);
    expect(saved.status).toBe(200);
    // PATCH answers the owner: the whole object.
    expect(await settingsOf(saved)).toMatchObject(payment);

    const open = await json(s, 'GET', PATH);
    const publicBody = await settingsOf(open);
    for (const key of Object.keys(payment)) expect(publicBody).not.toHaveProperty(key);
    expect(JSON.stringify(publicBody)).not.toContain('3117771234');
    // The owner's own row: by cookie or bearer, never without a session.
    expect(await settingsOf(await json(s, 'GET', OWNER_PATH, undefined, { cookie }))).toMatchObject(payment);
    expect(await settingsOf(await json(s, 'GET', OWNER_PATH, undefined, bearer(await s.loginToken())))).toMatchObject(
      payment,
    );
    const anonymous = await json(s, 'GET', OWNER_PATH);
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(await anonymous.json())).not.toContain('3117771234');

    // A guest with a booking reads them on the private page's view.
    const requested = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 80, 2));
    expect(requested.status).toBe(201);
    const { code, token } = await readJson(requested, RequestedBookingSchema);
    const view = await readJson(await json(s, 'GET', `/reserva/${code}?t=${token}`), GuestBookingSchema);
    expect(view.payment).toEqual(payment);
  });
});

describe('settings on disk', () => {
  it('survive a restart, and a data file from before settings existed gets the defaults', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cabana-ajustes-'));
    try {
      let s = await startTestServer({ dataDir });
      const cookie = await s.loginCookie();
      const res = await json(s, 'PATCH', PATH, { whatsappNumber: '573001112233' }, sameSite(s, cookie));
      expect(res.status).toBe(200);
      await s.close();
      const saved: Partial<Data> = await readStoredData(dataDir);
      expect(saved.settings?.whatsappNumber).toBe('573001112233');

      s = await startTestServer({ dataDir });
      expect((await settingsOf(await json(s, 'GET', PATH))).whatsappNumber).toBe('573001112233');
      await s.close();

      // As an earlier version left it: no settings at all.
      delete saved.settings;
      await writeStoredData(dataDir, saved);
      s = await startTestServer({ dataDir });
      expect(await settingsOf(await json(s, 'GET', PATH))).toEqual(publicSettings(FRESH));
      await s.close();

      // As a version before issue 32 left them: settings without the house's facts.
      const before32 = await readStoredData(dataDir);
      const { property: _gone, ...older } = before32.settings;
      await writeStoredData(dataDir, { ...before32, settings: older as typeof before32.settings });
      s = await startTestServer({ dataDir });
      expect((await settingsOf(await json(s, 'GET', PATH))).property).toEqual(PROPERTY_DEFAULTS);
      await s.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
