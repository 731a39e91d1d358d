import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { ApiError } from '@cabana/shared/api/errors';
import {
  imageSizeProblem,
  LIMITS,
  TOO_ELONGATED_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
} from '@cabana/shared/domain/config/limits';
import { acceptedImageKind, EXTENSION_BY_KIND, MIME_BY_KIND, type ImageKind } from '@cabana/shared/domain/images/sniff';
import { ImageLane } from './image-lane';

export interface DownscaleOptions {
  /** Longest edge after downscaling, in pixels. */
  maxEdge?: number;
  /** JPEG quality (mozjpeg). */
  quality?: number;
  /** Images within maxEdge and at most this many bytes are sent untouched. */
  smallBytes?: number;
  /** Also make the queue's preview, from the same decode (see `thumbnail` below). */
  thumbnail?: boolean;
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
  /**
   * When asked for: the preview as `thumbnailDataUrl` makes it, but from the downscaled copy (or
   * from the original when nothing was re-encoded), so the photo is decoded once for both.
   */
  thumbnail?: string;
}

const DOWNSCALE_DEFAULTS = { maxEdge: 2560, quality: 82, smallBytes: 1_500_000 } as const;

/**
 * Every decode in main stops at the server's pixel limit: a few kB of PNG can claim 48 MP and
 * hundreds of MB once decoded, in the process that also runs the window.
 */
const INPUT: SharpOptions = { limitInputPixels: LIMITS.maxImagePixels };

// Memory in main (docs/decisions/030-desktop-upload-memory.md). Every pipeline here runs once on
// bytes that are never seen again, so libvips' operation cache only kept recent inputs alive.
sharp.cache(false);
/**
 * One photo decoded at a time in this process, whoever asks: a 12-MP decode, rotation and mozjpeg
 * encode take ~50 MB at their peak, and three uploads at a time plus the previews would decode four
 * at once. The uploads still send three at a time: preparing a photo takes a fraction of sending it
 * over the owner's connection. A photo about to be sent goes ahead of previews.
 */
const imageLane = new ImageLane();
const PREVIEW_SIZE = 96;

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
export function prepareImage(input: Buffer, fileName: string, opts: DownscaleOptions = {}): Promise<PreparedImage> {
  return imageLane.run(() => prepareNow(input, fileName, opts), { urgent: true });
}

async function prepareNow(input: Buffer, fileName: string, opts: DownscaleOptions): Promise<PreparedImage> {
  const { maxEdge, quality, smallBytes } = { ...DOWNSCALE_DEFAULTS, ...opts };
  const withPreview = async (prepared: PreparedImage, from: Buffer): Promise<PreparedImage> =>
    opts.thumbnail ? { ...prepared, thumbnail: await previewNow(from) } : prepared;
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
  if (longEdge <= maxEdge && input.length <= smallBytes) return withPreview({ ...original, width, height }, input);

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
  // Even when the original goes, the preview comes from the small copy: same picture, less work.
  if (out.data.length >= input.length && longEdge <= maxEdge)
    return withPreview({ ...original, width, height }, out.data);
  const outKind: ImageKind = keepAlpha ? 'webp' : 'jpeg';
  return withPreview(
    {
      data: out.data,
      type: MIME_BY_KIND[outKind],
      fileName: renamed(fileName, outKind),
      reencoded: true,
      originalBytes: input.length,
      width: out.info.width,
      height: out.info.height,
    },
    out.data,
  );
}

/**
 * A small preview for the queue list, as a data: URL (the renderer's CSP allows data: images);
 * none for an image over the pixel limit or one this libvips cannot decode. Waits behind photos
 * being prepared for sending.
 */
export function thumbnailDataUrl(filePath: string): Promise<string | undefined> {
  return imageLane.run(() => previewNow(filePath));
}

async function previewNow(input: string | Buffer): Promise<string | undefined> {
  try {
    const buf = await sharp(input, INPUT)
      .rotate()
      .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: 'cover' })
      .jpeg({ quality: 60 })
      .toBuffer();
    return `data:image/jpeg;base64,${buf.toString('base64')}`;
  } catch {
    return undefined;
  }
}
