import { gzipSync } from 'node:zlib';
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
  /** The page's language (Spanish unless said). */
  lang?: Lang;
}

export const PAGES: PageCase[] = [
  {
    path: '/',
    h1: BUSINESS.name,
    texts: [
      'Reservar ahora',
      'Ver galería',
      '4,9',
      '150+',
      '24/7',
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
      'Todos los días, 8:00 AM – 8:00 PM',
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
      BUSINESS.dataController.email,
      'Conocer',
      'Actualizar',
      'rectificar',
      'Suprimir',
      'Revocar',
      'Superintendencia de Industria y Comercio',
      'Cómo ejercer tus derechos',
      'Vigencia',
      '22 de noviembre de 2026',
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
  // The English site (issue 23): the same checks, axe included, on every English page.
  {
    lang: 'en',
    path: PAGE_PATHS.en.home,
    h1: BUSINESS.name,
    texts: [
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
      'November 22, 2026',
      `${BUSINESS.enquiryRetentionMonths} months after we receive them`,
    ],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.terms,
    h1: 'Terms of your stay',
    texts: ['Lodging contract', 'Cancellation policy'],
  },
];

export const CATALOGUES = { es, en } as const;

/** JavaScript (gzip -9 of each file) that a first visit loads on any public page (issue 9). */
export const JS_BUDGET = 80 * 1024;

const gzipped = new Map<string, Promise<number>>();

/**
 * The JavaScript at `urls`, gzip -9 of each file, in bytes. Read again from the server (DevTools
 * may drop its copy of a body on a busy machine); each file once per test file.
 */
export async function gzippedBytes(urls: readonly string[]): Promise<number> {
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
  return (await Promise.all(sizes)).reduce((n, b) => n + b, 0);
}
