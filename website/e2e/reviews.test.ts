import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { startTestServer, type TestServer } from '../../test-support/server';
import { confirmedBooking, serverToday } from '../../test-support/bookings';
import { E2E_DIST } from './helpers';

/**
 * Guest reviews (issue 35) as the server sends them, before any script: the review page is a
 * plain form answered by the server (no JavaScript at all), /opiniones and /en/reviews list the
 * published reviews, and the home page shows their real figure (nothing while there are none).
 * The pages in Chromium, with axe, are in the sweep (public-pages.test.ts).
 */

let server: TestServer;
const DAY = 24 * 3_600_000;
const TEXT = 'Todo impecable: la piscina, el jacuzzi y la atención. Volveremos con la familia en diciembre.';
const MARKUP = '<script>alert("x")</script><b>¡Gracias!</b>';

interface Stay {
  code: string;
  t: string;
  checkIn: string;
}
let es: Stay;
let en: Stay;

/** A one-night stay from today, completed by the clock and the timers; its review link's secret. */
async function completedStays(): Promise<[Stay, Stay]> {
  const checkIn = serverToday(server);
  const a = await confirmedBooking(server, 0, 1, { name: 'Lucía Fernanda Gómez' });
  const b = await confirmedBooking(server, 1, 1, { lang: 'en', name: 'John Smith', email: 'john@example.com' });
  server.clock.advance(2 * DAY);
  await server.running.deps.bookings.runTimers();
  const stay = (id: string, code: string, day: string) => {
    const booking = server.running.deps.store.view.bookings.find((x) => x.id === id)!;
    expect(booking.state).toBe('completada');
    return { code, t: server.running.deps.bookings.reviewTokenOf(booking), checkIn: day };
  };
  return [stay(a.id, a.code, checkIn), stay(b.id, b.code, addDays(checkIn, 1))];
}

const get = async (path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, html: await res.text(), headers: res.headers };
};
const post = async (path: string, fields: Record<string, string>) => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
};
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

beforeAll(async () => {
  server = await startTestServer({ websiteDist: E2E_DIST });
  server.clock.toCabinMorning();
  [es, en] = await completedStays();
});
afterAll(async () => {
  await server?.close();
});

describe('the review page (server HTML, no JavaScript)', () => {
  it('a wrong link gets 404 and shows nothing of the stay; the right one the form, with radio groups and the default name', async () => {
    for (const t of ['', `?t=${'A'.repeat(43)}`]) {
      const wrong = await get(`/opinar/${es.code}${t}`);
      expect(wrong.status).toBe(404);
      expect(main(wrong.html)).toContain('No encontramos esa estadía');
      expect(wrong.html).not.toContain('Lucía');
      expect(wrong.html).not.toContain('<form');
    }
    const page = await get(`/opinar/${es.code}?t=${es.t}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).not.toMatch(/<script[^>]*src=/);
    const form = main(page.html);
    expect(form).toContain('<form class="form review-form" method="post">');
    expect(form.match(/<fieldset/g)).toHaveLength(5);
    expect(form).toContain('<legend class="field__label">Calificación general</legend>');
    expect(form.match(/type="radio"[^>]*name="rating"/g)).toHaveLength(5);
    expect(form).toContain('value="Lucía G."');
    expect(form).toContain('4 personas');
    // The English stay's page is in English.
    const english = await get(`/en/review/${en.code}?t=${en.t}`);
    expect(english.status).toBe(200);
    expect(english.html).toContain('<html lang="en">');
    expect(main(english.html)).toContain('Overall rating');
  });

  it('refuses bad input with 400 and the Spanish message, keeps what was typed (as text), stores nothing', async () => {
    const path = `/opinar/${es.code}?t=${es.t}`;
    const bad = await post(path, { t: es.t, rating: '9', text: `${TEXT} ${MARKUP}`, cleanliness: '' });
    expect(bad.status).toBe(400);
    expect(main(bad.html)).toContain('Las calificaciones van de 1 a 5 estrellas.');
    expect(bad.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(bad.html).not.toContain(MARKUP);
    const short = await post(path, { t: es.t, rating: '5', text: 'Bien.' });
    expect(short.status).toBe(400);
    expect(main(short.html)).toContain('al menos 40 caracteres');
    const json = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: es.t, rating: 5, text: TEXT }),
    });
    expect(json.status).toBe(415);
    const forged = await post(`/opinar/${es.code}`, { t: 'B'.repeat(43), rating: '5', text: TEXT });
    expect(forged.status).toBe(404);
    expect((await get('/opiniones')).html).toContain('Aún no hay opiniones publicadas.');
    // The home page shows no figure while there are no reviews.
    expect((await get('/')).html).not.toContain('Lo que dicen nuestros huéspedes');
  });

  it('stores the review (201, the thanks); the link then takes no other (409); it is published with its language marked', async () => {
    const path = `/opinar/${es.code}?t=${es.t}`;
    const sent = await post(path, { t: es.t, rating: '5', host: '5', cleanliness: '', text: `${TEXT} ${MARKUP}`, name: '' });
    expect(sent.status).toBe(201);
    expect(main(sent.html)).toContain('¡Gracias por tu opinión!');
    const again = await get(path);
    expect(again.status).toBe(409);
    expect(main(again.html)).toContain('Ya recibimos tu opinión sobre esta estadía.');
    expect((await post(path, { t: es.t, rating: '1', text: TEXT })).status).toBe(409);

    const list = main((await get('/opiniones')).html);
    expect(list).toContain('Lucía G.');
    expect(list).toContain('5,0 de 5 · 1 opinión');
    expect(list).toContain('5 de 5 estrellas');
    expect(list).toContain('&lt;script&gt;');
    expect(list).not.toContain('<script>');
    const month = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${es.checkIn.slice(0, 7)}-01T00:00:00Z`),
    );
    expect(list).toContain(`Estadía en ${month} · 4 personas`);
    // On the English page the Spanish words are marked as Spanish.
    const english = main((await get('/en/reviews')).html);
    expect(english).toContain('5.0 out of 5 · 1 review');
    expect(english).toMatch(/<p class="review__text" lang="es">Todo impecable/);
    const home = main((await get('/')).html);
    expect(home).toContain('Lo que dicen nuestros huéspedes');
    expect(home).toContain('5,0 de 5 · 1 opinión');
    expect(home).toContain('href="/opiniones"');
  });
});
