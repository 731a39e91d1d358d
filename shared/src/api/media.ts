/**
 * The grammar of stored media URLs (`/media/<id>/<file>`): the server makes only such names and
 * serves no other; a client that proxies media (the desktop app) checks against the same rules.
 */

/** Image ids are server-made: 16 base64url characters (96 random bits). */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
/** Variant files are `<width>.<ext>`. */
export const VARIANT_FILE_PATTERN = /^([1-9]\d{0,4})\.(avif|webp|jpg)$/;
