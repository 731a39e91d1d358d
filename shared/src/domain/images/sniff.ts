/**
 * Image type by content: the first bytes of a file decide, never its name or declared type.
 * Pure (a Uint8Array in, no Node or DOM APIs) so the server and the desktop app judge alike:
 * the desktop skips at once what the server would refuse after the upload.
 *
 * Accepted are the formats the server can decode: JPEG, PNG, WebP and AVIF with sharp's
 * prebuilt libvips, HEIC with heic-decode (libheif with the libde265 HEVC decoder).
 *
 * HEIF files (ISO/IEC 23008-12) start with an ISO-BMFF `ftyp` box: a major brand, then the
 * compatible brands. What each brand promises, and what we make of it:
 *
 * | brand        | the file holds                                      | here                  |
 * |--------------|-----------------------------------------------------|-----------------------|
 * | `heic`       | HEVC image items (Main, Main Still Picture)         | heic                  |
 * | `heix`       | HEVC image items (Main 10, range extensions)        | heic                  |
 * | `hevc`       | an HEVC image sequence (Main)                       | heic (1)              |
 * | `hevx`       | an HEVC image sequence (Main 10, range extensions)  | heic (1)              |
 * | `heim` `heis`| L-HEVC image items (multi-layer, scalable)          | refused (2)           |
 * | `hevm` `hevs`| L-HEVC image sequences (multiview, scalable)        | refused (2)           |
 * | `mif1` `msf1`| HEIF images / sequences in any coding format        | heic only beside one of the four HEVC brands above (3) |
 * | `avif` `avis`| AV1 image / sequence (AVIF)                         | avif                  |
 * | `heif`       | nothing: not a registered brand                     | refused (3)           |
 *
 * (1) Phones store the still image as an item beside the sequence; heic-decode decodes the
 *     items, so a file with a track only is refused by the decoder (415) rather than here.
 * (2) libde265 decodes single-layer HEVC only, and heic-decode refuses these major brands.
 * (3) `mif1`/`msf1` alone say nothing of the codec (JPEG, AV1, VVC, uncompressed...).
 * heic-decode reads the major brand only and takes `heic`, `heix`, `hevc`, `hevx`, `mif1` and
 * `msf1`: a HEVC brand among the compatible ones under any other major brand is refused too.
 * AVIF goes to sharp, which ignores the major brand; the server then checks that it is AV1.
 */

/** Formats we accept. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/**
 * What a refused file looks like, for tests and logs: `heif` is HEIF in a coding we do not
 * decode, `isobmff` another ISO-BMFF file (MP4, MOV, 3GP...), `unknown` anything unrecognised
 * (text, scripts, a truncated signature).
 */
export type RefusedKind = 'empty' | 'gif' | 'tiff' | 'pdf' | 'svg' | 'html' | 'xml' | 'heif' | 'isobmff' | 'unknown';

export type SniffResult = { accepted: true; kind: ImageKind } | { accepted: false; kind: RefusedKind };

export const MIME_BY_KIND: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
};

export const EXTENSION_BY_KIND: Record<ImageKind, string> = {
  jpeg: '.jpg',
  png: '.png',
  webp: '.webp',
  avif: '.avif',
  heic: '.heic',
};

/** How many leading bytes `sniffImage` needs: the ftyp box and a dozen compatible brands. */
export const SNIFF_BYTES = 64;

const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Single-layer HEVC: what libde265 decodes. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx']);
/** The major brands heic-decode lets through. */
const HEIC_DECODE_MAJORS = new Set([...HEVC_BRANDS, 'mif1', 'msf1']);
const HEIF_BRANDS = new Set([...HEIC_DECODE_MAJORS, 'heim', 'heis', 'hevm', 'hevs', 'heif']);

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));
const startsWith = (b: Uint8Array, bytes: readonly number[]) =>
  b.length >= bytes.length && bytes.every((v, i) => b[i] === v);

const accept = (kind: ImageKind): SniffResult => ({ accepted: true, kind });
const refuse = (kind: RefusedKind): SniffResult => ({ accepted: false, kind });

/** Major brand, then the compatible brands up to the end of the ftyp box (as far as `head` goes). */
function ftypBrands(head: Uint8Array): string[] {
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  const brands = [ascii(head, 8, 12)];
  // Bytes 12-15 are the minor version; a box too small for it has no compatible brands.
  for (let i = 16; i + 4 <= Math.min(boxSize, head.length); i += 4) brands.push(ascii(head, i, i + 4));
  return brands;
}

function sniffIsoBmff(head: Uint8Array): SniffResult {
  const brands = ftypBrands(head);
  const major = brands[0]!;
  if (brands.some((b) => AVIF_BRANDS.has(b))) return accept('avif');
  if (HEIC_DECODE_MAJORS.has(major) && brands.some((b) => HEVC_BRANDS.has(b))) return accept('heic');
  return refuse(brands.some((b) => HEIF_BRANDS.has(b)) ? 'heif' : 'isobmff');
}

function sniffText(head: Uint8Array): SniffResult {
  // Markup may start after a UTF-8 byte order mark and blank space.
  const text = ascii(head, startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0, head.length)
    .trimStart()
    .toLowerCase();
  if (!text.startsWith('<')) return refuse('unknown');
  if (text.includes('<svg')) return refuse('svg');
  if (/^<(!doctype html|html|head|body|script|iframe|!--)/.test(text)) return refuse('html');
  return refuse('xml');
}

/** Decides from the first `SNIFF_BYTES` of a file (fewer when the file is shorter). */
export function sniffImage(bytes: Uint8Array): SniffResult {
  // The same verdict whether a caller passes the head or the whole file.
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.length === 0) return refuse('empty');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return accept('jpeg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return accept('png');
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return accept('webp');
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return sniffIsoBmff(head);
  if (ascii(head, 0, 4) === 'GIF8') return refuse('gif');
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return refuse('tiff');
  if (ascii(head, 0, 5) === '%PDF-') return refuse('pdf');
  return sniffText(head);
}

/** The accepted kind of a file from its first bytes, or null when we refuse it. */
export function acceptedImageKind(head: Uint8Array): ImageKind | null {
  const result = sniffImage(head);
  return result.accepted ? result.kind : null;
}
