import { afterEach, describe, expect, it } from 'vitest';
import { PROPERTY_DEFAULTS } from '@cabana/shared/domain/config/property-words';
import { DEFAULT_SETTINGS, publicSettings } from '@cabana/shared/domain/config/settings';
import type { PageData } from '@cabana/shared/domain/pages/page-data';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { createRenderer } from '../../entry-server';
import { env } from '../../config/env';

/**
 * Issue 35 as the server renders the pages (the real renderer from source, a bare template): the
 * home page's figures only from data and settings, the legal entity from the settings wherever it
 * is printed, and /privacidad naming the processors this site is configured with.
 */

const renderer = createRenderer({
  template:
    '<!doctype html><html lang="es"><head><!--app-head--><!--app-scripts--></head><body><div id="root"><!--app-html--></div></body></html>',
  entry: '<script type="module" src="/entry.js"></script>',
  inlineEntry: '<script type="module">/* entry */</script>',
  scriptHashes: [],
  islands: {},
  hint: '<script type="module" src="/hint.js"></script>',
});

function data(settings: Partial<Settings>, extra: Partial<PageData> = {}): PageData {
  return {
    price: 80_000,
    images: [],
    availability: { from: '2026-11-28', to: '2027-11-28', blocked: [] },
    seasons: { base: { pricePerPerson: 80_000, minNights: 1 }, seasons: [] },
    settings: publicSettings({ ...DEFAULT_SETTINGS, property: PROPERTY_DEFAULTS, ...settings }),
    enquiryRetentionMonths: 24,
    pendingPhotoRetentionDays: 30,
    cancellationPolicy: { name: 'Moderada', rules: [] },
    ...extra,
  };
}

/** The page's visible text, tags dropped and spaces collapsed. */
async function text(url: string, d: PageData): Promise<{ html: string; text: string }> {
  const { html } = await renderer.renderPage(url, d);
  const body = html.slice(html.indexOf('<body>'));
  return {
    html,
    text: body
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' '),
  };
}

/** The figures strip's own text. */
const strip = (html: string) =>
  (/<section class="stats"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

const AIRBNB = {
  platform: 'airbnb' as const,
  rating: 4.9,
  count: 150,
  url: 'https://www.airbnb.com.co/rooms/123456',
  readOn: '2026-11-20',
};

const builtWithEmailjs = env.emailEnabled;
afterEach(() => {
  env.emailEnabled = builtWithEmailjs;
});

describe('the home page figures (issue 35)', () => {
  it('a fresh install: no rating and no guest count, only the posted hours; no invented figure in either language', async () => {
    const es = strip((await text('/', data({}))).html);
    expect(es).toContain('08:00–20:00');
    expect(es).toContain('08:00–20:00 horario de atención');
    for (const invented of ['4,9', '4.9', '150+', '24/7', 'huéspedes', 'calificación'])
      expect(es).not.toContain(invented);
    const en = strip((await text('/en/', data({ hours: { opens: '07:30', closes: '21:00', display: 'x' } }))).html);
    expect(en).toContain('07:30–21:00 contact hours');
    for (const invented of ['4.9', '150+', '24/7', 'guests', 'rating']) expect(en).not.toContain(invented);
  });

  it("with completed stays and the owner's Airbnb rating: the guests hosted and the rating linked to the listing, never as the site's own", async () => {
    const d = data({ outsideRating: AIRBNB }, { guestsHosted: 1234 });
    const es = (await text('/', d)).html;
    expect(strip(es)).toContain('4,9 en Airbnb (150 reseñas, nov. 2026)');
    expect(strip(es)).toContain('1.234 huéspedes alojados');
    expect(es).toMatch(
      /<a class="stat__link" href="https:\/\/www\.airbnb\.com\.co\/rooms\/123456" target="_blank" rel="noopener">/,
    );
    const en = (await text('/en/', d)).html;
    expect(strip(en)).toContain('4.9 on Airbnb (150 reviews, Nov 2026)');
    expect(strip(en)).toContain('1,234 guests hosted');
    // The structured data claims no rating of its own.
    expect(es).not.toContain('aggregateRating');
  });

  it('a Booking.com rating is shown on its own scale', async () => {
    const d = data({
      outsideRating: {
        ...AIRBNB,
        platform: 'booking',
        rating: 9.2,
        count: 1,
        url: 'https://www.booking.com/hotel/co/x.html',
      },
    });
    expect(strip((await text('/', d)).html)).toContain('9,2 en Booking.com (1 reseña, nov. 2026)');
  });
});

describe('the legal entity from the settings (issue 35)', () => {
  it('the footer, /condiciones, /privacidad and the markup print the legal name and NIT the owner set', async () => {
    const d = data({ legalName: 'Inversiones Morrosquillo S.A.S.', nit: '860.034.313-7' });
    for (const url of ['/', '/condiciones', '/privacidad', '/en/privacy', '/en/terms']) {
      const page = await text(url, d);
      expect(page.text, url).toContain('Inversiones Morrosquillo S.A.S.');
      expect(page.text, url).toContain('860.034.313-7');
      expect(page.text, url).not.toContain('Brisas del Golfo S.A.S.');
    }
    const home = (await text('/', d)).html;
    expect(home).toContain('"legalName":"Inversiones Morrosquillo S.A.S.","taxID":"860.034.313-7"');
  });
});

describe('/privacidad generated from what is configured (issue 35)', () => {
  it('SMTP through SendGrid, EmailJS and Wompi on: each named, with the receipts and the retention periods', async () => {
    env.emailEnabled = true;
    const d = data(
      { email: 'datos@cabana.example' },
      { mailHost: 'smtp.sendgrid.net', onlinePayment: true, enquiryRetentionMonths: 18 },
    );
    const es = await text('/privacidad', d);
    expect(es.text).toContain(
      'El servidor de correo Twilio SendGrid (smtp.sendgrid.net), por el que salen los correos',
    );
    expect(es.text).toContain('EmailJS, por el que el formulario envía además una copia');
    expect(es.text).toContain('Wompi (Bancolombia), si pagas en línea: recibe tu nombre y tu correo');
    expect(es.text).toContain(
      'nos envías el comprobante, lo guardamos en nuestro servidor con tu reserva: lleva datos bancarios',
    );
    expect(es.text).toContain('a los 18 meses de su último cambio');
    expect(es.text).toContain('Correo para asuntos de datos personales: datos@cabana.example');
    const en = await text('/en/privacy', d);
    expect(en.text).toContain('The mail server Twilio SendGrid (smtp.sendgrid.net)');
    expect(en.text).toContain('EmailJS, through which the form also sends a copy');
    expect(en.text).toContain('Wompi (Bancolombia), if you pay online: it receives your name and your e-mail');
    // Zero JavaScript: no data island, no script but the English suggestion on the Spanish page.
    expect(es.html.match(/<script/g)).toHaveLength(1);
    expect(es.html).toContain('/hint.js');
    expect(en.html).not.toContain('<script');
  });

  it('no SMTP, no EmailJS, no Wompi: none of them named, and the policy says no e-mail is sent', async () => {
    env.emailEnabled = false;
    const d = data({}, { mailHost: null, onlinePayment: false });
    const es = await text('/privacidad', d);
    expect(es.text).toContain('Ningún servidor de correo: nuestro servidor no envía correos hoy.');
    for (const absent of ['EmailJS', 'Wompi', 'El servidor de correo']) expect(es.text).not.toContain(absent);
    expect(es.text).toContain('comprobante');
    const en = await text('/en/privacy', d);
    expect(en.text).toContain('No mail server: our server sends no e-mail today.');
    for (const absent of ['EmailJS', 'Wompi']) expect(en.text).not.toContain(absent);
  });

  it('an SMTP server on this machine is no third party; an unknown one is named by its host', async () => {
    expect((await text('/privacidad', data({}, { mailHost: '127.0.0.1' }))).text).toContain(
      'Ningún tercero para los correos: salen de nuestro propio servidor.',
    );
    expect((await text('/privacidad', data({}, { mailHost: 'mail.cabana.example' }))).text).toContain(
      'El servidor de correo mail.cabana.example, por el que salen',
    );
  });
});
