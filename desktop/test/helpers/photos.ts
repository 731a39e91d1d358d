import sharp from 'sharp';

export interface PhotoOptions {
  width: number;
  height: number;
  /** EXIF orientation to write (1 = upright). */
  orientation?: number;
  /** Write a GPS position into EXIF, as phones do. */
  gps?: boolean;
  quality?: number;
  /** Varies the picture so files differ. */
  seed?: number;
  format?: 'jpeg' | 'png' | 'webp';
  /** PNG/WebP with a half-transparent area. */
  alpha?: boolean;
}

/**
 * A generated photo with phone-like detail (grain over colour gradients and a shape), so
 * encoders do real work and byte counts look like a camera's rather than a flat test card.
 */
export async function makePhoto(opts: PhotoOptions): Promise<Buffer> {
  const { width, height, seed = 1 } = opts;
  // A 3×3 colour grid blown up with a smooth kernel gives soft gradients; no SVG (the server
  // under test, in this same process, blocks sharp's SVG loader).
  const grid = Buffer.alloc(3 * 3 * 3);
  for (let i = 0; i < grid.length; i++) grid[i] = (Math.imul(seed * 7919 + i * 104729, 2654435761) >>> 24) & 0xff;
  const base = await sharp(grid, { raw: { width: 3, height: 3, channels: 3 } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .blur(0.7)
    .raw()
    .toBuffer();
  let img = sharp(
    await sharp(base, { raw: { width, height, channels: 3 } })
      .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
      .png({ compressionLevel: 1 })
      .toBuffer(),
  );
  const format = opts.format ?? 'jpeg';
  if (format === 'png' || format === 'webp') {
    if (opts.alpha) {
      const mask = Buffer.alloc(width * height, 255);
      for (let y = 0; y < height; y++) mask.fill(90, y * width, y * width + Math.round(width / 2));
      const rgb = await img.removeAlpha().png({ compressionLevel: 1 }).toBuffer();
      img = sharp(
        await sharp(rgb)
          .joinChannel(mask, { raw: { width, height, channels: 1 } })
          .png()
          .toBuffer(),
      );
    } else {
      img = img.removeAlpha();
    }
    return format === 'png' ? img.png().toBuffer() : img.webp({ quality: opts.quality ?? 90 }).toBuffer();
  }
  img = img.removeAlpha();
  if (opts.gps || opts.orientation) {
    img = img.withExif({
      IFD0: { Make: 'TestPhone', Model: 'Cam 12' },
      ...(opts.gps
        ? {
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: '9/1 30/1 20/1',
              GPSLongitudeRef: 'W',
              GPSLongitude: '75/1 33/1 47/1',
            },
          }
        : {}),
    });
  }
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.jpeg({ quality: opts.quality ?? 92 }).toBuffer();
}

/** 8000×6000 = 48 MP of one colour, over the 40-MP limit: a small PNG that decodes to 144 MB. */
export function makePixelBomb(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
