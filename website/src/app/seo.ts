import { BUSINESS } from '@cabana/shared/config/business';
import { DEFAULT_SETTINGS } from '@cabana/shared/config/settings';
import type { Settings } from '@cabana/shared/schemas/settings';
import { paths } from '../config/paths';

export interface PageMeta {
  title: string;
  description: string;
  /** Kept out of search engines (admin screens, the 404 page). */
  noindex?: boolean;
}

/** Each page's title and description; the owner's settings (name, phone, hours, group size) show in them. */
const pageMeta = (s: Settings): Record<string, PageMeta> => ({
  [paths.home]: {
    title: `${s.name} · Cabaña en Tolú a ${BUSINESS.distanceToSeaMinutes} minutos del mar`,
    description: BUSINESS.description(s.maxPeople),
  },
  [paths.plans]: {
    title: `Planes, precios y reservas · ${s.name}`,
    description: `Precio por persona por noche, capacidad para ${s.maxPeople} personas y reserva en línea de la cabaña en Tolú, Sucre. Calcula el total de tu estadía en pesos o dólares.`,
  },
  [paths.gallery]: {
    title: `Galería de fotos · ${s.name}`,
    description: `Fotos de la cabaña ${s.name}: jacuzzi, kiosco, zona BBQ, cocinas, terraza y las playas del Golfo de Morrosquillo.`,
  },
  [paths.contact]: {
    title: `Contacto · ${s.name}`,
    description: `Escríbenos o llámanos: ${s.phone}, ${s.email}. Atención ${s.hours.display.toLowerCase()}, en ${BUSINESS.address.locality}, ${BUSINESS.address.region}.`,
  },
  [paths.upload]: {
    title: `Comparte tus fotos · ${s.name}`,
    description: `¿Te hospedaste en ${s.name}? Comparte tus mejores fotos de la cabaña y de Tolú; aparecerán en la galería tras la aprobación del anfitrión.`,
  },
  [paths.privacy]: {
    title: `Política de privacidad · ${s.name}`,
    description: `Cómo ${BUSINESS.dataController.name} trata tus datos personales según la Ley 1581 de 2012: finalidad, derechos y cómo ejercerlos.`,
  },
  [paths.terms]: {
    title: `Condiciones de la estadía · ${s.name}`,
    description: `Contrato de hospedaje de ${s.name}: horas de llegada y salida, normas de la casa, anticipo y política de cancelación.`,
  },
  [paths.booking]: {
    title: `Tu reserva · ${s.name}`,
    description: 'El estado de tu reserva, cómo pagar y cómo cancelar.',
    noindex: true,
  },
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

const notFoundMeta = (brand: string): PageMeta => ({
  title: `Página no encontrada · ${brand}`,
  description: 'La página que buscas no existe. Vuelve al inicio para conocer la cabaña.',
  noindex: true,
});

/** The meta of a path the site has, or null for any other (the 404 page's). */
export function knownMetaFor(pathname: string, settings: Settings = DEFAULT_SETTINGS): PageMeta | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return pageMeta(settings)[clean] ?? null;
}

export function metaFor(pathname: string, settings: Settings = DEFAULT_SETTINGS): PageMeta {
  return knownMetaFor(pathname, settings) ?? notFoundMeta(settings.name);
}

export const canonicalUrl = (path: string) => BUSINESS.siteUrl + (path === '/' ? '/' : path);
