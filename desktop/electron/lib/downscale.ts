import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { ApiError } from '@cabana/shared/api/errors';
import { imageSizeProblem, LIMITS, TOO_ELONGATED_MESSAGE, TOO_MANY_PIXELS_MESSAGE } from '@cabana/shared/config/limits';
import { acceptedImageKind, EXTENSION_BY_KIND, MIME_BY_KIND, type ImageKind } from '@cabana/shared/images/sniff';

export interface DownscaleOptions {
  /** Longest edge after downscaling, in pixels. */
  maxEdge?: number;
  /** JPEG quality (mozjpeg). */
  quality?: number;
  /** Images within maxEdge and at most this many bytes are sent untouched. */
  smallBytes?: number;
}

export interface PreparedImage {
  data: Buffer;
  /** MIME type of `data`. */
  type: string;
  /** File name to send, with an extension that matches `data`. */
  fileName: string;
  /** True when `data` was re-encoded here; false when the original bytes are sent. */
  reencoded: boolean;
  originalBytes: number;
  width?: number;
  height?: number;
}

const DOWNSCALE_DEFAULTS = { maxEdge: 2560, quality: 82, smallBytes: 1_500_000 } as const;

/**
 * Every decode in main stops at the server's pixel limit: a few kB of PNG can claim 48 MP and
 * hundreds of MB once decoded, in the process that also runs the window.
 */
const INPUT: SharpOptions = { limitInputPixels: LIMITS.maxImagePixels };

const tooManyPixels = () => new ApiError(413, { error: TOO_MANY_PIXELS_MESSAGE, code: 'PAYLOAD_TOO_LARGE' });
/** What the server answers a strip (a side more than `maxAspectRatio` times the other): no use sending it. */
const tooElongated = () =>
  new ApiError(400, { error: TOO_ELONGATED_MESSAGE, code: 'VALIDATION', fields: { image: TOO_ELONGATED_MESSAGE } });
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

function renamed(fileName: string, kind: ImageKind): string {
  const base = fileName.replace(/\.[^.]+$/, '') || 'foto';
  return base + EXTENSION_BY_KIND[kind];
}

/**
 * Makes a photo cheap to send over a weak connection: auto-rotated by its EXIF orientation,
 * at most `maxEdge` on its long side, re-encoded as JPEG (WebP when it has transparency) with
 * no metadata. The server still makes its own variants; this only saves the owner's bandwidth.
 * Small images, and images sharp cannot decode here (HEVC-coded HEIC), go as they are; so does
 * any image whose re-encoding would not be smaller. An image over the pixel limit is refused from
 * its header (a 413 ApiError with the Spanish reason the queue shows), before any pixel is decoded.
 */
export async function prepareImage(
  input: Buffer,
  fileName: string,
  opts: DownscaleOptions = {},
): Promise<PreparedImage> {
  const { maxEdge, quality, smallBytes } = { ...DOWNSCALE_DEFAULTS, ...opts };
  const kind = acceptedImageKind(input);
  const original: PreparedImage = {
    data: input,
    type: kind ? MIME_BY_KIND[kind] : 'application/octet-stream',
    fileName,
    reencoded: false,
    originalBytes: input.length,
  };
  if (!kind) return original;

  let meta: Metadata;
  try {
    meta = await sharp(input, INPUT).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    return original; // e.g. HEIC that this libvips cannot decode: the server converts it.
  }
  if (!meta.width || !meta.height) return original;
  const problem = imageSizeProblem(meta.width, meta.height);
  if (problem === 'too-many-pixels') throw tooManyPixels();
  if (problem === 'too-elongated') throw tooElongated();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge && input.length <= smallBytes) return { ...original, width, height };

  const keepAlpha = meta.hasAlpha === true;
  let out: { data: Buffer; info: OutputInfo };
  try {
    const pipeline = sharp(input, INPUT)
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true });
    out = await (
      keepAlpha ? pipeline.webp({ quality, effort: 4 }) : pipeline.jpeg({ quality, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    return original;
  }
  if (out.data.length >= input.length && longEdge <= maxEdge) return { ...original, width, height };
  const outKind: ImageKind = keepAlpha ? 'webp' : 'jpeg';
  return {
    data: out.data,
    type: MIME_BY_KIND[outKind],
    fileName: renamed(fileName, outKind),
    reencoded: true,
    originalBytes: input.length,
    width: out.info.width,
    height: out.info.height,
  };
}

/**
 * A small preview for the queue list, as a data: URL (the renderer's CSP allows data: images);
 * none for an image over the pixel limit.
 */
export async function thumbnailDataUrl(filePath: string, size = 96): Promise<string | undefined> {
  try {
    const buf = await sharp(filePath, INPUT)
      .rotate()
      .resize({ width: size, height: size, fit: 'cover' })
      .jpeg({ quality: 60 })
      .toBuffer();
    return `data:image/jpeg;base64,${buf.toString('base64')}`;
  } catch {
    return undefined;
  }
}
