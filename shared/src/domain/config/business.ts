/**
 * Business facts of the cabin. The ones the owner edits from the panel (name, tagline, phone,
 * WhatsApp, e-mail, address, map, hours, socials, RNT, rate, people limits) are only the values of a
 * fresh install here: everything reads the current ones from the settings (`schemas/settings.ts`,
 * GET /api/ajustes). The rest are facts of the building, the legal entity or the deployment.
 */
export const BUSINESS = {
  name: 'Cabaña Brisas del Golfo',
  tagline: 'Cabaña vacacional a 10 minutos del mar en Tolú, Sucre',
  /** Shown to people. */
  phoneDisplay: '+57 300 555 0142',
  /** E.164 without spaces, for tel: links and structured data. */
  phoneE164: '+573005550142',
  /** wa.me number: digits only, country code first. */
  whatsappNumber: '573005550142',
  whatsappGreeting: 'Hola, quisiera más información sobre la cabaña.',
  email: 'reservas@brisasdelgolfo.co',
  address: {
    street: 'Vía Tolú – Coveñas, km 3',
    locality: 'Santiago de Tolú',
    region: 'Sucre',
    country: 'CO',
    display: 'Vía Tolú – Coveñas km 3, Santiago de Tolú, Sucre, Colombia',
  },
  geo: { latitude: 9.5057, longitude: -75.5631 },
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=9.5057,-75.5631',
  socials: [
    { name: 'Facebook', url: 'https://www.facebook.com/brisasdelgolfotolu' },
    { name: 'Instagram', url: 'https://www.instagram.com/brisasdelgolfotolu' },
    { name: 'TikTok', url: 'https://www.tiktok.com/@brisasdelgolfotolu' },
  ],
  /** Registro Nacional de Turismo: listings must display it. */
  rnt: '187654',
  hours: { opens: '08:00', closes: '20:00', display: 'Todos los días, de 8:00 a. m. a 8:00 p. m.' },
  capacity: 20,
  minPeople: 2,
  maxPeople: 20,
  defaultPeople: 2,
  distanceToSeaMinutes: 10,
  /** Fixed rate used for USD display only. */
  copPerUsd: 4021,
  /** Price per person per night (COP) on a fresh install. */
  defaultPricePerPerson: 80_000,
  /** Sane bounds for the price per person in COP (whole pesos). */
  priceMin: 1_000,
  priceMax: 5_000_000,
  uploadTags: 'playa,cabañas',
  /** Public site origin used for canonical URLs, Open Graph and the sitemap. */
  siteUrl: 'https://brisasdelgolfo.co',
  /**
   * The legal entity (data controller for Ley 1581 de 2012) on a fresh install: a sample, like the
   * phone and the RNT; the owner sets the real ones in Ajustes (`legalName`, `nit`).
   */
  dataController: {
    name: 'Brisas del Golfo S.A.S.',
    nit: '901.555.014-3',
  },
  privacyPolicyVersion: '2026-11-28',
  /** Enquiries are deleted this many months after they arrive (stated on /privacidad). */
  enquiryRetentionMonths: 24,
  /**
   * Days the web server's access log (visitors' addresses) is kept before it is deleted: stated on
   * /privacidad; deploy/cabana-access.logrotate keeps less (server/test/access-log.test.ts).
   */
  accessLogRetentionDays: 14,
  /** Photos sent from /imagenes that nobody approved are deleted this many days after they arrive (idem). */
  pendingPhotoRetentionDays: 30,
  timeZone: 'America/Bogota',
} as const;

export type Business = typeof BUSINESS;
