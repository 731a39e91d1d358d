/**
 * npm run bench -w server
 * Turns one 12-megapixel JPEG (4000×3000, photo-like detail) into its variants through the
 * real pipeline and prints the time and the peak resident memory (RSS) of this process.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Noise over large shapes: compresses like a real photo (about 3-6 MB), unlike flat colour. */
async function makePhoto(file: string) {
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a8fd6"/><stop offset="1" stop-color="#f3d9a4"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#sky)"/>
      <rect y="${HEIGHT * 0.6}" width="100%" height="${HEIGHT * 0.4}" fill="#1b7f8c"/>
      ${Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 733) % WIDTH}" cy="${(i * 397) % HEIGHT}" r="${40 + ((i * 13) % 200)}" fill="hsl(${(i * 47) % 360},60%,50%)" fill-opacity="0.5"/>`).join('')}
    </svg>`,
  );
  await sharp(noise)
    .composite([{ input: await rasterize(shapes), blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'BenchPhone' } })
    .toFile(file);
}

/** The pipeline blocks sharp's SVG loader for uploads; the bench opens it just to draw its test picture. */
async function rasterize(svg: Buffer): Promise<Buffer> {
  sharp.unblock({ operation: ['VipsForeignLoadSvgBuffer'] });
  try {
    return await sharp(svg).png().toBuffer();
  } finally {
    sharp.block({ operation: ['VipsForeignLoadSvgBuffer'] });
  }
}

/** Runs in a fresh process so the peak RSS is the pipeline's own, not the test picture's. */
async function child(file: string) {
  const { processImage } = await import('../src/images/pipeline');
  const before = process.memoryUsage().rss;
  const times: number[] = [];
  let summary = '';
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const out = await processImage(file);
    times.push(performance.now() - t0);
    const bytes = out.variants.reduce((n, v) => n + v.data.length, 0);
    summary = `${out.variants.length} variants (${out.variants.map((v) => `${v.width}.${v.format}`).join(', ')}), ${(bytes / 1024).toFixed(0)} KB in all, placeholder ${out.placeholder.length} B`;
  }
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`output: ${summary}`);
  console.log(
    `time per photo: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (best ${(Math.min(...times) / 1000).toFixed(2)} s)`,
  );
  // maxRSS is the kernel's high-water mark for this process, in kilobytes.
  console.log(
    `peak RSS of the process: ${mb(process.resourceUsage().maxRSS * 1024)} (${mb(before)} before the first photo)`,
  );
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-bench-'));
  const file = path.join(dir, 'photo-12mp.jpg');
  try {
    await makePhoto(file);
    const { size } = await fs.stat(file);
    console.log(
      `input: ${WIDTH}×${HEIGHT} JPEG (${((WIDTH * HEIGHT) / 1e6).toFixed(1)} MP), ${(size / 1024 / 1024).toFixed(2)} MB, ${RUNS} runs`,
    );
    console.log(`machine: ${os.cpus().length} cores, libvips threads ${sharp.concurrency()}, node ${process.version}`);
    const code = await new Promise<number | null>((resolve) => {
      const p = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', file], {
        stdio: 'inherit',
      });
      p.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`benchmark child failed (${code})`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const childIndex = process.argv.indexOf('--child');
(childIndex > 0 ? child(process.argv[childIndex + 1]!) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
