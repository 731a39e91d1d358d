import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import type { Image } from '@cabana/shared/domain/schemas/image';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { PUBLIC_PATHS } from '../src/config/paths';
import {
  DESKTOP,
  daysFromToday,
  expectClean,
  makeJpeg,
  newPage,
  runAxe,
  setPrice,
  startSite,
  uploadAsAdmin,
  type Site,
  gotoHydrated,
} from './helpers';
import { ADMIN_CONTEXT, adminPage, expectCleanExcept, photoAction } from './admin-helpers';

/**
 * Issue 11: the business facts the owner edits (settings) and the photo order, from the panel to
 * every page. One server and one browser for the file; the tests run in order and build on each
 * other's saves.
 */

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The owner's new name: long, so the header must wrap it on a phone. */
const NAME = 'Cabaña Mar y Palmeras del Golfo de Morrosquillo';
const FACEBOOK = 'https://www.facebook.com/marypalmerastolu';
const MAP = 'https://maps.app.goo.gl/MarYPalmeras2026';
const EMAIL = 'reservas@marypalmeras.co';
const TAGLINE = 'Descanso entre palmeras a minutos del mar';
const TAGLINE_EN = 'Rest among palm trees minutes from the sea';

let site: Site;
let cookie: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${site.server.apiUrl}${path}`, {
    method,
    headers: { cookie, origin: site.server.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

async function html(path: string): Promise<string> {
  const res = await fetch(site.server.url + path);
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  site = await startSite();
  cookie = await site.server.loginCookie();
  await setPrice(site.server, 100_000);
});
afterAll(() => site?.close());

describe('settings reach every page', () => {
  it('the HTML of every public page after a save carries the new name, contact details, hours, rate and group size', async () => {
    // Rendered (and cached) once before the save: the save must drop those pages.
    for (const path of PUBLIC_PATHS) expect(await html(path)).toContain(`wa.me/${BUSINESS.whatsappNumber}`);

    await api<Settings>('PATCH', '/ajustes', {
      phone: '+57 311 444 5566',
      whatsappNumber: '573114445566',
      whatsappGreeting: 'Hola, vi la cabaña en la web',
      hours: { opens: '07:00', closes: '21:00', display: 'Lunes a domingo, 7:00 AM – 9:00 PM' },
      address: 'Vía Tolú – Coveñas km 5, Santiago de Tolú, Sucre, Colombia',
      copPerUsd: 4000,
      name: NAME,
      tagline: TAGLINE,
      email: EMAIL,
      mapUrl: MAP,
      socials: [{ name: 'Facebook', url: FACEBOOK }, ...BUSINESS.socials.filter((n) => n.name !== 'Facebook')],
      rnt: '246810',
      maxPeople: 16,
      // The English site's versions (issue 32), and the house as the owner describes it.
      taglineEn: TAGLINE_EN,
      hoursDisplayEn: 'Monday to Sunday, 7:00 AM – 9:00 PM',
      property: { bedrooms: 6, bathrooms: 1, beds: { queen: 1, hammock: 4 }, amenities: ['pool', 'wifi'] },
    });

    for (const path of PUBLIC_PATHS) {
      const page = await html(path);
      // Footer (every page) and the floating button: the new number, with the new greeting.
      expect(page, path).toContain('+57 311 444 5566');
      expect(page, path).toContain('href="tel:+573114445566"');
      expect(page, path).toContain(
        `https://wa.me/573114445566?text=${encodeURIComponent('Hola, vi la cabaña en la web')}`,
      );
      const english = path.startsWith('/en');
      expect(page, path).toContain(
        english ? 'Monday to Sunday, 7:00 AM – 9:00 PM' : 'Lunes a domingo, 7:00 AM – 9:00 PM',
      );
      expect(page, path).not.toContain(BUSINESS.whatsappNumber);
      expect(page, path).not.toContain(BUSINESS.phoneDisplay);
      // Footer: e-mail, tagline, RNT and the social link; header and <title>: the new name.
      expect(page, path).toContain(`href="mailto:${EMAIL}"`);
      expect(page, path).toContain(english ? TAGLINE_EN : TAGLINE);
      // The registry's number in the page's language ("n.º" in Spanish, "no." in English).
      expect(page, path).toMatch(
        path.startsWith('/en') ? /\(RNT\) no\. (<!-- -->)?246810/ : /\(RNT\) n\.º (<!-- -->)?246810/,
      );
      expect(page, path).toContain(`href="${FACEBOOK}"`);
      expect(page, path).not.toContain(BUSINESS.socials[0].url); // Facebook
      expect(page, path).toContain(`<span class="brand__name">${NAME}</span>`);
      expect(page, path).toMatch(new RegExp(`<title>[^<]*${NAME}[^<]*</title>`));
      expect(page, path).not.toMatch(/<title>[^<]*Brisas del Golfo/);
    }
    // The 404 page has the footer too.
    const missing = await fetch(`${site.server.url}/no-existe`);
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('+57 311 444 5566');
    expect(missingHtml).toContain(`<title>Página no encontrada · ${NAME}</title>`);

    const home = await html('/');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(home)![1]!) as Record<
      string,
      unknown
    >;
    expect(home).toContain('<meta name="description" content="Cabaña para grupos de hasta 16 personas');
    expect(jsonLd).toMatchObject({
      name: NAME,
      description: expect.stringContaining('grupos de hasta 16 personas') as unknown,
      email: EMAIL,
      hasMap: MAP,
      maximumAttendeeCapacity: 16,
      sameAs: [FACEBOOK, ...BUSINESS.socials.filter((n) => n.name !== 'Facebook').map((n) => n.url)],
      telephone: '+573114445566',
      address: { streetAddress: 'Vía Tolú – Coveñas km 5, Santiago de Tolú, Sucre, Colombia' },
      openingHoursSpecification: { opens: '07:00', closes: '21:00' },
      '@type': 'VacationRental',
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Wi-Fi', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Piscina', value: true },
      ],
      containsPlace: {
        '@type': 'Accommodation',
        numberOfBedrooms: 6,
        numberOfBathroomsTotal: 1,
        bed: [
          { '@type': 'BedDetails', numberOfBeds: 1, typeOfBed: 'cama queen' },
          { '@type': 'BedDetails', numberOfBeds: 4, typeOfBed: 'hamaca' },
        ],
      },
    });
    // The house's facts on the home page and /planes, in each language (issue 32).
    for (const [path, words] of [
      ['/', ['6 habitaciones', '1 baño', '1 cama queen', '4 hamacas', 'Wi-Fi', 'Piscina']],
      ['/planes', ['6 habitaciones', '1 baño', '1 cama queen', '4 hamacas', 'Wi-Fi', 'Piscina']],
      ['/en', ['6 bedrooms', '1 bathroom', '1 queen bed', '4 hammocks', 'Wi-Fi', 'Swimming pool']],
      ['/en/plans', ['6 bedrooms', '1 bathroom', '1 queen bed', '4 hammocks', 'Wi-Fi', 'Swimming pool']],
    ] as const) {
      const page = (await html(path)).replace(/<!-- -->/g, '');
      for (const w of words) expect(page, path).toContain(`<li>${w}</li>`);
      expect(page, path).not.toMatch(/camas? dobles?|double beds?|Aire acondicionado|Air conditioning/);
    }
    const contact = await html('/contacto');
    expect(contact).toContain(`Escríbenos o llámanos: +57 311 444 5566, ${EMAIL}.`);
    // The contact card: the map link and the e-mail.
    expect(contact).toContain(`href="${MAP}"`);
    expect(contact.match(new RegExp(`href="mailto:${EMAIL}"`, 'g'))).toHaveLength(2);
    expect(await html('/privacidad')).toMatch(/Teléfono:.*\+57 311 444 5566/s);
    const plans = await html('/planes');
    expect(plans).toContain('"copPerUsd":4000');
    // The largest group is the owner's maximum (the form's limit), in the card and the description.
    expect(plans).toMatch(/Capacidad total<\/span><span class="info-card__value">16(<!-- -->)? personas/);
    expect(plans).toContain('capacidad para 16 personas');
  });

  it('the plans page shows dollars at the new rate, and its WhatsApp link carries them', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const { page, problems } = await newPage(context);
    // As plans.test does: choices made before hydration would be reset by it.
    await gotoHydrated(page, `${site.server.url}/planes`);
    await page.getByLabel('Número de personas').selectOption('5');
    await page.getByLabel('Fecha de llegada').fill(daysFromToday(10));
    await page.getByLabel('Fecha de salida').fill(daysFromToday(12));
    await page.getByRole('radio', { name: 'Dólares (USD)' }).check();
    // 100.000 COP per person at 4.000 COP per dollar: USD 25 each, 5 people, 2 nights.
    expect(norm(await page.getByTestId('precio-persona').innerText())).toBe('USD 25.00');
    expect(norm(await page.getByTestId('total-noche').innerText())).toBe('USD 125.00');
    expect(norm(await page.getByTestId('total-estadia').innerText())).toBe('USD 250.00');
    expect(norm(formatMoney(1_000_000, 'USD', 4000))).toBe('USD 250.00');
    const link = await page.getByRole('link', { name: 'Consultar por WhatsApp' }).getAttribute('href');
    expect(link).toMatch(/^https:\/\/wa\.me\/573114445566\?text=/);
    const text = decodeURIComponent(link!.split('text=')[1]!);
    expect(norm(text)).toContain('Total de la estadía: USD 250.00');
    expect(text).toMatch(new RegExp(`^Hola, quisiera reservar en ${NAME}\\.\\n`));
    // The form offers up to the owner's maximum, as the capacity card says.
    const choices = await page.getByLabel('Número de personas').locator('option').allTextContents();
    expect(choices.at(-1)).toMatch(/^16\b/);

    // On a 390-px phone the long name wraps inside the header: nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const brand = page.locator('.brand__name');
    await expect(brand.innerText()).resolves.toBe(NAME);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      brand: document.querySelector('.brand')!.getBoundingClientRect().right,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.brand).toBeLessThanOrEqual(390);
    expectClean(problems);
    await context.close();
  });
});

describe('panel: Ajustes and photo order', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: Awaited<ReturnType<typeof adminPage>>['problems'];

  beforeAll(async () => {
    const colours = [10, 120, 230];
    for (const [i, hue] of colours.entries())
      await uploadAsAdmin(site.server, cookie, await makeJpeg(600, 400, hue), `Foto ${i + 1}`, '');
    context = await site.browser.newContext(ADMIN_CONTEXT);
  });
  afterAll(() => context?.close());

  const order = async () => (await api<Image[]>('GET', '/imagenes')).map((i) => i.title);
  const section = () => page.locator('#adm-ajustes');

  it('shows the server’s message beside each refused field and saves nothing; a good save shows on the site', async () => {
    // Opened inside a test: the page helper reports what the page looked like when a test fails.
    ({ page, problems } = await adminPage(context, site.server));
    await page.getByRole('link', { name: 'Ajustes' }).click();
    const whatsapp = section().getByLabel('Número de WhatsApp');
    await expect(whatsapp.inputValue()).resolves.toBe('573114445566');
    const preview = page.getByTestId('adm-whatsapp-preview');
    await whatsapp.fill('57 300 123 4567');
    await expect(preview.innerText()).resolves.toContain('https://wa.me/573001234567?text=');

    await section().getByLabel('Pesos por dólar').fill('40210');
    await section().getByLabel('Instagram').fill('https://evil.example/brisas');
    // The house's facts (issue 32): half a bedroom is refused beside its field.
    await section().getByLabel('Habitaciones', { exact: true }).fill('2,5');
    await section().getByRole('button', { name: 'Guardar ajustes' }).click();
    await section()
      .getByRole('alert')
      .filter({ hasText: 'No se guardó nada: revisa los 3 campos marcados.' })
      .waitFor();
    const rate = section().getByLabel('Pesos por dólar');
    await expect(rate.getAttribute('aria-invalid')).resolves.toBe('true');
    // Each message is the field's accessible description, beside it.
    const description = (label: string) =>
      section()
        .getByLabel(label)
        .evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
    await expect(description('Pesos por dólar')).resolves.toContain('La tasa no puede superar 20000 pesos por dólar.');
    await expect(description('Instagram')).resolves.toContain('El enlace debe ser de Instagram (instagram.com).');
    await expect(description('Habitaciones')).resolves.toContain('El número de habitaciones es un número entero.');
    await expect(description('Teléfono')).resolves.not.toMatch(/debe|Escribe/);
    // Focus lands on the first refused field (the order of the form: Instagram comes before the rate).
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('social-Instagram');
    expect((await api<Settings>('GET', '/ajustes')).whatsappNumber).toBe('573114445566');

    await section().getByLabel('Instagram').fill('https://www.instagram.com/brisas.nueva');
    await rate.fill('3.950,5');
    await section().getByLabel('Teléfono').fill('+57 300 123 4567');
    await section().getByLabel('Habitaciones', { exact: true }).fill('4');
    await section().getByLabel('Número de hamacas').fill('3');
    await section().getByLabel('Número de camas queen').fill('0');
    await section().getByLabel('Número de camarotes').fill('2');
    await section().getByLabel('Piscina').uncheck();
    await section().getByLabel('Aire acondicionado').check();
    await section()
      .getByLabel('Normas de la casa en inglés (una por línea, opcional)')
      .fill('No smoking.\nNo parties.');
    await section().getByRole('button', { name: 'Guardar ajustes' }).click();
    await section().getByRole('status').filter({ hasText: 'Ajustes guardados' }).waitFor();
    await expect(rate.getAttribute('aria-invalid')).resolves.toBeNull();
    expect(await api<Settings>('GET', '/ajustes')).toMatchObject({
      whatsappNumber: '573001234567',
      phone: '+57 300 123 4567',
      copPerUsd: 3950.5,
      // A type at 0 leaves the list; the amenities in the form's order.
      property: { bedrooms: 4, bathrooms: 1, beds: { bunk: 2, hammock: 3 }, amenities: ['wifi', 'airConditioning'] },
      houseRulesEn: 'No smoking.\nNo parties.',
      socials: expect.arrayContaining([
        { name: 'Instagram', url: 'https://www.instagram.com/brisas.nueva' },
      ]) as unknown,
    });

    // Issue 32: the itinerary's own form, every field labelled, a refused value marked beside it.
    const stay = section().getByRole('region', { name: 'Itinerario y llegada' });
    const days = 'Días antes de la llegada para enviar las instrucciones';
    await expect(stay.getByLabel(days).inputValue()).resolves.toBe('3');
    await stay.getByLabel(days).fill('0');
    await stay.getByLabel('Nombre del anfitrión').fill('Marta Julio');
    await stay.getByLabel('Cómo llegar desde Tolú (español)').fill('Desde el parque, 6 km.\nGira en el letrero azul.');
    await stay
      .getByLabel('Instrucciones de llegada (Wi-Fi, llaves, parqueadero) (inglés, opcional)')
      .fill('Wi-Fi: Brisas2026');
    await stay.getByRole('button', { name: 'Guardar itinerario' }).click();
    await stay.getByRole('alert').filter({ hasText: 'No se guardó nada' }).waitFor();
    await expect(description(days)).resolves.toContain(
      'Las instrucciones se envían al menos 1 día antes de la llegada.',
    );
    await stay.getByLabel(days).fill('5');
    await stay.getByRole('button', { name: 'Guardar itinerario' }).click();
    await stay.getByRole('status').filter({ hasText: 'Itinerario guardado' }).waitFor();
    expect(await api<Settings>('GET', '/ajustes/completos')).toMatchObject({
      preArrivalDays: 5,
      hostName: 'Marta Julio',
      directionsTolu: 'Desde el parque, 6 km.\nGira en el letrero azul.',
      arrivalInstructionsEn: 'Wi-Fi: Brisas2026',
    });
    expect(await runAxe(page)).toEqual([]);

    // The panel is an app of its own: no site header, footer or WhatsApp button around it; its
    // header and the window's title carry the business name.
    await expect(page.locator('footer, .site-header, .whatsapp-button').count()).resolves.toBe(0);
    await expect(page.locator('.adm-brand').innerText()).resolves.toBe(NAME);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^(\\(\\d+\\) )?Ajustes · ${NAME}$`));
    // /login keeps the site's frame, which loads the saved settings (its shell is built without
    // data); seen signed out, since signed in it goes straight back to the panel.
    const visitor = await site.browser.newContext(ADMIN_CONTEXT);
    const login = await visitor.newPage();
    await login.goto(`${site.server.url}/login`);
    const footer = login.locator('footer.site-footer');
    await footer.getByRole('link', { name: '+57 300 123 4567' }).waitFor();
    // The footer's WhatsApp link and the floating button.
    for (const name of ['WhatsApp', 'Escríbenos por WhatsApp'])
      await expect(footer.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toMatch(
        /^https:\/\/wa\.me\/573001234567\?text=/,
      );
    await expect(footer.getByText(EMAIL).count()).resolves.toBe(1);
    await expect(login.locator('.brand__name').innerText()).resolves.toBe(NAME);
    await visitor.close();

    const contacto = await html('/contacto');
    expect(contacto).toContain('+57 300 123 4567');
    expect(contacto).toContain('https://wa.me/573001234567');
    expect(contacto).toContain('https://www.instagram.com/brisas.nueva');

    // Issue 35: the legal entity and the rating on another platform, refused beside their fields
    // (the NIT's check digit, the listing's domain), then saved and shown on the site.
    await section().getByLabel('Razón social (o tu nombre completo)').fill('Inversiones Morrosquillo S.A.S.');
    const nit = section().getByLabel('NIT con dígito de verificación');
    await nit.fill('860034313-1');
    await section().getByLabel('Plataforma').selectOption('airbnb');
    await section().getByLabel('Calificación', { exact: true }).fill('4,9');
    await section().getByLabel('Número de reseñas').fill('150');
    const listing = section().getByLabel('Enlace del anuncio');
    await listing.fill('https://www.booking.com/hotel/co/brisas.html');
    await section().getByLabel('Fecha en que la leíste').fill('2026-11-20');
    await section().getByRole('button', { name: 'Guardar ajustes' }).click();
    await section()
      .getByRole('alert')
      .filter({ hasText: 'No se guardó nada: revisa los 2 campos marcados.' })
      .waitFor();
    await expect(description('NIT con dígito de verificación')).resolves.toContain('no corresponde a ese NIT');
    await expect(description('Enlace del anuncio')).resolves.toContain('El enlace debe ser del anuncio en Airbnb');
    await nit.fill('860034313-7');
    await listing.fill('https://www.airbnb.com.co/rooms/123');
    await section().getByRole('button', { name: 'Guardar ajustes' }).click();
    await section().getByRole('status').filter({ hasText: 'Ajustes guardados' }).waitFor();
    await expect(nit.inputValue()).resolves.toBe('860.034.313-7');
    expect(await api<Settings>('GET', '/ajustes')).toMatchObject({
      legalName: 'Inversiones Morrosquillo S.A.S.',
      nit: '860.034.313-7',
      outsideRating: { platform: 'airbnb', rating: 4.9, count: 150, url: 'https://www.airbnb.com.co/rooms/123' },
    });
    const home = await html('/');
    expect(home).toContain('860.034.313-7');
    expect(home.replace(/<[^>]+>/g, '')).toContain('4,9 en Airbnb (150 reseñas, nov. 2026)');
  });

  it('orders the photos by keyboard: Mover después and Usar como portada, focus stays, the change is announced', async () => {
    await page.reload();
    await page.getByText(`Sesión iniciada como ${site.server.admin.email}`).waitFor();
    // The photos and their order are the Fotos section, a route of its own.
    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Fotos' }).click();
    await page.locator('.adm-grid > li').first().waitFor();
    // New uploads go last: the order is the upload order.
    expect(await order()).toEqual(['Foto 1', 'Foto 2', 'Foto 3']);
    await expect(page.getByTestId('adm-portada').count()).resolves.toBe(1);

    // Each card's actions are in its "Más acciones" menu.
    await photoAction(page, 'Foto 1', 'Mover después');
    await page.getByRole('status').filter({ hasText: '«Foto 1» está ahora en la posición 2 de 3.' }).waitFor();
    await expect.poll(order).toEqual(['Foto 2', 'Foto 1', 'Foto 3']);
    // The focus stays with the moved photo, on its menu button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Más acciones para «Foto 1»');

    await photoAction(page, 'Foto 3', 'Usar como portada');
    await page.getByRole('status').filter({ hasText: '«Foto 3» es ahora la portada' }).waitFor();
    await expect.poll(order).toEqual(['Foto 3', 'Foto 2', 'Foto 1']);
    const first = page.locator('.adm-grid > li').first();
    await expect(first.innerText()).resolves.toContain('Portada');
    await expect(first.innerText()).resolves.toContain('Foto 3');
    // The cover now has no "up" to go to: focus moved to one of its buttons still enabled.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? ''))
      .toContain('Foto 3');
  });

  it('orders the photos by drag and drop; the cover leads the gallery, the home page and og:image', async () => {
    const cards = page.locator('.adm-grid > li');
    // Held by the photo itself (its buttons do not start a drag), dropped on the cover's photo.
    await cards
      .filter({ hasText: 'Foto 1' })
      .dragTo(cards.first(), { sourcePosition: { x: 30, y: 30 }, targetPosition: { x: 30, y: 30 } });
    await expect.poll(order).toEqual(['Foto 1', 'Foto 3', 'Foto 2']);
    await expect(cards.first().innerText()).resolves.toContain('Portada');

    const images = await api<Image[]>('GET', '/imagenes');
    const cover = images[0]!;
    expect(cover.title).toBe('Foto 1');
    const home = await html('/');
    expect(home).toContain(`<meta property="og:image" content="${BUSINESS.siteUrl}${cover.secure_url}" />`);
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(home)![1]!;
    expect((JSON.parse(jsonLd) as { image: string }).image).toBe(`${BUSINESS.siteUrl}${cover.secure_url}`);
    const gallery = await html('/galeria');
    const srcs = [...gallery.matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs.filter((s) => s?.startsWith('/media/'))).toEqual(images.map((i) => i.secure_url));
    expectCleanExcept(problems, [400]);
  });
});
