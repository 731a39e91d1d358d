import { BUSINESS } from '@cabana/shared/domain/config/business';
import type { PageData } from '@cabana/shared/domain/pages/page-data';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { PROPERTY_WORDS, amenitiesOf, bedsOf } from '@cabana/shared/domain/config/property-words';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { DEFAULT_SETTINGS, phoneE164, type PageSettings } from '@cabana/shared/domain/config/settings';
import { OG_LOCALE, ownerText, plural, type Lang } from '@cabana/shared/domain/i18n/lang';
import { PAGE_PATHS, guestBookingOf, langOfPath, pageOf, reviewPageOf } from '../config/paths';
import { scriptJson } from '../lib/page-data';
import { canonicalUrl, knownMetaFor, metaFor, siteDescription } from './seo';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const OG_IMAGE = '/img/og-image.jpg';
const HERO_POSTER = '/video/hero-poster.webp';

/** Media URLs are relative unless the server has PUBLIC_URL; link previews need absolute ones. */
const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : BUSINESS.siteUrl + url);

interface SocialImage {
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

/** The cover photo (the first in the owner's order) as a JPEG link previews can show; the drawn image without one. */
function socialImage(images: readonly Image[], s: PageSettings = DEFAULT_SETTINGS, lang: Lang = 'es'): SocialImage {
  const cover = images[0];
  // An owner's text without its English version would be Spanish in an English head: English words instead.
  const owned = (es: string, en: string | undefined, instead: string) => {
    const shown = ownerText(lang, es, en);
    return shown.lang === lang ? shown.text : instead;
  };
  if (!cover) {
    const tagline = owned(
      s.tagline,
      s.taglineEn,
      `holiday cabin ${BUSINESS.distanceToSeaMinutes} minutes from the sea`,
    );
    return { url: BUSINESS.siteUrl + OG_IMAGE, alt: `${s.name}, ${tagline}` };
  }
  const variant = cover.variants.find((v) => v.url === cover.secure_url);
  const alt = owned(cover.title, cover.titleEn, `A photo of ${s.name}`);
  return { url: absolute(cover.secure_url), width: variant?.width, height: variant?.height, alt };
}

const OFFER_WORDS: Record<Lang, { perPerson: string; stay: string; unit: string }> = {
  es: { perPerson: 'por persona por noche', stay: 'Estadía en la cabaña', unit: 'persona por noche' },
  en: { perPerson: 'per person per night', stay: 'Stay at the cabin', unit: 'person per night' },
};

/**
 * The home page's structured data: a `VacationRental` (a `LodgingBusiness` let whole) whose
 * `containsPlace` is the house as the owner describes it (issue 32): bedrooms, bathrooms, beds by
 * type, amenities, in the page's language.
 */
export function lodgingBusinessJsonLd(data: PageData, lang: Lang) {
  const words = OFFER_WORDS[lang];
  const perPerson = `${formatMoney(data.price, 'COP', undefined, lang)} ${words.perPerson}`;
  const s = data.settings;
  const names = PROPERTY_WORDS[lang];
  const amenityFeature = amenitiesOf(s.property).map((id) => ({
    '@type': 'LocationFeatureSpecification',
    name: names.amenities[id],
    value: true,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    name: s.name,
    legalName: s.legalName,
    taxID: s.nit,
    description: siteDescription(lang, s.maxPeople),
    inLanguage: lang,
    url: canonicalUrl(PAGE_PATHS[lang].home),
    image: socialImage(data.images, s, lang).url,
    telephone: phoneE164(s),
    email: s.email,
    address: {
      '@type': 'PostalAddress',
      // The owner edits the address as one line; locality, region and country stay the cabin's.
      streetAddress: ownerText(lang, s.address, s.addressEn).text,
      addressLocality: BUSINESS.address.locality,
      addressRegion: BUSINESS.address.region,
      addressCountry: BUSINESS.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: BUSINESS.geo.latitude, longitude: BUSINESS.geo.longitude },
    hasMap: s.mapUrl,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: s.hours.opens,
      closes: s.hours.closes,
    },
    amenityFeature,
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      numberOfBedrooms: s.property.bedrooms,
      numberOfBathroomsTotal: s.property.bathrooms,
      bed: bedsOf(s.property).map((b) => ({
        '@type': 'BedDetails',
        numberOfBeds: b.count,
        // The bed's name without its count: "Double bed", "Cama doble".
        typeOfBed: plural(lang, names.beds[b.type], 1, { n: '' }).trim(),
      })),
      occupancy: { '@type': 'QuantitativeValue', maxValue: s.maxPeople },
      amenityFeature,
    },
    // The largest group the owner takes (the form's limit), not the building's beds.
    maximumAttendeeCapacity: s.maxPeople,
    currenciesAccepted: 'COP',
    priceRange: perPerson,
    makesOffer: {
      '@type': 'Offer',
      name: `${words.stay} (${perPerson})`,
      price: data.price,
      priceCurrency: 'COP',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: data.price,
        priceCurrency: 'COP',
        unitText: words.unit,
      },
    },
    sameAs: s.socials.map((social) => social.url),
  };
}

/**
 * Everything page-specific in <head>: title, description, canonical, Open Graph, Twitter, JSON-LD.
 * Without data (the /login and /admin shells, made at build time) the drawn image stands in.
 */
export function headFor(pathname: string, data?: PageData): string {
  const settings = data?.settings ?? DEFAULT_SETTINGS;
  const known = knownMetaFor(pathname, settings);
  const meta = known ?? metaFor(pathname, settings);
  const page = pageOf(pathname);
  const guest = guestBookingOf(pathname) ?? reviewPageOf(pathname);
  const lang = page?.lang ?? guest?.lang ?? langOfPath(pathname);
  const url = canonicalUrl(page ? PAGE_PATHS[lang][page.key] : pathname);
  const image = socialImage(data?.images ?? [], settings, lang);
  const other: Lang = lang === 'es' ? 'en' : 'es';
  // The same page in each language, and x-default (the Spanish original) for every other reader.
  const alternates = page
    ? [
        ...(['es', 'en'] as const).map(
          (l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(canonicalUrl(PAGE_PATHS[l][page.key]))}" />`,
        ),
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(canonicalUrl(PAGE_PATHS.es[page.key]))}" />`,
      ]
    : [];
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.noindex
      ? '<meta name="robots" content="noindex, nofollow" />'
      : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta.noReferrer ? '<meta name="referrer" content="no-referrer" />' : '',
    ...alternates,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}" />`,
    page ? `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />` : '',
    `<meta property="og:site_name" content="${escapeHtml(settings.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    // A missing page has no address of its own to share, and a guest's private page none to publish.
    known === null || guest ? '' : `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
    image.width ? `<meta property="og:image:width" content="${image.width}" />` : '',
    image.height ? `<meta property="og:image:height" content="${image.height}" />` : '',
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image.url)}" />`,
  ].filter(Boolean);
  if (page?.key === 'home' && data) {
    // The hero poster is the largest thing on the first screen: fetch it early.
    tags.push(`<link rel="preload" as="image" href="${HERO_POSTER}" type="image/webp" fetchpriority="high" />`);
    tags.push(`<script type="application/ld+json">${scriptJson(lodgingBusinessJsonLd(data, lang))}</script>`);
  }
  return tags.join('\n    ');
}
