import { BUSINESS } from '@cabana/shared/domain/config/business';
import { DEFAULT_SETTINGS, type PageSettings } from '@cabana/shared/domain/config/settings';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { cleanPath, guestBookingOf, langOfPath, pageOf, paths, reviewPageOf, type PageKey } from '../config/paths';

export interface PageMeta {
  title: string;
  description: string;
  /** Kept out of search engines (admin screens, the 404 page). */
  noindex?: boolean;
  /** A private page whose address carries a secret: no Referer ever leaves it (issue 28, item 4). */
  noReferrer?: boolean;
}

/**
 * The site's description (home page, JSON-LD) per language: the group size is the owner's current
 * maximum. Here rather than in BUSINESS, which every page's JavaScript carries.
 */
export const siteDescription = (lang: Lang, maxPeople: number): string =>
  lang === 'en'
    ? `Cabin for groups of up to ${maxPeople} people between Tolú and Coveñas, on the Gulf of Morrosquillo, Colombia: jacuzzi, kiosk, BBQ area, two kitchens and a terrace, ${BUSINESS.distanceToSeaMinutes} minutes from the sea.`
    : `Cabaña para grupos de hasta ${maxPeople} personas entre Tolú y Coveñas, en el Golfo de Morrosquillo: jacuzzi, kiosco, zona BBQ, dos cocinas y terraza, a ${BUSINESS.distanceToSeaMinutes} minutos del mar.`;

/** Each public page's title and description per language; the owner's settings (name, phone, hours, group size) show in them. */
const pageMeta = (s: PageSettings, hours: string): Record<Lang, Record<PageKey, PageMeta>> => ({
  es: {
    home: {
      title: `${s.name} · Cabaña en Tolú a ${BUSINESS.distanceToSeaMinutes} minutos del mar`,
      description: siteDescription('es', s.maxPeople),
    },
    plans: {
      title: `Planes, precios y reservas · ${s.name}`,
      description: `Precio por persona por noche, capacidad para ${s.maxPeople} personas y reserva en línea de la cabaña en Tolú, Sucre. Calcula el total de tu estadía en pesos o dólares.`,
    },
    gallery: {
      title: `Galería de fotos · ${s.name}`,
      description: `Fotos de la cabaña ${s.name}: jacuzzi, kiosco, zona BBQ, cocinas, terraza y las playas del Golfo de Morrosquillo.`,
    },
    contact: {
      title: `Contacto · ${s.name}`,
      description: `Escríbenos o llámanos: ${s.phone}, ${s.email}. Atención ${s.hours.display.toLowerCase()}, en ${BUSINESS.address.locality}, ${BUSINESS.address.region}.`,
    },
    upload: {
      title: `Comparte tus fotos · ${s.name}`,
      description: `¿Te hospedaste en ${s.name}? Comparte tus mejores fotos de la cabaña y de Tolú; aparecerán en la galería tras la aprobación del anfitrión.`,
    },
    privacy: {
      title: `Política de privacidad · ${s.name}`,
      description: `Cómo ${s.legalName} trata tus datos personales según la Ley 1581 de 2012: finalidad, derechos y cómo ejercerlos.`,
    },
    terms: {
      title: `Condiciones de la estadía · ${s.name}`,
      description: `Contrato de hospedaje de ${s.name}: horas de llegada y salida, normas de la casa, anticipo y política de cancelación.`,
    },
    reviews: {
      title: `Opiniones de huéspedes · ${s.name}`,
      description: `Lo que cuentan los huéspedes de ${s.name} tras su estadía: solo opinan quienes se hospedaron, desde un enlace privado.`,
    },
  },
  en: {
    home: {
      title: `${s.name} · Holiday cabin in Tolú, ${BUSINESS.distanceToSeaMinutes} minutes from the sea`,
      description: siteDescription('en', s.maxPeople),
    },
    plans: {
      title: `Plans, prices and booking · ${s.name}`,
      description: `Price per person per night, room for ${s.maxPeople} people and online booking of the cabin in Tolú, Sucre, Colombia. Work out the total of your stay in dollars or pesos.`,
    },
    gallery: {
      title: `Photo gallery · ${s.name}`,
      description: `Photos of ${s.name}: jacuzzi, kiosk, BBQ area, kitchens, terrace and the beaches of the Gulf of Morrosquillo.`,
    },
    contact: {
      title: `Contact · ${s.name}`,
      description: `Write or call us: ${s.phone}, ${s.email}. Open ${hours}, in ${BUSINESS.address.locality}, ${BUSINESS.address.region}, Colombia.`,
    },
    upload: {
      title: `Share your photos · ${s.name}`,
      description: `Did you stay at ${s.name}? Share your best photos of the cabin and of Tolú; they appear in the gallery once the host approves them.`,
    },
    privacy: {
      title: `Privacy policy · ${s.name}`,
      description: `How ${s.legalName} handles your personal data under Colombian Law 1581 of 2012: purposes, rights and how to exercise them.`,
    },
    terms: {
      title: `Terms of your stay · ${s.name}`,
      description: `The lodging contract of ${s.name}: check-in and check-out times, house rules, deposit and cancellation policy.`,
    },
    reviews: {
      title: `Guest reviews · ${s.name}`,
      description: `What guests of ${s.name} say after their stay: only guests who stayed review, from a private link.`,
    },
  },
});

/** A guest's private page, per language: never indexed (its address carries the link's secret). */
const guestBookingMeta = (s: PageSettings): Record<Lang, PageMeta> => ({
  es: {
    title: `Tu reserva · ${s.name}`,
    description: 'El estado de tu reserva, cómo pagar y cómo cancelar.',
    noindex: true,
    noReferrer: true,
  },
  en: {
    title: `Your booking · ${s.name}`,
    description: 'The status of your booking, how to pay and how to cancel.',
    noindex: true,
    noReferrer: true,
  },
});

const guestPaymentMeta = (s: PageSettings): Record<Lang, PageMeta> => ({
  es: {
    title: `Tu pago · ${s.name}`,
    description: 'El resultado de tu pago en línea.',
    noindex: true,
    noReferrer: true,
  },
  en: {
    title: `Your payment · ${s.name}`,
    description: 'The outcome of your online payment.',
    noindex: true,
    noReferrer: true,
  },
});

/** A guest's review page (issue 35), per language: never indexed (its address carries the link's secret). */
const reviewPageMeta = (s: PageSettings): Record<Lang, PageMeta> => ({
  es: {
    title: `Tu opinión · ${s.name}`,
    description: 'Cuéntanos cómo fue tu estadía.',
    noindex: true,
    noReferrer: true,
  },
  en: { title: `Your review · ${s.name}`, description: 'Tell us how your stay went.', noindex: true, noReferrer: true },
});

const ownerMeta = (s: PageSettings): Record<string, PageMeta> => ({
  [paths.login]: {
    title: `Iniciar sesión · ${s.name}`,
    description: 'Acceso para el administrador de la cabaña.',
    noindex: true,
  },
  [paths.admin]: {
    title: `Administración · ${s.name}`,
    description: 'Panel de administración de la cabaña.',
    noindex: true,
  },
});

const notFoundMeta = (brand: string, lang: Lang): PageMeta =>
  lang === 'en'
    ? {
        title: `Page not found · ${brand}`,
        description: 'The page you are looking for does not exist. Go back to the home page to see the cabin.',
        noindex: true,
      }
    : {
        title: `Página no encontrada · ${brand}`,
        description: 'La página que buscas no existe. Vuelve al inicio para conocer la cabaña.',
        noindex: true,
      };

/** The meta of a path the site has, or null for any other (the 404 page's). */
export function knownMetaFor(pathname: string, settings: PageSettings = DEFAULT_SETTINGS): PageMeta | null {
  const page = pageOf(pathname);
  if (page) {
    // English pages never show the Spanish hours (a head tag cannot mark its language): the times instead.
    const hours = settings.hoursDisplayEn ?? `daily, ${settings.hours.opens}–${settings.hours.closes}`;
    return pageMeta(settings, hours)[page.lang][page.key];
  }
  const guest = guestBookingOf(pathname);
  if (guest) return (guest.payment ? guestPaymentMeta : guestBookingMeta)(settings)[guest.lang];
  const review = reviewPageOf(pathname);
  if (review) return reviewPageMeta(settings)[review.lang];
  return ownerMeta(settings)[cleanPath(pathname)] ?? null;
}

export function metaFor(pathname: string, settings: PageSettings = DEFAULT_SETTINGS): PageMeta {
  return knownMetaFor(pathname, settings) ?? notFoundMeta(settings.name, langOfPath(pathname));
}

export const canonicalUrl = (path: string) => BUSINESS.siteUrl + (path === '/' ? '/' : path);
