/** Technical limits shared by the server (enforced) and the clients (checked early, for a kind message). */
export const LIMITS = {
  /** Largest upload accepted by the server, in bytes. */
  maxUploadBytes: 25 * 1024 * 1024,
  /** Decompression-bomb guard: largest decoded image, in pixels. */
  maxImagePixels: 40_000_000,
  /**
   * The long side of a photo may be at most this many times its short side: phone photos (4:3,
   * 16:9), screenshots (about 1:2.2) and most panoramas pass, a 1:10 strip does not. Variants are
   * cut by width, so a tall photo's cost grows with its height: at 1:4 the widest variant is
   * 1600×6400, five times a phone photo's (docs/decisions/022-upload-limits.md).
   */
  maxAspectRatio: 4,
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

/** Said by the server and the clients alike when an image is more elongated than `maxAspectRatio`. */
export const TOO_ELONGATED_MESSAGE = `La imagen es demasiado alargada: su lado largo puede medir hasta ${LIMITS.maxAspectRatio} veces el corto. Recórtala e inténtalo de nuevo.`;

/** Why an image of this size is refused before a pixel of it is decoded, if it is. */
export function imageSizeProblem(width: number, height: number): 'too-many-pixels' | 'too-elongated' | undefined {
  if (width * height > LIMITS.maxImagePixels) return 'too-many-pixels';
  if (Math.max(width, height) > LIMITS.maxAspectRatio * Math.min(width, height)) return 'too-elongated';
  return undefined;
}

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
