/**
 * Draws the sample gallery photos as SVG illustrations and renders them to JPEG with sharp.
 * Run from the repo root: `npx tsx scripts/sample-content/make-photos.ts`
 * Output: server/seed/photos/*.jpg and server/seed/photos.json (seeded on first start).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  CENTRED,
  TOP_DOWN,
  between,
  cloud,
  doc,
  foliage,
  linearFill,
  n,
  palm,
  radialFill,
  rng,
  textureDefs,
  textureOverlay,
  thatch,
  tufts,
  waterGlints,
  type Rand,
} from './svg-lib';

const W = 1600;
const H = 1067;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT_DIR = join(ROOT, 'server', 'seed', 'photos');
const MANIFEST = join(ROOT, 'server', 'seed', 'photos.json');

const LEAF = { leaf: '#3f8a3a', leafDark: '#245c2a', trunk: '#9c7a52', trunkDark: '#5e4428' };
const SIL = { leaf: '#1d1410', leafDark: '#140d0a', trunk: '#24170f', trunkDark: '#140d0a' };
const GREENS = ['#1e4d25', '#2c6a2f', '#3d8438', '#58a044', '#7cbc55'] as const;

function sky(top: string, mid: string, horizon: string, y1: number): string {
  const fill = linearFill('sky', TOP_DOWN, [
    { offset: 0, color: top },
    { offset: 0.6, color: mid },
    { offset: 1, color: horizon },
  ]);
  return `${fill.defs}<rect width="${W}" height="${n(y1)}" fill="${fill.url}"/>`;
}

function band(y0: number, y1: number, s: { offset: number; color: string }[]): string {
  const fill = linearFill('band', TOP_DOWN, s);
  return `${fill.defs}<rect y="${n(y0)}" width="${W}" height="${n(y1 - y0)}" fill="${fill.url}"/>`;
}

function sun(cx: number, cy: number, r: number, core: string, halo: string, haloR: number): string {
  const glow = radialFill('sun', CENTRED, [
    { offset: 0, color: halo, opacity: 0.85 },
    { offset: 0.35, color: halo, opacity: 0.35 },
    { offset: 1, color: halo, opacity: 0 },
  ]);
  return `${glow.defs}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(haloR)}" fill="${glow.url}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${core}"/>`;
}

/** Distant tree line: overlapping canopy blobs plus a few small palms. */
function treeLine(r: Rand, y: number, colors: readonly string[], palmsColor?: typeof LEAF): string {
  let out = '';
  for (let x = -60; x < W + 60; x += between(r, 70, 140)) {
    out += foliage(r, x, y - between(r, 10, 40), between(r, 60, 110), between(r, 30, 55), colors, 28, [14, 30]);
  }
  if (palmsColor) {
    for (let i = 0; i < 7; i++) {
      out += palm({
        x: between(r, 0, W),
        y: y + 10,
        height: between(r, 140, 220),
        lean: between(r, -40, 40),
        seed: 100 + i,
        fronds: 9,
        ...palmsColor,
      });
    }
  }
  return out;
}

function sand(r: Rand, y0: number, y1: number, light: string, dark: string): string {
  let out = band(y0, y1, [
    { offset: 0, color: light },
    { offset: 1, color: dark },
  ]);
  let d = '';
  for (let i = 0; i < 900; i++) {
    const y = between(r, y0, y1);
    const x = between(r, 0, W);
    const s = 1 + ((y - y0) / (y1 - y0)) * 2.5;
    d += `M${n(x)} ${n(y)}h${n(s)}`;
  }
  out += `<path d="${d}" stroke="#8a6b45" stroke-width="2" opacity="0.35" stroke-linecap="round"/>`;
  return out;
}

function bougainvillea(r: Rand, cx: number, cy: number, rx: number, ry: number): string {
  return (
    foliage(r, cx, cy, rx, ry, GREENS, 70, [10, 22]) +
    foliage(r, cx, cy - ry * 0.2, rx * 0.9, ry * 0.8, ['#8e1f5c', '#b8287a', '#d83d93', '#ee6bb0'], 110, [5, 11])
  );
}

// ---------------------------------------------------------------------------------------------
// Scenes

function cabana(): string {
  const r = rng(11);
  let b = sky('#2f7fc6', '#79bde6', '#d4eef7', 640);
  b +=
    cloud(r, 320, 150, 420, '#ffffff', '#c9dcea') +
    cloud(r, 1200, 110, 360, '#ffffff', '#c9dcea') +
    cloud(r, 820, 260, 220, '#f8fbfd', '#cfdfea');
  b += treeLine(r, 640, GREENS, LEAF);
  b += band(620, H, [
    { offset: 0, color: '#7fae4f' },
    { offset: 0.5, color: '#5f9340' },
    { offset: 1, color: '#3f6f2f' },
  ]);
  b += tufts(r, 0, W, 640, H, ['#4b7f33', '#8cc25a', '#356329'], 900, 26);
  // Stone path to the door.
  let path = '';
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    const y = 860 + t * 200;
    const w = 60 + t * 80;
    path += `<ellipse cx="${n(800 + Math.sin(t * 3) * 40)}" cy="${n(y)}" rx="${n(w)}" ry="${n(10 + t * 16)}" fill="#d8cdb8" stroke="#a39478" stroke-width="2"/>`;
  }
  b += path;
  // Shadow under the cabin.
  b += `<ellipse cx="800" cy="850" rx="560" ry="40" fill="#1e3315" opacity="0.45" filter="url(#soft)"/>`;
  // Walls: painted wooden planks.
  const wall = linearFill('wall', TOP_DOWN, [
    { offset: 0, color: '#f6e7c8' },
    { offset: 1, color: '#e2c99a' },
  ]);
  b += wall.defs;
  b += `<rect x="440" y="560" width="720" height="290" fill="${wall.url}"/>`;
  let planks = '';
  for (let x = 452; x < 1160; x += 24) planks += `M${x} 560v290`;
  b += `<path d="${planks}" stroke="#c9a877" stroke-width="2" opacity="0.6"/>`;
  // Shade under the eaves.
  const eave = linearFill('eave', TOP_DOWN, [
    { offset: 0, color: '#3b2a17', opacity: 0.55 },
    { offset: 1, color: '#3b2a17', opacity: 0 },
  ]);
  b += `${eave.defs}<rect x="440" y="560" width="720" height="90" fill="${eave.url}"/>`;
  // Windows with turquoise shutters.
  for (const x of [510, 1000]) {
    b += `<rect x="${x}" y="640" width="90" height="110" fill="#2d3f4a"/><rect x="${x + 6}" y="646" width="78" height="98" fill="#4c6a78"/>`;
    b += `<path d="M${x + 45} 646v98M${x + 6} 695h78" stroke="#e9dcc0" stroke-width="5"/>`;
    b += `<rect x="${x - 38}" y="636" width="36" height="118" fill="#1f9aa5" stroke="#156d75" stroke-width="3"/><rect x="${x + 92}" y="636" width="36" height="118" fill="#1f9aa5" stroke="#156d75" stroke-width="3"/>`;
    let slats = '';
    for (let y = 646; y < 750; y += 10) slats += `M${x - 36} ${y}h32M${x + 94} ${y}h32`;
    b += `<path d="${slats}" stroke="#167a83" stroke-width="2"/>`;
    b += foliage(r, x + 45, 765, 70, 16, ['#b8287a', '#e35a9f', '#f29b2e', '#2c6a2f', '#3d8438'], 40, [5, 10]);
  }
  // Door with a rounded top.
  b += `<path d="M740 850V690a60 60 0 0 1 120 0V850Z" fill="#7a4a24" stroke="#4a2c14" stroke-width="5"/>`;
  b += `<path d="M770 850V700M800 850V680M830 850V700" stroke="#5c3819" stroke-width="3"/><circle cx="840" cy="775" r="6" fill="#e2b64a"/>`;
  // Porch deck and posts.
  b += `<polygon points="400,850 1200,850 1240,885 360,885" fill="#a8743f"/><path d="M360 885h880" stroke="#6e4622" stroke-width="5"/>`;
  b += `<rect x="720" y="885" width="160" height="16" fill="#8a5c30"/><rect x="700" y="901" width="200" height="16" fill="#6e4622"/>`;
  for (const x of [420, 620, 980, 1180])
    b += `<rect x="${x - 10}" y="560" width="20" height="292" fill="#6e4622"/><rect x="${x - 6}" y="560" width="6" height="292" fill="#94643a"/>`;
  // Big thatched hip roof.
  b += thatch(
    r,
    [
      [330, 600],
      [560, 330],
      [1040, 330],
      [1270, 600],
    ],
    '#d9b266',
    '#8d6431',
    2600,
    26,
  );
  b += `<path d="M330 600L1270 600" stroke="#6b4a22" stroke-width="10"/><path d="M560 330H1040" stroke="#6b4a22" stroke-width="12" stroke-linecap="round"/>`;
  // Flowering bushes and palms framing the cabin.
  b += bougainvillea(r, 330, 830, 150, 90) + bougainvillea(r, 1290, 840, 140, 85);
  b += palm({ x: 180, y: 1000, height: 820, lean: 120, seed: 3, coconuts: true, ...LEAF, fronds: 13 });
  b += palm({ x: 1460, y: 1020, height: 760, lean: -150, seed: 4, coconuts: true, ...LEAF, fronds: 12 });
  b += palm({ x: 1300, y: 700, height: 420, lean: 60, seed: 8, ...LEAF, fronds: 10 });
  return doc(W, H, textureDefs(21), b + textureOverlay(W, H));
}

function jacuzzi(): string {
  const r = rng(22);
  let b = sky('#3d8fd1', '#8cc8ea', '#e0f3fa', 520);
  b += cloud(r, 1150, 120, 380, '#ffffff', '#cfe0ec');
  b += treeLine(r, 470, GREENS, LEAF);
  // Wooden fence with tropical plants in front.
  b += `<rect y="430" width="${W}" height="150" fill="#8c5e35"/>`;
  let slats = '';
  for (let x = 0; x < W; x += 34) slats += `M${x} 430v150`;
  b += `<path d="${slats}" stroke="#5e3c1f" stroke-width="4"/><path d="M0 440H${W}" stroke="#6b4526" stroke-width="8"/>`;
  for (let x = 60; x < W; x += 220) b += foliage(r, x + between(r, -30, 30), 560, 150, 70, GREENS, 80, [10, 26]);
  // Wooden deck in perspective, converging to a far point above the tub.
  b += band(560, H, [
    { offset: 0, color: '#b58657' },
    { offset: 1, color: '#7c5330' },
  ]);
  let deck = '';
  for (let i = -20; i <= 40; i++) {
    const xBottom = 800 + i * 110;
    const xTop = 800 + i * 32;
    deck += `M${n(xTop)} 560L${n(xBottom)} ${H}`;
  }
  b += `<path d="${deck}" stroke="#5b3a1d" stroke-width="3" opacity="0.7"/>`;
  // Palm shadow on the deck.
  b += `<g opacity="0.22" filter="url(#soft)" transform="translate(1080 1060) scale(1 -0.35) rotate(-25)">${palm({ x: 0, y: 0, height: 900, lean: 60, seed: 9, ...SIL })}</g>`;
  // Tub: stone rim, tiled inner wall, glowing water.
  b += `<ellipse cx="800" cy="790" rx="600" ry="215" fill="#e9e1d2" stroke="#b6a98f" stroke-width="6"/>`;
  b += `<ellipse cx="800" cy="790" rx="600" ry="215" fill="none" stroke="#fff" stroke-width="2" opacity="0.6" transform="translate(0 -6)"/>`;
  const water = radialFill('water', { cx: 0.5, cy: 0.45, r: 0.6 }, [
    { offset: 0, color: '#9ff3f3' },
    { offset: 0.55, color: '#32c3d3' },
    { offset: 1, color: '#0b7f9a' },
  ]);
  b += water.defs;
  b += `<ellipse cx="800" cy="800" rx="535" ry="178" fill="#1b6f86"/>`;
  b += `<ellipse cx="800" cy="812" rx="520" ry="160" fill="${water.url}"/>`;
  // Caustics: wobbly light lines.
  let caustics = '';
  for (let i = 0; i < 60; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r()) * 0.9;
    const x = 800 + Math.cos(a) * 520 * d;
    const y = 812 + Math.sin(a) * 160 * d;
    const w = between(r, 30, 90);
    caustics += `M${n(x)} ${n(y)}q${n(w / 4)} ${n(-8)} ${n(w / 2)} 0t${n(w / 2)} 0`;
  }
  b += `<path d="${caustics}" stroke="#e9ffff" stroke-width="3" fill="none" opacity="0.55"/>`;
  // Bubbles rising from the jets.
  for (const [jx, jy] of [
    [520, 850],
    [1080, 850],
    [800, 740],
    [640, 760],
    [960, 770],
  ] as const) {
    b += `<ellipse cx="${jx}" cy="${jy}" rx="70" ry="24" fill="#ffffff" opacity="0.35" filter="url(#blur2)"/>`;
    for (let i = 0; i < 40; i++) {
      const x = jx + between(r, -70, 70);
      const y = jy + between(r, -22, 22);
      b += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(r, 2, 6))}" fill="#ffffff" opacity="${n(between(r, 0.5, 0.95))}"/>`;
    }
  }
  // Rolled towels and a coconut drink on the rim.
  for (const [x, c] of [
    [340, '#f4f1ea'],
    [400, '#1f9aa5'],
    [460, '#f29b2e'],
  ] as const) {
    b += `<rect x="${x - 28}" y="640" width="56" height="46" rx="22" fill="${c}" stroke="#0000002a" stroke-width="3"/><circle cx="${x}" cy="663" r="12" fill="none" stroke="#0000002a" stroke-width="3"/>`;
  }
  b += `<circle cx="1250" cy="640" r="34" fill="#6b4a22"/><ellipse cx="1250" cy="612" rx="30" ry="9" fill="#f5f0de"/><path d="M1258 612l26 -60" stroke="#e8413c" stroke-width="5"/><path d="M1235 600q-16 -20 8 -26q12 20 -8 26Z" fill="#f4c542"/>`;
  b += palm({ x: 1500, y: 620, height: 620, lean: -80, seed: 13, coconuts: true, ...LEAF });
  b += palm({ x: 90, y: 640, height: 560, lean: 90, seed: 14, ...LEAF });
  return doc(W, H, textureDefs(22), b + textureOverlay(W, H));
}

function hammock(
  r: Rand,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  sag: number,
  colors: readonly string[],
): string {
  let out = '';
  const stripes = colors.length * 2;
  const mx = (x0 + x1) / 2;
  for (let i = 0; i < stripes; i++) {
    const off = (i / stripes) * 46;
    const c = colors[i % colors.length];
    out += `<path d="M${n(x0)} ${n(y0 + off * 0.2)}Q${n(mx)} ${n(Math.max(y0, y1) + sag + off)} ${n(x1)} ${n(y1 + off * 0.2)}" stroke="${c}" stroke-width="8" fill="none"/>`;
  }
  // Fringe hanging from the lower edge.
  let fringe = '';
  for (let t = 0.12; t < 0.9; t += 0.025) {
    const u = 1 - t;
    const x = u * u * x0 + 2 * u * t * mx + t * t * x1;
    const y = u * u * (y0 + 9) + 2 * u * t * (Math.max(y0, y1) + sag + 50) + t * t * (y1 + 9);
    fringe += `M${n(x)} ${n(y)}l${n(between(r, -2, 2))} ${n(between(r, 22, 34))}`;
  }
  out += `<path d="${fringe}" stroke="${colors[0]}" stroke-width="3" fill="none"/>`;
  out += `<path d="M${n(x0)} ${n(y0)}l-30 -40M${n(x1)} ${n(y1)}l30 -40" stroke="#e9dcc0" stroke-width="3"/>`;
  return out;
}

function kiosco(): string {
  const r = rng(33);
  let b = sky('#3a88cc', '#88c4e6', '#f0f5e8', 640);
  b += cloud(r, 400, 160, 380, '#ffffff', '#cfe0ec') + cloud(r, 1300, 220, 300, '#ffffff', '#cfe0ec');
  b += treeLine(r, 630, GREENS, LEAF);
  b += sand(r, 610, H, '#ecd6a8', '#c9a874');
  b += tufts(r, 0, W, 620, 700, ['#4b7f33', '#6d9b3e'], 200, 18);
  // Shade of the roof on the sand.
  b += `<ellipse cx="800" cy="930" rx="640" ry="90" fill="#6b4a22" opacity="0.35" filter="url(#soft)"/>`;
  // Posts (back ones first).
  const postsBack = [560, 1040];
  const postsFront = [300, 1300];
  for (const x of postsBack) b += `<rect x="${x - 12}" y="420" width="24" height="470" fill="#5e3e20"/>`;
  b += `<rect x="440" y="880" width="720" height="20" fill="#a47a4c" opacity="0.6"/>`;
  // Hammocks: back one between back posts, two in front.
  b += hammock(r, 560, 540, 1040, 540, 150, ['#e8413c', '#f6c342', '#1f9aa5', '#ffffff']);
  for (const x of postsFront) {
    b += `<rect x="${x - 18}" y="440" width="36" height="520" fill="#6e4622"/><rect x="${x - 10}" y="440" width="10" height="520" fill="#94643a"/>`;
  }
  b += hammock(r, 300, 560, 800, 600, 190, ['#7b2f8f', '#f29b2e', '#2a9d5c', '#f4e3c1']);
  b += hammock(r, 800, 600, 1300, 560, 170, ['#1d5fa8', '#f4e3c1', '#e8413c', '#f6c342']);
  b += `<rect x="786" y="420" width="28" height="500" fill="#6e4622"/><rect x="792" y="420" width="8" height="500" fill="#94643a"/>`;
  // Conical palm-thatch roof.
  b += thatch(
    r,
    [
      [120, 470],
      [800, 150],
      [1480, 470],
      [1380, 500],
      [220, 500],
    ],
    '#e1bd72',
    '#8d6431',
    3200,
    30,
  );
  b += `<path d="M120 470L800 150L1480 470" stroke="#6b4a22" stroke-width="8" fill="none"/><path d="M220 500H1380" stroke="#6b4a22" stroke-width="10"/>`;
  let fringe = '';
  for (let x = 130; x < 1470; x += 9) fringe += `M${x} 490l${n(between(r, -3, 3))} ${n(between(r, 26, 48))}`;
  b += `<path d="${fringe}" stroke="#a9813f" stroke-width="4" fill="none"/>`;
  b += palm({ x: 1480, y: 760, height: 620, lean: -40, seed: 17, coconuts: true, ...LEAF });
  b += palm({ x: 80, y: 800, height: 700, lean: 60, seed: 18, ...LEAF });
  b += bougainvillea(r, 1500, 960, 160, 90) + bougainvillea(r, 100, 990, 150, 80);
  return doc(W, H, textureDefs(23), b + textureOverlay(W, H));
}

function bbq(): string {
  const r = rng(44);
  let b = sky('#2b2a5c', '#c25b5b', '#f6a55a', 560);
  b += treeLine(r, 560, ['#1a1a2a', '#23233a', '#2e2b45', '#3a3350'], SIL);
  // Terracotta floor.
  b += band(540, H, [
    { offset: 0, color: '#9c5a3a' },
    { offset: 1, color: '#5a2f1e' },
  ]);
  let tiles = '';
  for (let y = 560, k = 0; y < H; k++, y += 16 + k * 5) tiles += `M0 ${y}H${W}`;
  for (let i = -30; i <= 30; i++) tiles += `M${n(800 + i * 60)} 540L${n(800 + i * 200)} ${H}`;
  b += `<path d="${tiles}" stroke="#3d1f12" stroke-width="2" opacity="0.5"/>`;
  // Warm light pool under the lamps.
  b += `<ellipse cx="800" cy="820" rx="700" ry="220" fill="#ffb65c" opacity="0.25" filter="url(#softer)"/>`;
  // Roof beam and string of lights.
  b += `<rect y="0" width="${W}" height="60" fill="#3b2414"/><rect y="54" width="${W}" height="10" fill="#24150b"/>`;
  for (const x of [60, 1540]) b += `<rect x="${x - 16}" y="0" width="32" height="${H}" fill="#2e1c0f"/>`;
  let wire = '';
  const bulbs: [number, number][] = [];
  for (const [x0, x1, sag] of [
    [60, 800, 150],
    [800, 1540, 150],
    [60, 1540, 300],
  ] as const) {
    wire += `M${x0} 70Q${(x0 + x1) / 2} ${70 + sag * 2} ${x1} 70`;
    for (let t = 0.05; t < 1; t += 0.07) {
      const u = 1 - t;
      bulbs.push([u * u * x0 + 2 * u * t * ((x0 + x1) / 2) + t * t * x1, 70 + 2 * u * t * sag * 2]);
    }
  }
  b += `<path d="${wire}" stroke="#120a05" stroke-width="3" fill="none"/>`;
  const bulbGlow = radialFill('bulb', CENTRED, [
    { offset: 0, color: '#fff3c4', opacity: 0.9 },
    { offset: 0.3, color: '#ffc45c', opacity: 0.35 },
    { offset: 1, color: '#ff9a3c', opacity: 0 },
  ]);
  b += bulbGlow.defs;
  for (const [x, y] of bulbs)
    b += `<circle cx="${n(x)}" cy="${n(y + 14)}" r="42" fill="${bulbGlow.url}"/><ellipse cx="${n(x)}" cy="${n(y + 14)}" rx="7" ry="10" fill="#fff6d8"/>`;
  // Brick grill.
  b += `<rect x="980" y="560" width="460" height="330" fill="#a4452a"/>`;
  let bricks = '';
  for (let y = 560, row = 0; y < 890; y += 26, row++) {
    bricks += `M980 ${y}h460`;
    for (let x = 980 + (row % 2) * 28; x < 1440; x += 56) bricks += `M${x} ${y}v26`;
  }
  b += `<path d="${bricks}" stroke="#e2c2a0" stroke-width="3" opacity="0.75"/>`;
  b += `<rect x="960" y="540" width="500" height="30" fill="#7b7167"/><rect x="1020" y="600" width="380" height="110" fill="#1a1311"/>`;
  const ember = radialFill('ember', { cx: 0.5, cy: 0.7, r: 0.7 }, [
    { offset: 0, color: '#ffd36b' },
    { offset: 0.5, color: '#f06a1f' },
    { offset: 1, color: '#5a1408' },
  ]);
  b += `${ember.defs}<rect x="1030" y="650" width="360" height="56" fill="${ember.url}"/>`;
  b += `<rect x="1000" y="520" width="420" height="22" fill="#3a3330"/>`;
  let grate = '';
  for (let x = 1004; x < 1420; x += 14) grate += `M${x} 520v22`;
  b += `<path d="${grate}" stroke="#6c6460" stroke-width="3"/>`;
  // Food: sausages, corn, arepas.
  for (let i = 0; i < 5; i++)
    b += `<rect x="${1030 + i * 42}" y="496" width="32" height="20" rx="10" fill="#8a3a1e" stroke="#4a1c0c" stroke-width="2"/>`;
  for (let i = 0; i < 2; i++)
    b += `<ellipse cx="${1280 + i * 70}" cy="505" rx="30" ry="14" fill="#f0c23a" stroke="#a87e1a" stroke-width="2"/>`;
  // Smoke.
  for (let i = 0; i < 14; i++)
    b += `<ellipse cx="${n(1210 + Math.sin(i * 0.8) * 60 + i * 10)}" cy="${n(470 - i * 32)}" rx="${n(40 + i * 6)}" ry="${n(26 + i * 3)}" fill="#e9e4e0" opacity="${n(0.28 - i * 0.016)}" filter="url(#soft)"/>`;
  // Wooden table with benches.
  b += `<ellipse cx="520" cy="910" rx="360" ry="40" fill="#1a0d05" opacity="0.5" filter="url(#soft)"/>`;
  b += `<polygon points="250,720 790,720 840,790 200,790" fill="#a8743f"/><polygon points="200,790 840,790 840,810 200,810" fill="#6e4622"/>`;
  for (const x of [240, 800]) b += `<rect x="${x - 12}" y="806" width="24" height="110" fill="#5e3e20"/>`;
  b += `<rect x="180" y="860" width="700" height="22" fill="#8c5e35"/><rect x="210" y="700" width="620" height="16" fill="#8c5e35" opacity="0.8"/>`;
  for (const x of [200, 860]) b += `<rect x="${x - 10}" y="880" width="20" height="70" fill="#5e3e20"/>`;
  // Plates and a bowl of limes on the table.
  for (const x of [330, 480, 630])
    b += `<ellipse cx="${x}" cy="752" rx="48" ry="16" fill="#f5efe2" stroke="#c8bba2" stroke-width="2"/>`;
  b +=
    `<ellipse cx="730" cy="748" rx="40" ry="18" fill="#7b4a24"/>` +
    foliage(r, 730, 738, 30, 10, ['#3f8a3a', '#6cbf3f', '#9ad65a'], 14, [6, 9]);
  b += foliage(r, 60, 1000, 220, 120, ['#0f1a10', '#1a2d18', '#24401f', '#31552a'], 120, [14, 30]);
  return doc(W, H, textureDefs(24), b + textureOverlay(W, H, 0.07, 0.24));
}

function terraza(): string {
  const r = rng(55);
  let b = sky('#3b3470', '#d8668a', '#ffb86b', 560);
  b += cloud(r, 300, 170, 420, '#f7a0a0', '#8a4f7d') + cloud(r, 1250, 120, 420, '#f3a49b', '#7d4c7a');
  b += sun(1040, 520, 58, '#fff1c7', '#ffcf7a', 380);
  // Distant sea and its warm reflection.
  b += band(540, 700, [
    { offset: 0, color: '#e58c6e' },
    { offset: 1, color: '#6a4a78' },
  ]);
  b += waterGlints(r, 0, W, 545, 700, '#ffe2a8', 260, 0.8, 1040, 50);
  b += treeLine(r, 560, ['#2a1a2a', '#332033', '#3e2838'], undefined);
  // Deck in perspective.
  b += band(700, H, [
    { offset: 0, color: '#b06a44' },
    { offset: 1, color: '#6a3a22' },
  ]);
  let planks = '';
  for (let i = -24; i <= 24; i++) planks += `M${n(800 + i * 40)} 700L${n(800 + i * 160)} ${H}`;
  b += `<path d="${planks}" stroke="#4a2614" stroke-width="3" opacity="0.55"/>`;
  b += `<rect y="700" width="${W}" height="380" fill="#ffb86b" opacity="0.12"/>`;
  // Railing.
  b += `<rect y="600" width="${W}" height="14" fill="#3a2013"/><rect y="650" width="${W}" height="8" fill="#3a2013"/>`;
  for (let x = 20; x < W; x += 110) b += `<rect x="${x}" y="600" width="16" height="104" fill="#3a2013"/>`;
  // Lounge sofa with cushions.
  b += `<ellipse cx="520" cy="960" rx="420" ry="40" fill="#1a0d05" opacity="0.4" filter="url(#soft)"/>`;
  b += `<rect x="150" y="760" width="740" height="110" rx="20" fill="#5a3a24"/><rect x="130" y="860" width="780" height="90" rx="18" fill="#6e4630"/>`;
  b += `<rect x="180" y="820" width="680" height="60" rx="24" fill="#f3e6cf"/>`;
  for (const [x, c] of [
    [260, '#1f9aa5'],
    [420, '#f29b2e'],
    [600, '#e8a1b6'],
    [760, '#1f9aa5'],
  ] as const) {
    b += `<rect x="${x - 70}" y="730" width="140" height="110" rx="28" fill="${c}" stroke="#0000002a" stroke-width="3" transform="rotate(${n(between(r, -6, 6))} ${x} 790)"/>`;
  }
  // Low table with drinks and a candle.
  b += `<polygon points="980,870 1280,870 1320,910 940,910" fill="#8c5e35"/><rect x="950" y="910" width="20" height="80" fill="#5e3e20"/><rect x="1290" y="910" width="20" height="80" fill="#5e3e20"/>`;
  for (const x of [1040, 1110])
    b += `<path d="M${x - 20} 790h40l-8 80h-24Z" fill="#ffd27a" opacity="0.85"/><path d="M${x - 18} 800h36" stroke="#fff" stroke-width="2" opacity="0.7"/><circle cx="${x + 16}" cy="792" r="10" fill="#9ad65a"/>`;
  b += `<rect x="1190" y="820" width="40" height="50" rx="6" fill="#f5efe2"/><ellipse cx="1210" cy="806" rx="9" ry="16" fill="#ffc45c"/><circle cx="1210" cy="800" r="40" fill="#ffc45c" opacity="0.25" filter="url(#soft)"/>`;
  // Potted plant and palm silhouettes against the sunset.
  b +=
    `<path d="M1380 880h120l-20 120h-80Z" fill="#b4552e"/>` +
    foliage(r, 1440, 800, 110, 100, ['#14201a', '#1e3322', '#2b4a2c'], 90, [12, 26]);
  b += palm({ x: 1500, y: 640, height: 560, lean: -90, seed: 19, ...SIL });
  b += palm({ x: 60, y: 640, height: 640, lean: 110, seed: 20, ...SIL });
  return doc(W, H, textureDefs(25), b + textureOverlay(W, H, 0.07, 0.24));
}

function playa(): string {
  const r = rng(66);
  let b = sky('#2d2b63', '#e2707a', '#ffc27a', 520);
  b +=
    cloud(r, 420, 230, 520, '#f6a38e', '#7a4a78') +
    cloud(r, 1200, 160, 460, '#f7b09a', '#6d4474') +
    cloud(r, 900, 360, 260, '#ffcf9e', '#c06a7e');
  b += sun(900, 500, 70, '#fff4d2', '#ffd27a', 520);
  // Sea: horizon band down to the shore.
  b += band(520, 840, [
    { offset: 0, color: '#d77e76' },
    { offset: 0.4, color: '#7f5581' },
    { offset: 1, color: '#3a3f6e' },
  ]);
  b += `<rect x="${900 - 90}" y="520" width="180" height="320" fill="#ffd27a" opacity="0.35" filter="url(#softer)"/>`;
  b += waterGlints(r, 0, W, 522, 840, '#ffe7b0', 700, 0.9, 900, 60);
  b += waterGlints(r, 0, W, 522, 840, '#f2a7a0', 260, 0.45);
  // Coveñas pier and a moored boat, in silhouette.
  b += `<rect x="1080" y="600" width="520" height="10" fill="#24151a"/>`;
  let piles = '';
  for (let x = 1090; x < W; x += 36) piles += `M${x} 610v${n(20 + (x - 1080) * 0.04)}`;
  b += `<path d="${piles}" stroke="#24151a" stroke-width="6"/>`;
  b += `<path d="M1130 592h10v-26h6v26h14" stroke="#24151a" stroke-width="4" fill="none"/>`;
  b += `<path d="M560 640h150l-20 16h-118Z" fill="#24151a"/><path d="M600 640v-22h40v22" fill="#24151a"/>`;
  // Shore: foam lines and wet sand mirror.
  const wet = linearFill('wet', TOP_DOWN, [
    { offset: 0, color: '#c58a78' },
    { offset: 1, color: '#a8745e' },
  ]);
  b += wet.defs;
  b += `<path d="M0 830Q400 805 800 835T1600 820V${H}H0Z" fill="${wet.url}"/>`;
  b += `<path d="M0 830Q400 805 800 835T1600 820" stroke="#fff1e0" stroke-width="6" fill="none" opacity="0.85"/>`;
  b += `<path d="M0 850Q420 828 820 856T1600 842" stroke="#fff1e0" stroke-width="3" fill="none" opacity="0.5"/>`;
  b += waterGlints(r, 0, W, 860, 920, '#ffd9a0', 120, 0.5, 900, 100);
  b += `<path d="M0 900Q500 880 900 910T1600 890V${H}H0Z" fill="#d9a37a"/>`;
  b += sand(r, 940, H, '#d9a37a', '#9e6a48');
  b += `<path d="M0 900Q500 880 900 910T1600 890V960H0Z" fill="#d9a37a"/>`;
  // Footprints along the sand.
  for (let i = 0; i < 10; i++)
    b += `<ellipse cx="${n(420 + i * 70 + (i % 2) * 14)}" cy="${n(1040 - i * 14)}" rx="${n(10 - i * 0.5)}" ry="${n(5 - i * 0.25)}" fill="#7b4d33" opacity="0.5"/>`;
  b += palm({ x: 170, y: 1000, height: 880, lean: 180, seed: 23, ...SIL, fronds: 13, coconuts: true });
  b += palm({ x: 330, y: 980, height: 640, lean: 40, seed: 24, ...SIL });
  b += palm({ x: 1500, y: 1040, height: 760, lean: -220, seed: 25, ...SIL });
  return doc(W, H, textureDefs(26), b + textureOverlay(W, H, 0.07, 0.22));
}

function mangrove(r: Rand, x: number, waterY: number, size: number, side: 1 | -1): string {
  let roots = '';
  for (let i = 0; i < 14; i++) {
    const sx = x + between(r, -0.5, 0.5) * size;
    const sy = waterY - between(r, 0.5, 0.9) * size;
    const ex = sx + between(r, -0.9, 0.9) * size * 0.7;
    roots += `M${n(sx)} ${n(sy)}Q${n((sx + ex) / 2 + side * size * 0.1)} ${n(sy - size * 0.2)} ${n(ex)} ${n(waterY + 4)}`;
  }
  let out = `<path d="${roots}" stroke="#3a2a1c" stroke-width="${n(size * 0.035)}" fill="none" stroke-linecap="round"/>`;
  out += `<path d="${roots}" stroke="#6b543c" stroke-width="${n(size * 0.012)}" fill="none" opacity="0.6" transform="translate(-2 -2)"/>`;
  out += foliage(
    r,
    x,
    waterY - size * 1.2,
    size * 0.9,
    size * 0.55,
    ['#17361c', '#22492a', '#2f6634', '#3f7f3d', '#6aa24a'],
    160,
    [size * 0.05, size * 0.12],
  );
  return out;
}

function manglares(): string {
  const r = rng(77);
  const waterY = 640;
  let scene = sky('#6fb4d8', '#c8e2e6', '#f4ecd2', waterY);
  scene += cloud(r, 800, 240, 340, '#ffffff', '#d9e3e6');
  scene += sun(800, 520, 0, '#fff', '#fff5d0', 360);
  // Far banks, then nearer mangroves on both sides leaving a channel in the middle.
  scene += treeLine(r, waterY + 10, ['#5f8a6a', '#6f9a74', '#86ad82'], undefined);
  let near = '';
  for (let x = -40; x < 560; x += 120) near += mangrove(r, x, waterY + 30 + (x + 40) * 0.05, between(r, 230, 320), 1);
  for (let x = 1640; x > 1040; x -= 120)
    near += mangrove(r, x, waterY + 30 + (1640 - x) * 0.05, between(r, 230, 320), -1);
  scene += near;
  // Water: calm, mirror reflection of everything above, slightly blurred and darkened.
  const water = linearFill('water', TOP_DOWN, [
    { offset: 0, color: '#2e4c3a', opacity: 0.35 },
    { offset: 1, color: '#0f241c', opacity: 0.75 },
  ]);
  let b = water.defs;
  b += scene;
  b += `<g transform="translate(0 ${waterY * 2 + 60}) scale(1 -1)" filter="url(#blur2)" opacity="0.9">${scene}</g>`;
  b += `<rect y="${waterY + 30}" width="${W}" height="${H - waterY - 30}" fill="${water.url}"/>`;
  b += waterGlints(r, 0, W, waterY + 40, H, '#e8f2e8', 260, 0.35);
  // Canoe with a paddler, and its ripples.
  b += `<g transform="translate(800 870)">`;
  b += `<ellipse rx="420" ry="36" fill="none" stroke="#e8f2e8" stroke-width="3" opacity="0.35"/><ellipse rx="520" ry="52" fill="none" stroke="#e8f2e8" stroke-width="2" opacity="0.2"/>`;
  b += `<path d="M-330 -30Q0 40 330 -30Q280 20 0 30Q-280 20 -330 -30Z" fill="#7a4a24" stroke="#3e2410" stroke-width="4"/>`;
  b += `<path d="M-300 -22Q0 30 300 -22" stroke="#b07a46" stroke-width="6" fill="none"/>`;
  b += `<path d="M-330 -30Q0 40 330 -30" stroke="#c43c2c" stroke-width="5" fill="none" transform="translate(0 18)" opacity="0.8"/>`;
  // Paddler: hat, body and the paddle dipping into the water.
  b += `<path d="M-40 -10L-30 -120H30L40 -10Z" fill="#f4f1ea"/><circle cy="-145" r="24" fill="#8a5a3a"/>`;
  b += `<ellipse cy="-162" rx="52" ry="10" fill="#e9d18a"/><path d="M-24 -162Q0 -200 24 -162Z" fill="#e9d18a"/><path d="M-24 -164h48" stroke="#3a2a1c" stroke-width="4"/>`;
  b += `<path d="M-140 -190L160 60" stroke="#5e3e20" stroke-width="9" stroke-linecap="round"/><ellipse cx="160" cy="64" rx="22" ry="40" fill="#5e3e20" transform="rotate(-50 160 64)"/>`;
  b += `<path d="M-30 -100L-90 -140M30 -100L60 -40" stroke="#8a5a3a" stroke-width="14" stroke-linecap="round"/>`;
  b += `</g>`;
  // Herons on a root.
  b += `<g fill="#f8f6f0"><ellipse cx="430" cy="560" rx="26" ry="12"/><path d="M448 556q16 -40 4 -60l8 0q14 24 -4 62Z"/><path d="M456 500l26 4-26 4Z" fill="#e8b04a"/></g>`;
  return doc(W, H, textureDefs(27), b + textureOverlay(W, H, 0.06, 0.24));
}

export const PHOTOS = [
  {
    file: 'cabana.jpg',
    title: 'La cabaña entre palmeras',
    description: 'Fachada de la cabaña con techo de palma, porche de madera y jardín tropical con buganvilias.',
    draw: cabana,
  },
  {
    file: 'jacuzzi.jpg',
    title: 'Jacuzzi al aire libre',
    description: 'Jacuzzi de agua tibia con burbujas, rodeado de deck de madera, toallas y un coco bien frío.',
    draw: jacuzzi,
  },
  {
    file: 'kiosco-hamacas.jpg',
    title: 'Kiosco con hamacas',
    description: 'Kiosco con techo de palma y hamacas de colores para descansar a la sombra después de la playa.',
    draw: kiosco,
  },
  {
    file: 'zona-bbq.jpg',
    title: 'Zona BBQ al atardecer',
    description: 'Asador de ladrillo, mesa grande de madera y luces cálidas para compartir en grupo.',
    draw: bbq,
  },
  {
    file: 'terraza-atardecer.jpg',
    title: 'Terraza lounge al atardecer',
    description: 'Terraza de madera con sofá, cojines y vista al mar para ver caer el sol con una bebida en la mano.',
    draw: terraza,
  },
  {
    file: 'playa-covenas.jpg',
    title: 'Atardecer en la playa de Coveñas',
    description: 'Las playas de Coveñas, con su muelle y sus palmeras, están a 10 minutos de la cabaña.',
    draw: playa,
  },
  {
    file: 'manglares-canoa.jpg',
    title: 'Paseo en canoa por los manglares',
    description: 'Recorrido en canoa por los manglares del Golfo de Morrosquillo, entre garzas y aguas tranquilas.',
    draw: manglares,
  },
] as const;

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const only = process.argv.slice(2);
  for (const p of PHOTOS) {
    if (only.length && !only.some((o) => p.file.startsWith(o))) continue;
    const svg = p.draw();
    const jpg = await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toBuffer();
    await writeFile(join(OUT_DIR, p.file), jpg);
    console.log(`${p.file}: ${(jpg.length / 1024).toFixed(0)} KB`);
  }
  const manifest = PHOTOS.map(({ file, title, description }) => ({ file, title, description }));
  await writeFile(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

await main();
