import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { en } from '../src/i18n/en';
import { es } from '../src/i18n/es';
import { PAGE_PATHS } from '../src/config/paths';

/**
 * The public pages as the tests know them: the path, the heading and texts each must show. The
 * server's HTML of each is checked in pages.test.ts, the pages in the browser by the sweep
 * (public-pages.test.ts).
 */

export interface PageCase {
  path: string;
  h1: string;
  texts: string[];
  /** Texts the page must not show (issue 35: figures nothing backs). */
  absent?: string[];
  /** The page's language (Spanish unless said). */
  lang?: Lang;
}

export const PAGES: PageCase[] = [
  {
    path: '/',
    h1: BUSINESS.name,
    absent: ['4,9', '150+', '24/7', 'huéspedes felices', 'de calificación'],
    texts: [
      'Reservar ahora',
      'Ver galería',
      // The posted hours (issue 35); no rating or guest count on a fresh install.
      '08:00–20:00',
      'horario de atención',
      '10 minutos del mar',
      'Ver ubicación en el mapa',
      'Jacuzzi',
      'Kiosco',
      'Zona BBQ',
      'Parqueadero',
      '2 cocinas',
      'Sala en la terraza',
      '¿Listo para tu escapada al Caribe?',
      'Volcán de lodo',
      'Playas',
      'Tolú de noche',
      'Tour por las islas',
      'Canoa por el manglar',
      'Playa blanca',
      // The house as the owner describes it (issue 32; a fresh install's facts).
      '5 habitaciones',
      '4 baños',
      '5 camas dobles',
      '6 camas sencillas',
      '2 camarotes',
      'Wi-Fi',
      'Aire acondicionado',
    ],
  },
  {
    path: '/planes',
    h1: 'Planes y reservas',
    texts: [
      'Capacidad total',
      '20 personas',
      'Reserva mínima',
      '2 personas por grupo',
      'Precio por persona',
      'Moneda',
      'Solicita tu reserva',
      '5 habitaciones',
      '5 camas dobles',
      'Aire acondicionado',
    ],
  },
  { path: '/galeria', h1: 'Galería', texts: ['Comparte tus fotos'] },
  {
    path: '/contacto',
    h1: 'Contacto',
    texts: [
      'Ubicación',
      BUSINESS.address.display,
      BUSINESS.phoneDisplay,
      BUSINESS.email,
      'Todos los días, de 8:00 a. m. a 8:00 p. m.',
      'Envíanos un mensaje',
    ],
  },
  { path: '/imagenes', h1: 'Comparte tus fotos', texts: ['Sube una foto', 'Título', 'Descripción', 'Subir'] },
  {
    path: '/privacidad',
    h1: 'Política de tratamiento de datos personales',
    texts: [
      'Ley 1581 de 2012',
      BUSINESS.dataController.name,
      BUSINESS.dataController.nit,
      BUSINESS.email,
      'Conocer',
      'Actualizar',
      'rectificar',
      'Suprimir',
      'Revocar',
      'Superintendencia de Industria y Comercio',
      'Cómo ejercer tus derechos',
      'Vigencia',
      '28 de noviembre de 2026',
      // The processors of the sweep's server: no SMTP, no Wompi; the e2e build sends with EmailJS.
      'Ningún servidor de correo',
      'EmailJS',
      'comprobante',
      `a los ${BUSINESS.enquiryRetentionMonths} meses de recibidas`,
      `esos registros se borran a los ${BUSINESS.accessLogRetentionDays} días`,
      `si a los ${BUSINESS.pendingPhotoRetentionDays} días de recibidas no las hemos publicado`,
    ],
  },
  {
    path: '/condiciones',
    h1: 'Condiciones de la estadía',
    texts: ['Contrato de hospedaje', 'Política de cancelación'],
  },
  {
    path: '/opiniones',
    h1: 'Opiniones de huéspedes',
    texts: ['Solo opinan huéspedes con una estadía completada'],
  },
  // The English site (issue 23): the same checks, axe included, on every English page.
  {
    lang: 'en',
    path: PAGE_PATHS.en.home,
    h1: BUSINESS.name,
    absent: ['4.9', '150+', '24/7', 'happy guests', 'rating'],
    texts: [
      '08:00–20:00',
      'contact hours',
      'Book now',
      'See the gallery',
      '10 minutes from the sea',
      'Things to do nearby',
      'Mud volcano',
      'close enough to go to the beach every morning',
      '5 bedrooms',
      '4 bathrooms',
      '5 double beds',
      '2 bunk beds',
      'Air conditioning',
      'Hot tub',
    ],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.plans,
    h1: 'Plans and booking',
    texts: [
      'Total capacity',
      '20 people',
      'Price per person',
      'Currency',
      'Request your booking',
      '5 bedrooms',
      '6 single beds',
      'Wi-Fi',
    ],
  },
  { lang: 'en', path: PAGE_PATHS.en.gallery, h1: 'Gallery', texts: ['Share your photos'] },
  {
    lang: 'en',
    path: PAGE_PATHS.en.contact,
    h1: 'Contact',
    texts: ['Location', BUSINESS.phoneDisplay, BUSINESS.email, 'Send us a message'],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.upload,
    h1: 'Share your photos',
    texts: ['Upload a photo', 'Title', 'Description', 'Upload'],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.privacy,
    h1: 'Personal data policy',
    texts: [
      'Law 1581 of 2012',
      BUSINESS.dataController.name,
      'Know',
      'Withdraw',
      'Superintendence of Industry and Commerce',
      'How to exercise your rights',
      'November 28, 2026',
      'No mail server',
      'EmailJS',
      `${BUSINESS.enquiryRetentionMonths} months after we receive them`,
    ],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.terms,
    h1: 'Terms of your stay',
    texts: ['Lodging contract', 'Cancellation policy'],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.reviews,
    h1: 'Guest reviews',
    texts: ['Only guests with a completed stay review'],
  },
];

export const CATALOGUES = { es, en } as const;

/** JavaScript (gzip -9 of each file) that a first visit loads on any public page (issue 9). */
export const JS_BUDGET = 80 * 1024;

/**
 * Room a page keeps under JS_BUDGET for what comes next there (issue 31): /planes for its next
 * features (4 KB); a guest's private page for its check-in section (about 0.4 KB) and a little
 * more. What a first interaction loads is not counted: that is where new code goes.
 */
export const JS_ROOM = { plans: 4 * 1024, guestPage: 1.6 * 1024 } as const;

/** The first-visit JavaScript allowed on a public page: the budget less the room it keeps. */
export const jsBudgetOf = (path: string): number =>
  JS_BUDGET - (path === PAGE_PATHS.es.plans || path === PAGE_PATHS.en.plans ? JS_ROOM.plans : 0);

const gzipped = new Map<string, Promise<number>>();

/**
 * The JavaScript at `urls`, gzip -9 of each file, in bytes. Read again from the server (DevTools
 * may drop its copy of a body on a busy machine); each file once per test file.
 */
export async function gzippedBytes(urls: readonly string[], inline: readonly string[] = []): Promise<number> {
  const sizes = urls.map((url) => {
    let size = gzipped.get(url);
    if (!size) {
      size = fetch(url).then(async (res) => {
        expect(res.status, url).toBe(200);
        return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
      });
      gzipped.set(url, size);
    }
    return size;
  });
  // Scripts written into the page (the entry, issue 31) count as much as fetched ones.
  const written = inline.reduce((n, code) => n + gzipSync(code, { level: 9 }).length, 0);
  return (await Promise.all(sizes)).reduce((n, b) => n + b, written);
}

/** The same, read from HTML text. */
export const inlineScriptsIn = (html: string): string[] =>
  [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?:\s+type="(?:module|(?:text\/)?javascript)")?\s*>([\s\S]*?)<\/script>/gi),
  ].map((m) => m[1]!);

/** A class name in CSS text (not a number such as `.5rem`). */
const CSS_CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;
const classesIn = (css: string) => new Set([...css.matchAll(CSS_CLASS)].map((m) => m[1]!));

/**
 * Per class, the pages' own stylesheets (`styles/pages/<name>.css`) whose rules are about it: those
 * where it stands in a selector's first compound (`.dropzone input`, `.rdp-t0 .rdp-day_button`), not
 * where it only narrows another's rule (`.info-card--accent .muted`).
 */
const PAGE_SHEETS_OF = (() => {
  const dir = new URL('../src/styles/pages/', import.meta.url);
  const sheets = new Map<string, Set<string>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.css') && !f.startsWith('dev-'))) {
    const css = readFileSync(new URL(file, dir), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, prelude] of css.matchAll(/([^{}]+)\{/g)) {
      if (prelude!.trim().startsWith('@')) continue;
      for (const selector of prelude!.split(','))
        for (const c of classesIn(selector.trim().split(/[\s>+~]+/)[0] ?? '')) {
          if (!sheets.has(c)) sheets.set(c, new Set());
          sheets.get(c)!.add(file.replace(/\.css$/, ''));
        }
    }
  }
  return sheets;
})();

/**
 * Classes in the page whose rules are in a page stylesheet the page does not carry (issue 31: each
 * page carries the site's styles and only its own, `<style data-page-style>`): should be none.
 */
export async function classesWithoutTheirStyles(page: Page): Promise<string[]> {
  const { used, carried } = await page.evaluate(() => ({
    used: [...new Set([...document.querySelectorAll('[class]')].flatMap((el) => [...el.classList]))],
    carried: [...document.querySelectorAll<HTMLElement>('style[data-page-style]')].map((s) => s.dataset.pageStyle!),
  }));
  return used
    .filter((c) => {
      const sheets = PAGE_SHEETS_OF.get(c);
      return sheets !== undefined && !carried.some((name) => sheets.has(name));
    })
    .sort();
}
