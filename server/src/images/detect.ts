export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heif';

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The image type from the file's first bytes, or null. Names and declared types are never
 * trusted: an SVG, an HTML page or a script starts with text and gets null here.
 */
export function sniffImageType(head: Uint8Array): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 16 && ascii(head, 4, 8) === 'ftyp') {
    const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
    const major = ascii(head, 8, 12);
    const brands = [major];
    for (let i = 16; i + 4 <= Math.min(boxSize, head.length); i += 4) brands.push(ascii(head, i, i + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heif';
  }
  return null;
}
