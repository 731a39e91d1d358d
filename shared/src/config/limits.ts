/** Technical limits shared by the server (enforced) and the clients (checked early, for a kind message). */
export const LIMITS = {
  /** Largest upload accepted by the server, in bytes. */
  maxUploadBytes: 25 * 1024 * 1024,
  /** Decompression-bomb guard: largest decoded image, in pixels. */
  maxImagePixels: 40_000_000,
  titleMax: 120,
  descriptionMax: 1_000,
  nameMax: 100,
  emailMax: 254,
  phoneMax: 30,
  messageMax: 2_000,
  uploadedByMax: 80,
  tagsMax: 200,
  /** A new admin password (first start, reset-password); signing in accepts any length up to the max. */
  passwordMin: 8,
  /** Bound of the order list the admin sends (far above any real gallery). */
  maxPublishedImages: 10_000,
  passwordMax: 1_024,
  /** A form filled faster than this is a bot. */
  minFillMs: 3_000,
  /** A form token older than this is refused. */
  maxFormTokenAgeMs: 24 * 60 * 60 * 1000,
} as const;

/** Said by the server and the clients alike when an image has more than `maxImagePixels`. */
export const TOO_MANY_PIXELS_MESSAGE = `La imagen es demasiado grande: admitimos hasta ${Math.round(
  LIMITS.maxImagePixels / 1_000_000,
)} megapíxeles.`;

/** Upload MIME types the server accepts (checked by content, this is only the picker hint). */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
] as const;
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, '.heic', '.heif'].join(',');
