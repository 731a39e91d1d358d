import sharp from 'sharp';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;

/** The pipeline blocks sharp's SVG loader for uploads; the bench opens it just to draw its test picture. */
async function rasterize(svg: Buffer): Promise<Buffer> {
  sharp.unblock({ operation: ['VipsForeignLoadSvgBuffer'] });
  try {
    return await sharp(svg).png().toBuffer();
  } finally {
    sharp.block({ operation: ['VipsForeignLoadSvgBuffer'] });
  }
}

/**
 * A 12-megapixel JPEG (4000×3000) with grain over large shapes: compresses like a real photo
 * (about 3-6 MB), unlike flat colour. `seed` moves the shapes so photos differ.
 */
export async function makePhoto(file: string, seed = 0): Promise<void> {
  const noise = await sharp({
    create: {
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a8fd6"/><stop offset="1" stop-color="#f3d9a4"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#sky)"/>
      <rect y="${PHOTO_HEIGHT * 0.6}" width="100%" height="${PHOTO_HEIGHT * 0.4}" fill="#1b7f8c"/>
      ${Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 733 + seed * 211) % PHOTO_WIDTH}" cy="${(i * 397 + seed * 157) % PHOTO_HEIGHT}" r="${40 + ((i * 13 + seed) % 200)}" fill="hsl(${(i * 47 + seed * 31) % 360},60%,50%)" fill-opacity="0.5"/>`).join('')}
    </svg>`,
  );
  await sharp(noise)
    .composite([{ input: await rasterize(shapes), blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'BenchPhone' } })
    .toFile(file);
}
