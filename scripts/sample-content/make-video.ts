/**
 * Draws the hero video (a looping sunset over the Golfo de Morrosquillo), its poster and the
 * Open Graph image. Everything is drawn here as SVG and rendered with sharp; ffmpeg encodes the
 * frames. Run once on a machine with ffmpeg: `npx tsx scripts/sample-content/make-video.ts`.
 * The outputs are committed, so neither CI nor `npm start` needs ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { palm as drawPalm } from './svg-lib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const videoDir = join(root, 'website/public/video');
const imgDir = join(root, 'website/public/img');

const FPS = 24;
const SECONDS = 6;
const FRAMES = FPS * SECONDS;

/** A wave band as a closed path; `phase` in radians moves it, a whole turn per loop keeps it seamless. */
function wave(w: number, h: number, y: number, amp: number, waves: number, phase: number, fill: string): string {
  const pts: string[] = [];
  for (let x = 0; x <= w; x += 8) {
    const t = (x / w) * waves * 2 * Math.PI;
    const yy = y + amp * Math.sin(t + phase) + amp * 0.35 * Math.sin(2.3 * t - phase);
    pts.push(`${x},${yy.toFixed(1)}`);
  }
  return `<path d="M0,${h} L${pts.join(' L')} L${w},${h} Z" fill="${fill}"/>`;
}

/** A feathery palm silhouette (same drawing as the photos) rooted at (x, y); `sway` in degrees bends the fronds. */
function palm(x: number, y: number, height: number, sway: number, seed: number): string {
  return drawPalm({
    x,
    y,
    height,
    lean: height * 0.18,
    seed,
    fronds: 12,
    sway: (sway * Math.PI) / 180,
    trunk: '#1a2630',
    trunkDark: '#10202a',
    leaf: '#142630',
    leafDark: '#10202a',
  });
}

function scene(w: number, h: number, t: number): string {
  const phase = 2 * Math.PI * t; // t in [0, 1): one loop
  const horizon = h * 0.58;
  const sunY = horizon - h * 0.12;
  const sway = 4 * Math.sin(phase);
  const birds = [0.2, 0.27, 0.33]
    .map((bx, i) => {
      // A whole screen per loop, wrapping off-screen, keeps the loop seamless.
      const x = (((bx + t + i * 0.07) % 1) * 1.2 - 0.1) * w;
      const y = h * (0.2 + i * 0.04) + 6 * Math.sin(phase * 2 + i);
      const s = w / 160;
      return `<path d="M${x - s * 2},${y} q${s},${-s} ${s * 2},0 q${s},${-s} ${s * 2},0" stroke="#3b2a3f" stroke-width="${s * 0.45}" fill="none"/>`;
    })
    .join('');
  const glitter = Array.from({ length: 26 }, (_, i) => {
    const gy = horizon + 8 + i * ((h - horizon) / 30);
    const gw = (w * 0.05 + i * w * 0.006) * (0.7 + 0.3 * Math.sin(phase * 3 + i * 1.7));
    return `<rect x="${(w * 0.62 - gw / 2).toFixed(1)}" y="${gy.toFixed(1)}" width="${gw.toFixed(1)}" height="${(2 + i * 0.15).toFixed(1)}" rx="2" fill="#ffe3a3" opacity="${(0.75 - i * 0.022).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2f4b7c"/><stop offset="0.45" stop-color="#c8658a"/>
      <stop offset="0.8" stop-color="#f7a35c"/><stop offset="1" stop-color="#ffd37a"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6d5"/><stop offset="0.6" stop-color="#ffd36b"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2a6f8f"/><stop offset="1" stop-color="#0b3550"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.62}" cy="${sunY}" r="${h * 0.2}" fill="url(#sun)"/>
  <circle cx="${w * 0.62}" cy="${sunY}" r="${h * 0.075}" fill="#fff1c1"/>
  <path d="M0,${horizon} L${w * 0.12},${horizon - h * 0.05} L${w * 0.24},${horizon - h * 0.02} L${w * 0.3},${horizon} Z" fill="#5b4a6b" opacity="0.7"/>
  ${birds}
  <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#sea)"/>
  ${glitter}
  ${wave(w, h, horizon + h * 0.14, h * 0.012, 5, phase, '#1d5a78')}
  ${wave(w, h, horizon + h * 0.24, h * 0.018, 3, -phase, '#174d69')}
  ${wave(w, h, h * 0.86, h * 0.025, 2, phase, '#e9d2a6')}
  ${wave(w, h, h * 0.9, h * 0.02, 2, phase + 0.6, '#d9bd8a')}
  ${palm(w * 0.1, h * 0.95, h * 0.62, sway, 31)}
  ${palm(w * 0.2, h * 0.97, h * 0.46, -sway * 0.8, 32)}
  ${palm(w * 0.9, h * 0.96, h * 0.55, sway * 0.6, 33)}
</svg>`;
}

async function main() {
  mkdirSync(videoDir, { recursive: true });
  mkdirSync(imgDir, { recursive: true });
  const frames = mkdtempSync(join(tmpdir(), 'hero-frames-'));
  try {
    for (let i = 0; i < FRAMES; i++) {
      await sharp(Buffer.from(scene(960, 540, i / FRAMES)))
        .png({ compressionLevel: 1 })
        .toFile(join(frames, `f${String(i).padStart(4, '0')}.png`));
    }
    const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(frames, 'f%04d.png')];
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      join(videoDir, 'hero.mp4'),
    ]);
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libvpx-vp9',
      '-crf',
      '40',
      '-b:v',
      '0',
      '-row-mt',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-an',
      join(videoDir, 'hero.webm'),
    ]);
    const poster = sharp(Buffer.from(scene(960, 540, 0)));
    await poster.clone().jpeg({ quality: 70, mozjpeg: true }).toFile(join(videoDir, 'hero-poster.jpg'));
    await poster.clone().webp({ quality: 65 }).toFile(join(videoDir, 'hero-poster.webp'));
    await sharp(Buffer.from(scene(1200, 630, 0.1)))
      .jpeg({ quality: 78, mozjpeg: true })
      .toFile(join(imgDir, 'og-image.jpg'));
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
  for (const f of [
    'video/hero.mp4',
    'video/hero.webm',
    'video/hero-poster.jpg',
    'video/hero-poster.webp',
    'img/og-image.jpg',
  ]) {
    console.log(`${f}: ${(statSync(join(root, 'website/public', f)).size / 1024).toFixed(0)} KB`);
  }
}

await main();
