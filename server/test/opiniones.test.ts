import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { OverviewSchema } from '@cabana/shared/domain/schemas/overview';
import {
  OwnerReviewsSchema,
  PublicReviewSchema,
  PublicReviewsSchema,
  ReviewInviteSchema,
} from '@cabana/shared/domain/schemas/review';
import { startTestServer, type TestServer } from '../../test-support/server';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { TestClock } from '../../test-support/clock';
import { readError, readJson } from '../../test-support/json';
import { acceptedBooking, confirmedBooking, serverToday } from '../../test-support/bookings';
import { bearer, json } from './helpers/http';

const DAY = 24 * 3_600_000;
const INVITE_ES = '¿Cómo estuvo tu estadía? Cuéntanos';
const INVITE_EN = 'How was your stay? Tell us';
const REMINDER_ES = 'Recordatorio: cuéntanos cómo estuvo tu estadía';
const TEXT = 'La cabaña estaba impecable, el jacuzzi funcionó todo el fin de semana y el mar queda cerca.';

describe('guest reviews (issue 35): invitation, review link, publication and moderation', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let dataDir: string;
  const clock = new TestClock();
  let admin: Record<string, string> | undefined;
  const env = () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Brisas <reservas@brisas.test>' });
  const timers = async () => {
    await s.running.deps.bookings.runTimers();
    await s.running.deps.outbox.kick();
  };
  /** Moves the clock on; the owner signs in again when next needed (sessions end after 12 hours). */
  const advance = (ms: number) => {
    clock.advance(ms);
    admin = undefined;
  };
  const signedIn = async () => (admin ??= bearer(await s.loginToken()));
  const owner = async <S extends z.ZodType>(method: string, p: string, schema: S, body?: unknown) => {
    const res = await json(s, method, p, body, await signedIn());
    if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(await res.json())}`);
    return readJson(res, schema);
  };
  const subjects = (subject: string) => smtp.messages.filter((m) => m.subject === subject);
  /** A one-night stay `inDays` from today, its deposit paid by transfer (`confirmada`). */
  const confirmedStay = (inDays: number, over: Record<string, unknown> = {}) => confirmedBooking(s, inDays, 1, over);
  const linkOf = (text: string, prefix: string) => {
    const m = new RegExp(`${prefix}/([A-Z0-9]{8})\\?t=([A-Za-z0-9_-]{43})`).exec(text);
    if (!m) throw new Error(`no review link in: ${text}`);
    return { code: m[1]!, t: m[2]! };
  };
  let es: { id: string; code: string; token: string };
  let esLink: { code: string; t: string };
  let en: { id: string; code: string };
  let esCheckIn: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-opiniones-'));
    s = await startTestServer({ env: env(), dataDir, clock });
    clock.toCabinMorning();
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('invites the day after check-out in the booking language, reminds once a week later, never twice across a restart', async () => {
    // The English stay leaves a day before the Spanish one.
    en = await confirmedStay(1, { lang: 'en', email: 'john@example.com', name: 'John Smith' });
    esCheckIn = addDays(serverToday(s), 2);
    es = await confirmedStay(2);
    // The Spanish stay's check-out day: it is completed, its guest not invited yet.
    advance(3 * DAY);
    await timers();
    expect(s.running.deps.store.view.bookings.find((b) => b.id === es.id)!.state).toBe('completada');
    await timers();
    expect(subjects(INVITE_ES)).toHaveLength(0);

    advance(DAY);
    await timers();
    const invite = await smtp.find((m) => m.subject === INVITE_ES);
    expect(invite.to).toEqual(['maria@example.com']);
    // The link's last day, as a date (the same sentence the reminder and a late invitation use).
    expect(invite.text).toMatch(/sirve para una opinión hasta el [^.\n]*\d{4}\./);
    esLink = linkOf(invite.text, '/opinar');
    expect(esLink.code).toBe(es.code);
    // Its own secret: not the private booking page's.
    expect(esLink.t).not.toBe(es.token);
    const english = await smtp.find((m) => m.subject === INVITE_EN);
    expect(english.to).toEqual(['john@example.com']);
    linkOf(english.text, '/en/review');

    // Nothing goes twice: not on the next pass, not after a restart.
    await timers();
    await s.close();
    s = await startTestServer({ env: env(), dataDir, clock });
    admin = undefined;
    await timers();
    expect(subjects(INVITE_ES)).toHaveLength(1);
    expect(subjects(INVITE_EN)).toHaveLength(1);

    advance(6 * DAY);
    await timers();
    expect(subjects(REMINDER_ES)).toHaveLength(0);
    advance(DAY);
    await timers();
    await smtp.find((m) => m.subject === REMINDER_ES);
    await timers();
    expect(subjects(REMINDER_ES)).toHaveLength(1);
    expect(subjects('Reminder: tell us how your stay was')).toHaveLength(1);
  });

  it('refuses a forged link, bad ratings, short and oversize text with Spanish messages, and stores nothing', async () => {
    const base = `/opinar/${esLink.code}`;
    const invite = await readJson(await json(s, 'GET', `${base}?t=${esLink.t}`), ReviewInviteSchema);
    // Only the month and the party size of the stay, and a name of first name and initial.
    expect(invite).toEqual({
      lang: 'es',
      stayMonth: esCheckIn.slice(0, 7),
      people: 4,
      defaultName: 'María P.',
    });

    // The guest page's secret, and a made-up one, open nothing.
    for (const t of [es.token, 'A'.repeat(43)]) {
      const res = await json(s, 'GET', `${base}?t=${t}`);
      expect(res.status).toBe(404);
      expect((await readError(res)).error).toBe('No encontramos esa estadía. Revisa el enlace del correo.');
      const post = await json(s, 'POST', base, { t, rating: 5, text: TEXT });
      expect(post.status).toBe(404);
    }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rating: 6 }, 'rating', 'Las calificaciones van de 1 a 5 estrellas.'],
      [{ rating: 0 }, 'rating', 'Las calificaciones van de 1 a 5 estrellas.'],
      [{ rating: 4, host: 9 }, 'host', 'Las calificaciones van de 1 a 5 estrellas.'],
      [{ rating: 4.5 }, 'rating', 'Las calificaciones van de 1 a 5 estrellas.'],
      [
        { rating: 5, text: 'Muy bien.' },
        'text',
        'Cuéntanos un poco más: la opinión debe tener al menos 40 caracteres.',
      ],
      [{ rating: 5, text: 'x'.repeat(2001) }, 'text', 'La opinión puede tener hasta 2.000 caracteres.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await json(s, 'POST', base, { t: esLink.t, text: TEXT, ...over });
      expect(res.status).toBe(400);
      expect((await readError(res)).fields?.[field]).toBe(message);
    }
    const list = await readJson(await json(s, 'GET', '/opiniones'), PublicReviewsSchema);
    expect(list).toEqual({ average: null, count: 0, reviews: [] });
  });

  it('stores one review per stay, markup as text; a second one, a stay not complete and an expired link get 409', async () => {
    const base = `/opinar/${esLink.code}`;
    const text = `${TEXT} <script>alert("x")</script> <b>¡Volveremos!</b>`;
    const res = await json(s, 'POST', base, { t: esLink.t, rating: 5, cleanliness: 5, host: 4, text });
    expect(res.status).toBe(201);
    const review = await readJson(res, PublicReviewSchema);
    expect(review).toMatchObject({
      rating: 5,
      ratings: { cleanliness: 5, host: 4 },
      text,
      name: 'María P.',
      people: 4,
    });

    const again = await json(s, 'POST', base, { t: esLink.t, rating: 1, text: TEXT });
    expect(again.status).toBe(409);
    expect((await readError(again)).error).toBe('Ya recibimos tu opinión sobre esta estadía. ¡Gracias!');
    expect((await json(s, 'GET', `${base}?t=${esLink.t}`)).status).toBe(409);

    // A stay that is not complete (held, not paid) cannot be reviewed, even with its right secret.
    const held = await acceptedBooking(s, 5, 2);
    const stored = s.running.deps.store.data.bookings.find((b) => b.id === held.id)!;
    const t = s.running.deps.bookings.reviewTokenOf(stored);
    const early = await json(s, 'POST', `/opinar/${held.code}`, { t, rating: 5, text: TEXT });
    expect(early.status).toBe(409);
    expect((await readError(early)).error).toBe(
      'Solo se puede opinar sobre una estadía completada, durante los 61 días siguientes a la salida.',
    );

    const list = await readJson(await json(s, 'GET', '/opiniones'), PublicReviewsSchema);
    expect(list.count).toBe(1);
    expect(list.average).toBe(5);
    expect(list.reviews[0]!.text).toBe(text);

    // The English stay, never reviewed: its link ends 60 days after the day after check-out.
    const enBooking = s.running.deps.store.data.bookings.find((b) => b.id === en.id)!;
    const enT = s.running.deps.bookings.reviewTokenOf(enBooking);
    expect((await json(s, 'GET', `/opinar/${en.code}?t=${enT}`)).status).toBe(200);
    advance(60 * DAY);
    const late = await json(s, 'POST', `/opinar/${en.code}`, { t: enT, rating: 5, text: TEXT });
    expect(late.status).toBe(409);
  });

  it('lets the owner reply once and hide only for a listed reason; the overview counts reviews waiting for a reply', async () => {
    const waiting = async () =>
      (await owner('GET', '/resumen', OverviewSchema)).attention.find((g) => g.key === 'opiniones')!.items.length;
    expect(await waiting()).toBe(1);
    const before = await owner('GET', '/opiniones/todas', OwnerReviewsSchema);
    expect(before.reviews).toHaveLength(1);
    expect(before.invitations.map((i) => [i.code, i.reviewed, Boolean(i.remindedAt)]).sort()).toEqual(
      [
        [es.code, true, true],
        [en.code, false, true],
      ].sort(),
    );
    const id = before.reviews[0]!.id;
    expect((await json(s, 'GET', '/opiniones/todas')).status).toBe(401);

    const replied = await owner('POST', `/opiniones/${id}/respuesta`, OwnerReviewsSchema, { text: '¡Gracias, María!' });
    expect(replied.reviews[0]!.reply?.text).toBe('¡Gracias, María!');
    expect(replied.reviews[0]!.text).toBe(before.reviews[0]!.text);
    const second = await json(s, 'POST', `/opiniones/${id}/respuesta`, { text: 'Otra' }, await signedIn());
    expect(second.status).toBe(409);
    expect(await waiting()).toBe(0);
    const shown = await readJson(await json(s, 'GET', '/opiniones'), PublicReviewsSchema);
    expect(shown.reviews[0]!.reply?.text).toBe('¡Gracias, María!');

    // The owner cannot change the guest's words, nor hide for a reason of their own.
    const edit = await json(
      s,
      'POST',
      `/opiniones/${id}/respuesta`,
      { text: 'x', reviewText: 'Otra cosa' },
      await signedIn(),
    );
    expect(edit.status).toBe(400);
    const bad = await json(s, 'POST', `/opiniones/${id}/ocultar`, { reason: 'no-me-gusta' }, await signedIn());
    expect(bad.status).toBe(400);
    expect((await readError(bad)).fields?.reason).toBe(
      'Elige un motivo de la lista: ofensiva, datos personales o no trata de la estadía.',
    );
    const hidden = await owner('POST', `/opiniones/${id}/ocultar`, OwnerReviewsSchema, { reason: 'datos-personales' });
    expect(hidden.reviews[0]!.hidden?.reason).toBe('datos-personales');
    expect((await json(s, 'POST', `/opiniones/${id}/ocultar`, { reason: 'ofensiva' }, await signedIn())).status).toBe(
      409,
    );
    expect(
      (await json(s, 'POST', '/opiniones/AAAAAAAAAAAAAAAA/ocultar', { reason: 'ofensiva' }, await signedIn())).status,
    ).toBe(404);
    const after = await readJson(await json(s, 'GET', '/opiniones'), PublicReviewsSchema);
    expect(after).toEqual({ average: null, count: 0, reviews: [] });
  });
});
