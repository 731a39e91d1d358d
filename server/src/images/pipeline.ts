import fs from 'node:fs/promises';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import {
  imageSizeProblem,
  LIMITS,
  TOO_ELONGATED_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
} from '@cabana/shared/domain/config/limits';
import { acceptedImageKind, SNIFF_BYTES, type ImageKind } from '@cabana/shared/domain/images/sniff';
import type { ImageFormat } from '@cabana/shared/domain/schemas/image';
import { DomainError, invalidInput, tooLarge, unsupportedMedia } from '../domain-errors';
import type { VariantFile } from './storage';
import { decodeHeic } from './heic';

// Only the loaders for the formats we accept may run: SVG, PDF, TIFF, GIF, ImageMagick and
// friends stay unreachable even if a file slipped past the magic-byte check.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpegFile',
    'VipsForeignLoadJpegBuffer',
    'VipsForeignLoadPngFile',
    'VipsForeignLoadPngBuffer',
    'VipsForeignLoadWebpFile',
    'VipsForeignLoadWebpBuffer',
    'VipsForeignLoadHeifFile',
    'VipsForeignLoadHeifBuffer',
  ],
});

// libvips' operation cache keeps decoded uploads around for reuse we never make: memory only.
sharp.cache(false);

/** Widths offered for srcset; the largest also caps what we keep of a 12 MP phone photo. */
const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** JPEG (the `secure_url` fallback) is made only at these widths, or at the largest when smaller. */
const JPEG_MIN_WIDTH = 960;
/**
 * What all the variants of one photo may take together. A real photo of the most elongated shape
 * accepted (1:4, widest variant 1600×6400) takes about 6.5 MB, a 12 MP phone photo under 1 MB;
 * only noise-like pictures come near (1600×6400 of pure noise: 18 MB).
 */
const MAX_VARIANT_BYTES = 16 * 1024 * 1024;

/** Encoder settings of every variant (the bench gives bare sharp the very same ones). */
export const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 76, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true, progressive: true },
  placeholder: { width: 20, blur: 0.6, webp: { quality: 40 } },
} as const;

const UNSUPPORTED_MESSAGE = 'Este archivo no es una imagen admitida. Sube una foto JPEG, PNG, WebP, AVIF o HEIC.';
const UNPROCESSABLE_MESSAGE =
  'No pudimos procesar esta imagen. Guárdala de nuevo como JPEG (o haz una captura) e inténtalo otra vez.';
const TOO_HEAVY_MESSAGE = `Esta imagen tiene tanto detalle que sus versiones para la web pasarían de ${Math.round(
  MAX_VARIANT_BYTES / (1024 * 1024),
)} MB. Prueba con una foto más pequeña o recortada.`;

interface ProcessedVariant {
  name: string;
  format: ImageFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  placeholder: string;
  variants: ProcessedVariant[];
}

const EXT: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
const SHARP_FORMATS: Record<Exclude<ImageKind, 'heic'>, string[]> = {
  jpeg: ['jpeg'],
  png: ['png'],
  webp: ['webp'],
  avif: ['heif'],
};

async function readHead(file: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

interface Decoded {
  /** Upright pixels, at most the largest variant wide. */
  raw: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  /** Upright size of the original. */
  width: number;
  height: number;
}

const tooElongated = () => invalidInput(TOO_ELONGATED_MESSAGE, { image: TOO_ELONGATED_MESSAGE });

/** From the header, before a pixel is decoded: its size, and its shape (a strip costs its height in every variant). */
function checkSize(width: number, height: number) {
  if (!(width > 0 && height > 0)) throw unsupportedMedia(UNSUPPORTED_MESSAGE);
  const problem = imageSizeProblem(width, height);
  if (problem === 'too-many-pixels') throw tooLarge(TOO_MANY_PIXELS_MESSAGE);
  if (problem === 'too-elongated') throw tooElongated();
}

/** Decodes once into a capped, upright raw buffer that every variant is cut from. */
async function decode(file: string, type: ImageKind): Promise<Decoded> {
  const maxWidth = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  let source: Sharp;
  let width: number;
  let height: number;
  if (type === 'heic') {
    // sharp's prebuilt libvips cannot decode HEVC: libheif (wasm) does, in a worker thread (see
    // heic.ts), and applies the HEIF rotation boxes itself. Dimensions are checked before any
    // pixel is decoded.
    const decoded = await decodeHeic(await fs.readFile(file), {
      maxPixels: LIMITS.maxImagePixels,
      maxAspectRatio: LIMITS.maxAspectRatio,
      maxWidth,
    });
    if (!decoded.ok) {
      if (decoded.reason === 'too-many-pixels') throw tooLarge(TOO_MANY_PIXELS_MESSAGE);
      if (decoded.reason === 'too-elongated') throw tooElongated();
      throw unsupportedMedia(UNSUPPORTED_MESSAGE);
    }
    width = decoded.width;
    height = decoded.height;
    checkSize(width, height);
    source = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.dataWidth, height: decoded.dataHeight, channels: 4 },
    });
  } else {
    const options: SharpOptions = { limitInputPixels: LIMITS.maxImagePixels, failOn: 'error', sequentialRead: true };
    let meta: Metadata;
    try {
      meta = await sharp(file, options).metadata();
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooLarge(TOO_MANY_PIXELS_MESSAGE);
      throw unsupportedMedia(UNSUPPORTED_MESSAGE);
    }
    if (!SHARP_FORMATS[type].includes(meta.format ?? '')) throw unsupportedMedia(UNSUPPORTED_MESSAGE);
    // AVIF and HEIC share sharp's "heif" loader: only AV1-coded files are AVIF.
    if (type === 'avif' && meta.compression !== 'av1') throw unsupportedMedia(UNSUPPORTED_MESSAGE);
    checkSize(meta.width ?? 0, meta.height ?? 0);
    const swap = (meta.orientation ?? 1) >= 5;
    width = swap ? meta.height : meta.width;
    height = swap ? meta.width : meta.height;
    source = sharp(file, options).rotate();
  }
  try {
    const { data, info } = await source
      .resize({ width: Math.min(width, maxWidth), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { raw: data, info: { width: info.width, height: info.height, channels: info.channels }, width, height };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooLarge(TOO_MANY_PIXELS_MESSAGE);
    throw unsupportedMedia(UNSUPPORTED_MESSAGE);
  }
}

/** The order of a width's variants in the list (and in what is stored): AVIF, WebP, JPEG. */
const FORMAT_ORDER: readonly ImageFormat[] = ['avif', 'webp', 'jpeg'];

export function variantWidths(baseWidth: number): number[] {
  const widths = VARIANT_WIDTHS.filter((w) => w < baseWidth) as number[];
  widths.push(baseWidth);
  return widths;
}

type RawInfo = Decoded['info'];

/**
 * Every variant of an upright raw picture (AVIF and WebP at every width, JPEG at the larger
 * ones), metadata-free, and its blurred placeholder. Whatever an encoder refuses (a side past
 * what its format holds, for one) is the photo's problem to the person sending it: a Spanish
 * 415, never an internal error; nothing has been written yet, so nothing is left behind.
 */
export async function encodeVariants(
  raw: Buffer,
  info: RawInfo,
): Promise<{ variants: ProcessedVariant[]; placeholder: string }> {
  const fromRaw = () => sharp(raw, { raw: info });
  const hasAlpha = info.channels === 2 || info.channels === 4;
  const widths = variantWidths(info.width);
  const jpegWidths = widths.filter((w) => w >= JPEG_MIN_WIDTH);
  if (jpegWidths.length === 0) jpegWidths.push(info.width);

  const variants: ProcessedVariant[] = [];
  let bytes = 0;
  try {
    // Largest first, the fast encoders before AVIF: a photo too heavy for the bound is known after
    // one or two quick encodes instead of after every small variant and the slow AVIF ones. The
    // list is put back in its usual order (width, then AVIF, WebP, JPEG) at the end.
    for (const w of [...widths].reverse()) {
      // sharp writes no metadata unless asked (withMetadata), so EXIF, GPS and XMP are gone.
      const resized = await fromRaw().resize({ width: w }).raw().toBuffer({ resolveWithObject: true });
      const at = () => sharp(resized.data, { raw: resized.info });
      const h = resized.info.height;
      const push = (format: ImageFormat, data: Buffer) => {
        variants.push({ name: `${w}.${EXT[format]}`, format, width: w, height: h, data });
        bytes += data.length;
        // Stop as soon as it is known: the rest would only cost more time.
        if (bytes > MAX_VARIANT_BYTES) throw tooLarge(TOO_HEAVY_MESSAGE);
      };
      if (jpegWidths.includes(w)) {
        const jpeg = hasAlpha ? at().flatten({ background: '#ffffff' }) : at();
        push('jpeg', await jpeg.jpeg(ENCODERS.jpeg).toBuffer());
      }
      push('webp', await at().webp(ENCODERS.webp).toBuffer());
      push('avif', await at().avif(ENCODERS.avif).toBuffer());
    }
    variants.sort((a, b) => a.width - b.width || FORMAT_ORDER.indexOf(a.format) - FORMAT_ORDER.indexOf(b.format));
    const tiny = await fromRaw()
      .resize({ width: ENCODERS.placeholder.width })
      .flatten({ background: '#ffffff' })
      .blur(ENCODERS.placeholder.blur)
      .webp(ENCODERS.placeholder.webp)
      .toBuffer();
    return { variants, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw unsupportedMedia(UNPROCESSABLE_MESSAGE);
  }
}

/**
 * Checks the file by content, size and shape, then makes upright, metadata-free variants and a
 * tiny blurred placeholder (encodeVariants). Throws DomainErrors (UNSUPPORTED_MEDIA_TYPE,
 * PAYLOAD_TOO_LARGE, VALIDATION) for what it refuses.
 */
export async function processImage(file: string): Promise<ProcessedImage> {
  const type = acceptedImageKind(await readHead(file));
  if (!type) throw unsupportedMedia(UNSUPPORTED_MESSAGE);
  const decoded = await decode(file, type);
  const { variants, placeholder } = await encodeVariants(decoded.raw, decoded.info);
  return { width: decoded.width, height: decoded.height, placeholder, variants };
}

export const toVariantFiles = (img: ProcessedImage): VariantFile[] =>
  img.variants.map((v) => ({ name: v.name, data: v.data }));
