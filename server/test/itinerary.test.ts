import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { cabinInstant } from '@cabana/shared/domain/pricing/booking';
import { BookingSchema, GuestBookingSchema, type Booking } from '@cabana/shared/domain/schemas/booking';
import { startTestServer, type TestServer } from '../../test-support/server';
import { TestClock } from '../../test-support/clock';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { readError, readJson } from '../../test-support/json';
import { bookingRequestBody, serverToday } from '../../test-support/bookings';
import { bearer, json } from './helpers/http';

/** What the owner writes in Ajustes for the itinerary and the pre-arrival message (issue 32). */
const STAY_SETTINGS = {
  hostName: 'Marta Julio',
  directionsTolu: 'Desde el parque de Tolú, toma la vía a Coveñas 6 km.\nGira a la derecha en el letrero azul.',
  directionsToluEn: 'From the Tolú park, take the road to Coveñas for 6 km.\nTurn right at the blue sign.',
  directionsCovenas: 'Desde Coveñas, toma la vía a Tolú 9 km.',
  // No English version: the English e-mail shows the Spanish text.
  directionsCovenasEn: '',
  checkInSteps: 'Llámanos al llegar a la portería.\nTe entregamos las llaves y el control.',
  checkInStepsEn: 'Call us when you reach the gate.\nWe hand you the keys and the remote.',
  checkOutSteps: 'Deja las llaves en la cocina y cierra la reja.',
  checkOutStepsEn: 'Leave the keys in the kitchen and close the gate.',
  arrivalInstructions: 'Wi-Fi: Brisas2026 (clave: mar&arena)\nParqueadero dentro de la reja.',
  arrivalInstructionsEn: 'Wi-Fi: Brisas2026 (password: mar&arena)\nParking inside the gate.',
  preArrivalDays: 3,
};

const NOTE = 'Les dejamos <b>leña</b> para la fogata & hamacas';

/**
 * Issue 32 over HTTP with real e-mail and the injected clock: the owner's note as a message, the
 * confirmation's itinerary and `.ics` (parsed back), the calendar endpoint, and the pre-arrival and
 * check-out messages, each once, across a restart.
 */
describe("a confirmed guest's itinerary and messages (issue 32)", () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let dataDir: string;
  const clock = new TestClock();
  let admin: Record<string, string>;
  const owner = async (method: string, p: string, body?: unknown): Promise<Booking> => {
    await fresh();
    const res = await json(s, method, p, body, admin);
    if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(await res.json())}`);
    return readJson(res, BookingSchema);
  };
  const start = async () => {
    s = await startTestServer({ dataDir, clock, env: { SMTP_URL: smtp.url, ENQUIRIES_PER_CLIENT: '100' } });
    admin = bearer(await s.loginToken());
  };
  /** A request `inDays` ahead, accepted with the owner's note; `paid`: the deposit recorded (confirmed). */
  const booking = async (inDays: number, nights: number, lang: 'es' | 'en', paid: boolean) => {
    const res = await json(s, 'POST', '/reservas', { ...(await bookingRequestBody(s, inDays, nights)), lang });
    expect(res.status).toBe(201);
    const { code, token } = (await res.json()) as { code: string; token: string };
    const list = (await (await json(s, 'GET', `/reservas?q=${code}`, undefined, admin)).json()) as { id: string }[];
    const b = await owner('POST', `/reservas/${list[0]!.id}/aceptar`, { note: NOTE });
    if (paid)
      await owner('POST', `/reservas/${b.id}/pagos`, {
        amount: b.price.deposit,
        method: 'transferencia',
        date: serverToday(s),
      });
    return { id: b.id, code, token };
  };
  const mailsFor = (code: string, subject: string) =>
    smtp.messages.filter((m) => m.subject.includes(code) && m.subject.startsWith(subject));
  const timers = async () => {
    await s.running.deps.bookings.runTimers();
  };
  /** The clock moved to `time` (cabin time) of `date`; the owner signs in again before the next call (sessions age). */
  let stale = false;
  const moveTo = (date: string, time: string) => {
    clock.advance(cabinInstant(date, time) - clock.now());
    stale = true;
  };
  const fresh = async () => {
    if (stale) admin = bearer(await s.loginToken());
    stale = false;
  };
  /** Messages of `kind` for the booking still waiting in the outbox (a second copy would be one, or be received). */
  const unsent = async (kind: string, code: string) => {
    await fresh();
    const list = (await (await json(s, 'GET', '/correos', undefined, admin)).json()) as {
      entries: { kind: string; code: string }[];
    };
    return list.entries.filter((e) => e.kind === kind && e.code === code).length;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-itin-'));
    clock.toCabinMorning();
    await start();
    const saved = await json(s, 'PATCH', '/ajustes', STAY_SETTINGS, admin);
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('the settings: saved and read back by the owner, never in the public settings; bad values get a Spanish 400', async () => {
    const full = (await (await json(s, 'GET', '/ajustes/completos', undefined, admin)).json()) as Record<
      string,
      unknown
    >;
    expect(full).toMatchObject(STAY_SETTINGS);
    const pub = (await (await json(s, 'GET', '/ajustes')).json()) as Record<string, unknown>;
    for (const key of Object.keys(STAY_SETTINGS)) expect(pub[key], key).toBeUndefined();
    const bad = await json(s, 'PATCH', '/ajustes', { preArrivalDays: 0, checkInSteps: 'Abre <script>' }, admin);
    expect(bad.status).toBe(400);
    const fields = (await readError(bad)).fields ?? {};
    expect(fields.preArrivalDays).toBe('Las instrucciones se envían al menos 1 día antes de la llegada.');
    expect(fields.checkInSteps).toBe('No puede tener los caracteres < > { } `.');
    const long = await json(s, 'PATCH', '/ajustes', { arrivalInstructionsEn: 'x'.repeat(2001) }, admin);
    expect(long.status).toBe(400);
    expect((await readError(long)).fields?.arrivalInstructionsEn).toBe('Admite hasta 2000 caracteres.');
  });

  it("the owner's note is a message to the guest in the accepted e-mail, as text; the confirmation carries the itinerary and the stay as .ics", async () => {
    const b = await booking(20, 2, 'es', true);
    const accepted = await smtp.find((m) => m.subject.startsWith('Reserva aceptada') && m.text.includes(b.code));
    expect(accepted.text).toContain(`Mensaje de Marta Julio:\n${NOTE}`);
    // Never HTML: the note's markup is shown, escaped.
    expect(accepted.html).toContain(
      'Mensaje de Marta Julio:<br>Les dejamos &lt;b&gt;leña&lt;/b&gt; para la fogata &amp; hamacas',
    );
    expect(accepted.html).not.toContain('<b>leña</b>');

    const confirmed = await smtp.find((m) => m.subject === `Reserva confirmada ${b.code}`);
    const checkIn = addDays(serverToday(s), 20);
    for (const line of [
      `Mensaje de Marta Julio:\n${NOTE}`,
      'Tu itinerario:',
      'Dirección: ',
      'Mapa: https://',
      `Cómo llegar desde Tolú:\n${STAY_SETTINGS.directionsTolu}`,
      `Cómo llegar desde Coveñas:\n${STAY_SETTINGS.directionsCovenas}`,
      `La llegada (desde las 15:00):\n${STAY_SETTINGS.checkInSteps}`,
      `La salida (hasta las 11:00):\n${STAY_SETTINGS.checkOutSteps}`,
      'Normas de la casa:\nNo se permite fumar dentro de la cabaña.',
      'Tu anfitrión: Marta Julio, +57',
      'Adjuntamos tu estadía como archivo de calendario (.ics)',
    ])
      expect(confirmed.text, line).toContain(line);
    // The arrival instructions (Wi-Fi, key) go only in the pre-arrival message.
    expect(confirmed.text).not.toContain('Brisas2026');

    expect(confirmed.attachments).toHaveLength(1);
    const file = confirmed.attachments[0]!;
    expect(file.filename).toBe(`reserva-${b.code}.ics`);
    expect(file.contentType).toBe('text/calendar');
    const event = parseEvent(file.content);
    expect(event.startDate.toJSDate().getTime()).toBe(cabinInstant(checkIn, '15:00'));
    expect(event.endDate.toJSDate().getTime()).toBe(cabinInstant(addDays(checkIn, 2), '11:00'));
    expect(event.summary).toBe(`Estadía en ${await settingsName(s)} (reserva ${b.code})`);
    expect(event.description).toContain('Anfitrión: Marta Julio, +57');
    // The page's address, never its secret: calendars are shared and synced elsewhere.
    expect(event.description).toMatch(new RegExp(`/reserva/${b.code}(\\s|$)`));
    expect(file.content).not.toContain(b.token);
    expect(event.location.length).toBeGreaterThan(5);

    // The same event from the page's link: same UID, so a calendar keeps one.
    const res = await fetch(`${s.apiUrl}/reserva/${b.code.toLowerCase()}/calendario.ics?t=${b.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(parseEvent(text).uid).toBe(event.uid);
    expect(event.uid).toBe(`reserva-${b.id}@${new URL(event.uid.replace(/^[^@]*@/, 'https://')).hostname}`);
    // RFC 5545: CRLF after every line, none longer than 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(text.split('\r\n').some((l) => l.startsWith(' '))).toBe(true);

    // The private page's data carries the itinerary, without the arrival instructions.
    const view = await readJson(await json(s, 'GET', `/reserva/${b.code}?t=${b.token}`), GuestBookingSchema);
    expect(view.itinerary).toMatchObject({
      hostName: 'Marta Julio',
      directionsTolu: { es: STAY_SETTINGS.directionsTolu, en: STAY_SETTINGS.directionsToluEn },
      directionsCovenas: { es: STAY_SETTINGS.directionsCovenas, en: '' },
      calendarPath: `/api/reserva/${b.code}/calendario.ics?t=${b.token}`,
    });
    expect(JSON.stringify(view)).not.toContain('Brisas2026');
  });

  it('the calendar file: 404 for a wrong link, 409 before the stay is confirmed; no itinerary on the page before', async () => {
    const b = await booking(40, 2, 'es', false);
    const wrong = await fetch(`${s.apiUrl}/reserva/${b.code}/calendario.ics?t=${'A'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect((await readError(wrong)).error).toBe('No encontramos esa reserva. Revisa el enlace del correo.');
    const unknown = await fetch(`${s.apiUrl}/reserva/ZZZZZZZZ/calendario.ics?t=${b.token}`);
    expect(unknown.status).toBe(404);
    const malformed = await fetch(`${s.apiUrl}/reserva/${b.code}/calendario.ics?t=corto`);
    expect(malformed.status).toBe(400);
    const held = await fetch(`${s.apiUrl}/reserva/${b.code}/calendario.ics?t=${b.token}`);
    expect(held.status).toBe(409);
    expect((await readError(held)).error).toBe('El itinerario está disponible cuando la reserva está confirmada.');
    const view = await readJson(await json(s, 'GET', `/reserva/${b.code}?t=${b.token}`), GuestBookingSchema);
    expect(view.itinerary).toBeUndefined();
  });

  it('pre-arrival and check-out messages: on their day, once each (across a restart), in the booking language', async () => {
    const today = serverToday(s);
    const es = await booking(10, 2, 'es', true);
    const en = await booking(12, 2, 'en', true);
    const checkIn = addDays(today, 10);

    moveTo(addDays(checkIn, -4), '20:00');
    await timers();
    expect(mailsFor(es.code, 'Tu llegada se acerca')).toHaveLength(0);

    moveTo(addDays(checkIn, -3), '08:59');
    await timers();
    expect(mailsFor(es.code, 'Tu llegada se acerca')).toHaveLength(0);
    moveTo(addDays(checkIn, -3), '09:00');
    await timers();
    const pre = await smtp.find((m) => m.subject === `Tu llegada se acerca: instrucciones (reserva ${es.code})`);
    for (const line of [
      `Instrucciones de llegada:\n${STAY_SETTINGS.arrivalInstructions}`,
      `Cómo llegar desde Tolú:\n${STAY_SETTINGS.directionsTolu}`,
      `La llegada (desde las 15:00):\n${STAY_SETTINGS.checkInSteps}`,
      'Tu anfitrión: Marta Julio',
      'Saldo pendiente: ',
    ])
      expect(pre.text, line).toContain(line);
    expect(pre.text).toMatch(/Te esperamos el \S+, \d+ de \S+ de \d{4}, desde las 15:00/);
    expect(pre.html).toContain('clave: mar&amp;arena');
    moveTo(addDays(checkIn, -1), '09:00');
    await timers();
    const preEn = await smtp.find((m) => m.subject === `Your arrival is coming up: instructions (booking ${en.code})`);
    for (const line of [
      `Arrival instructions:\n${STAY_SETTINGS.arrivalInstructionsEn}`,
      `Getting there from Tolú:\n${STAY_SETTINGS.directionsToluEn}`,
      // No English version written: the Spanish text.
      `Getting there from Coveñas:\n${STAY_SETTINGS.directionsCovenas}`,
      `Check-in (from 15:00):\n${STAY_SETTINGS.checkInStepsEn}`,
      'Your host: Marta Julio',
    ])
      expect(preEn.text, line).toContain(line);
    // The English confirmation carries the English house rules frozen with the booking.
    const confirmedEn = await smtp.find((m) => m.subject === `Booking confirmed ${en.code}`);
    expect(confirmedEn.text).toContain('House rules:\nNo smoking inside the cabin.');

    // Once: the next run, and a restart, write no second one.
    await timers();
    await s.close();
    await start();
    await timers();
    const stored = await owner('GET', `/reservas/${es.id}`);
    expect(stored.reminders.preArrival).toBeDefined();
    expect(await unsent('guest-pre-arrival', es.code)).toBe(0);
    expect(mailsFor(es.code, 'Tu llegada se acerca')).toHaveLength(1);

    // The day before leaving: not in the morning, from the evening; once.
    const checkOut = addDays(checkIn, 2);
    moveTo(addDays(checkOut, -1), '10:00');
    await timers();
    expect(mailsFor(es.code, 'Mañana es tu salida')).toHaveLength(0);
    moveTo(addDays(checkOut, -1), '16:00');
    await timers();
    const out = await smtp.find((m) => m.subject === `Mañana es tu salida (reserva ${es.code})`);
    expect(out.text).toMatch(/Te recordamos que tu salida es mañana, \S+, \d+ de \S+ de \d{4}, hasta las 11:00\./);
    expect(out.text).toContain(`La salida (hasta las 11:00):\n${STAY_SETTINGS.checkOutSteps}`);
    expect(out.text).toContain('¡Gracias por tu visita!');
    await timers();
    expect((await owner('GET', `/reservas/${es.id}`)).reminders.checkout).toBeDefined();
    expect(await unsent('guest-checkout-reminder', es.code)).toBe(0);
    expect(mailsFor(es.code, 'Mañana es tu salida')).toHaveLength(1);
    moveTo(addDays(checkOut, 1), '16:00');
    await timers();
    const outEn = await smtp.find((m) => m.subject === `Check-out is tomorrow (booking ${en.code})`);
    expect(outEn.text).toMatch(/A reminder that check-out is tomorrow, \S+, \S+ \d+, \d{4}, by 11:00\./);
    expect(outEn.text).toContain(`Check-out (by 11:00):\n${STAY_SETTINGS.checkOutStepsEn}`);
    expect(outEn.text).toContain('Thank you for staying with us!');
  });
});

/** The one event of an iCal text, parsed as a calendar would. */
function parseEvent(text: string): ICAL.Event {
  const cal = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = cal.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return new ICAL.Event(events[0]);
}

async function settingsName(s: TestServer): Promise<string> {
  return ((await (await json(s, 'GET', '/ajustes')).json()) as { name: string }).name;
}
