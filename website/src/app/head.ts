import { BUSINESS } from '@cabana/shared/config/business';
import { paths } from '../config/paths';
import { canonicalUrl, metaFor } from './seo';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script type="application/ld+json">: `<` escaped so no text can close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const OG_IMAGE = '/img/og-image.jpg';
export const HERO_POSTER = '/video/hero-poster.webp';

export function lodgingBusinessJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    name: BUSINESS.name,
    description: BUSINESS.description,
    url: canonicalUrl('/'),
    image: BUSINESS.siteUrl + OG_IMAGE,
    telephone: BUSINESS.phoneE164,
    email: BUSINESS.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: BUSINESS.address.street,
      addressLocality: BUSINESS.address.locality,
      addressRegion: BUSINESS.address.region,
      addressCountry: BUSINESS.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: BUSINESS.geo.latitude, longitude: BUSINESS.geo.longitude },
    hasMap: BUSINESS.mapUrl,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: BUSINESS.hours.opens,
      closes: BUSINESS.hours.closes,
    },
    amenityFeature: ['Jacuzzi', 'Kiosco', 'Zona BBQ', 'Parqueadero', 'Dos cocinas', 'Terraza'].map((name) => ({
      '@type': 'LocationFeatureSpecification',
      name,
      value: true,
    })),
    maximumAttendeeCapacity: BUSINESS.capacity,
    currenciesAccepted: 'COP',
    sameAs: BUSINESS.socials.map((s) => s.url),
  };
}

/** Everything page-specific in <head>: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function headFor(pathname: string): string {
  const meta = metaFor(pathname);
  const url = canonicalUrl(pathname);
  const image = BUSINESS.siteUrl + OG_IMAGE;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.noindex
      ? '<meta name="robots" content="noindex, nofollow" />'
      : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="es_CO" />`,
    `<meta property="og:site_name" content="${escapeHtml(BUSINESS.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(`${BUSINESS.name}, ${BUSINESS.tagline}`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  if (pathname === paths.home) {
    // The hero poster is the largest thing on the first screen: fetch it early.
    tags.push(`<link rel="preload" as="image" href="${HERO_POSTER}" type="image/webp" fetchpriority="high" />`);
    tags.push(`<script type="application/ld+json">${safeJson(lodgingBusinessJsonLd())}</script>`);
  }
  return tags.join('\n    ');
}
