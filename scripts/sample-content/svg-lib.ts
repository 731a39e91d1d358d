/**
 * Small SVG drawing kit shared by the sample photo and hero video generators.
 * Everything is seeded so that re-running the scripts gives the same pictures.
 */

export type Rand = () => number;

/** mulberry32: tiny deterministic PRNG, so regenerated content is byte-stable. */
export function rng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const n = (v: number): string => (Math.round(v * 10) / 10).toString();
export const between = (r: Rand, a: number, b: number): number => a + (b - a) * r();
export const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

let idCounter = 0;
/** Unique ids for gradients and clip paths inside one document. */
export const uid = (prefix: string): string => `${prefix}${++idCounter}`;

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

const stops = (s: Stop[]): string =>
  s
    .map(
      (x) =>
        `<stop offset="${x.offset}" stop-color="${x.color}"${x.opacity === undefined ? '' : ` stop-opacity="${x.opacity}"`}/>`,
    )
    .join('');

export function linear(id: string, s: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(s)}</linearGradient>`;
}

export function radial(id: string, s: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(s)}</radialGradient>`;
}

/** A gradient drawn with: its `<defs>`, to add to the picture before use, and the `url(#…)` that fills with it. */
export interface Fill {
  defs: string;
  url: string;
}

/** Where a linear gradient runs (fractions of the shape's box); top to bottom by default. */
export const TOP_DOWN = { x1: 0, y1: 0, x2: 0, y2: 1 };
/** A radial gradient's centre and radius (fractions of the shape's box); centred by default. */
export const CENTRED = { cx: 0.5, cy: 0.5, r: 0.5 };

export function linearFill(prefix: string, at: typeof TOP_DOWN, s: Stop[]): Fill {
  const id = uid(prefix);
  return { defs: `<defs>${linear(id, s, at.x1, at.y1, at.x2, at.y2)}</defs>`, url: `url(#${id})` };
}

export function radialFill(prefix: string, at: typeof CENTRED, s: Stop[]): Fill {
  const id = uid(prefix);
  return { defs: `<defs>${radial(id, s, at.cx, at.cy, at.r)}</defs>`, url: `url(#${id})` };
}

/**
 * Texture filters: a low-frequency mottle (painted-paper look) and a fine grain.
 * Kept subtle: fine noise is what costs JPEG bytes.
 */
export function textureDefs(seed: number): string {
  return `
  <filter id="mottle" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.008 0.02" numOctaves="4" seed="${seed}"/>
    <feColorMatrix type="saturate" values="0"/>
  </filter>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.55" numOctaves="2" seed="${seed + 7}"/>
    <feColorMatrix type="saturate" values="0"/>
  </filter>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>
  <filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
  <filter id="glow" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="40"/></filter>
  <filter id="blur2" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="2"/></filter>`;
}

/** Overlays that turn flat vector shapes into something closer to an illustration. */
export function textureOverlay(w: number, h: number, grain = 0.07, mottle = 0.28): string {
  const vignette = radialFill('vig', { ...CENTRED, r: 0.75 }, [
    { offset: 0.55, color: '#000', opacity: 0 },
    { offset: 1, color: '#1a0d05', opacity: 0.42 },
  ]);
  return `
  <rect width="${w}" height="${h}" filter="url(#mottle)" opacity="${mottle}" style="mix-blend-mode:soft-light"/>
  <rect width="${w}" height="${h}" filter="url(#grain)" opacity="${grain}" style="mix-blend-mode:overlay"/>
  ${vignette.defs}
  <rect width="${w}" height="${h}" fill="${vignette.url}"/>`;
}

export function doc(w: number, h: number, defs: string, body: string, viewBox = `0 0 ${w} ${h}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}</svg>`;
}

type Pt = [number, number];

function quad(p0: Pt, c: Pt, p1: Pt, t: number): Pt {
  const u = 1 - t;
  return [u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]];
}

function quadTangent(p0: Pt, c: Pt, p1: Pt, t: number): Pt {
  const dx = 2 * (1 - t) * (c[0] - p0[0]) + 2 * t * (p1[0] - c[0]);
  const dy = 2 * (1 - t) * (c[1] - p0[1]) + 2 * t * (p1[1] - c[1]);
  const len = Math.hypot(dx, dy) || 1;
  return [dx / len, dy / len];
}

export interface PalmOptions {
  x: number;
  y: number;
  height: number;
  /** Horizontal offset of the crown from the base. */
  lean: number;
  trunk: string;
  trunkDark: string;
  leaf: string;
  leafDark: string;
  fronds?: number;
  /** Radians added to every frond angle (wind, used by the video). */
  sway?: number;
  seed?: number;
  coconuts?: boolean;
}

/** A coconut palm: tapered ringed trunk and feathery drooping fronds. */
export function palm(o: PalmOptions): string {
  const r = rng(o.seed ?? 1);
  const base: Pt = [o.x, o.y];
  const top: Pt = [o.x + o.lean, o.y - o.height];
  const ctrl: Pt = [o.x + o.lean * 0.15, o.y - o.height * 0.55];
  const left: Pt[] = [];
  const right: Pt[] = [];
  const steps = 28;
  const w0 = o.height * 0.05;
  const w1 = o.height * 0.026;
  const rings: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const p = quad(base, ctrl, top, t);
    const d = quadTangent(base, ctrl, top, t);
    const w = (w0 + (w1 - w0) * t) / 2;
    const l: Pt = [p[0] - d[1] * w, p[1] + d[0] * w];
    const rr: Pt = [p[0] + d[1] * w, p[1] - d[0] * w];
    left.push(l);
    right.push(rr);
    if (i > 0 && i < steps) rings.push(`M${n(l[0])} ${n(l[1])}L${n(rr[0])} ${n(rr[1] + 2)}`);
  }
  const poly = [...left, ...right.reverse()].map((p) => `${n(p[0])},${n(p[1])}`).join(' ');
  const bark = linearFill('trunk', { x1: 0, y1: 0, x2: 1, y2: 0 }, [
    { offset: 0, color: o.trunkDark },
    { offset: 0.45, color: o.trunk },
    { offset: 1, color: o.trunkDark },
  ]);
  let out = bark.defs;
  out += `<polygon points="${poly}" fill="${bark.url}"/>`;
  out += `<path d="${rings.join('')}" stroke="${o.trunkDark}" stroke-width="${n(o.height * 0.006)}" opacity="0.7" fill="none"/>`;

  const count = o.fronds ?? 11;
  const sway = o.sway ?? 0;
  const fr: { dark: string; light: string }[] = [];
  const back: string[] = [];
  const front: string[] = [];
  for (let i = 0; i < count; i++) {
    // Spread fronds around the crown, more of them sideways and drooping than straight up.
    const a = -Math.PI + (i / (count - 1)) * Math.PI + between(r, -0.12, 0.12) + sway * (0.6 + 0.4 * Math.sin(i));
    const len = o.height * between(r, 0.38, 0.5);
    const horiz = Math.abs(Math.cos(a));
    const droop = len * (0.25 + 0.55 * horiz);
    const end: Pt = [top[0] + Math.cos(a) * len, top[1] + Math.sin(a) * len * 0.6 + droop];
    const c: Pt = [top[0] + Math.cos(a) * len * 0.55, top[1] + Math.sin(a) * len * 0.7 - len * 0.08];
    let leaflets = '';
    const m = 26;
    for (let k = 2; k <= m; k++) {
      const t = k / m;
      const p = quad(top, c, end, t);
      const d = quadTangent(top, c, end, t);
      const ll = len * 0.2 * Math.pow(Math.sin(Math.PI * Math.min(1, t * 1.1)), 0.8) + 2;
      for (const side of [-1, 1]) {
        const ang = Math.atan2(d[1], d[0]) + side * 0.9;
        const q: Pt = [p[0] + Math.cos(ang) * ll, p[1] + Math.sin(ang) * ll + ll * 0.55];
        leaflets += `M${n(p[0])} ${n(p[1])}Q${n((p[0] + q[0]) / 2 + d[0] * ll * 0.2)} ${n((p[1] + q[1]) / 2 - ll * 0.1)} ${n(q[0])} ${n(q[1])}`;
      }
    }
    const rib = `M${n(top[0])} ${n(top[1])}Q${n(c[0])} ${n(c[1])} ${n(end[0])} ${n(end[1])}`;
    const sw = Math.max(1.2, o.height * 0.0075);
    const frond =
      `<path d="${leaflets}" stroke="COLOR" stroke-width="${n(sw)}" stroke-linecap="round" fill="none"/>` +
      `<path d="${rib}" stroke="COLOR" stroke-width="${n(sw * 1.3)}" fill="none"/>`;
    // Fronds pointing up sit behind, drooping ones in front, for a bit of depth.
    if (Math.sin(a) < -0.75) back.push(frond.replaceAll('COLOR', o.leafDark));
    else front.push(frond.replaceAll('COLOR', i % 2 ? o.leaf : o.leafDark));
    fr.push({ dark: o.leafDark, light: o.leaf });
  }
  out = back.join('') + out + front.join('');
  if (o.coconuts) {
    for (let i = 0; i < 4; i++) {
      const cx = top[0] + between(r, -1, 1) * o.height * 0.025;
      const cy = top[1] + o.height * 0.02 + between(r, 0, 1) * o.height * 0.02;
      out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(o.height * 0.018)}" fill="#5b4424" stroke="#3b2a14" stroke-width="1"/>`;
    }
  }
  return `<g>${out}</g>`;
}

/** A cluster of round leaves/blossoms inside an ellipse: bushes, tree canopies, flowers. */
export function foliage(
  r: Rand,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colors: readonly string[],
  count: number,
  size: [number, number],
  opacity = 1,
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r());
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    // Lower blobs get darker colours: the first colour is the shadow.
    const shade = Math.min(
      colors.length - 1,
      Math.max(0, Math.floor(((cy + ry - y) / (2 * ry)) * colors.length + (r() - 0.5) * 1.5)),
    );
    const s = between(r, size[0], size[1]);
    out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(s)}" ry="${n(s * between(r, 0.7, 1))}" fill="${colors[shade]}"/>`;
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

/** Grass tufts or sand specks scattered over a band, thinner towards the horizon. */
export function tufts(
  r: Rand,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  colors: readonly string[],
  count: number,
  h: number,
): string {
  const d: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const y = y0 + (y1 - y0) * Math.pow(r(), 0.7);
    const x = between(r, x0, x1);
    const k = 0.3 + (0.7 * (y - y0)) / Math.max(1, y1 - y0);
    const c = pick(r, colors);
    let p = d[c] ?? '';
    for (let j = 0; j < 3; j++) {
      const lean = between(r, -0.5, 0.5) * h * k;
      p += `M${n(x + j * 2)} ${n(y)}q${n(lean * 0.3)} ${n(-h * k * 0.6)} ${n(lean)} ${n(-h * k * between(r, 0.7, 1.1))}`;
    }
    d[c] = p;
  }
  return Object.entries(d)
    .map(([c, p]) => `<path d="${p}" stroke="${c}" stroke-width="2" fill="none" stroke-linecap="round"/>`)
    .join('');
}

/** Straw thatch on an arbitrary polygon: gradient fill plus many short strands. */
export function thatch(r: Rand, points: Pt[], light: string, dark: string, strands: number, strandLen: number): string {
  const cid = uid('clip');
  const gid = uid('thatch');
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const pts = points.map((p) => `${n(p[0])},${n(p[1])}`).join(' ');
  let a = '';
  let b = '';
  for (let i = 0; i < strands; i++) {
    const x = between(r, minX, maxX);
    const y = between(r, minY, maxY);
    const l = strandLen * between(r, 0.6, 1.3);
    const dx = (x - (minX + maxX) / 2) * 0.08;
    const seg = `M${n(x)} ${n(y)}l${n(dx * 0.3)} ${n(l)}`;
    if (r() < 0.5) a += seg;
    else b += seg;
  }
  return `<defs><clipPath id="${cid}"><polygon points="${pts}"/></clipPath>${linear(gid, [
    { offset: 0, color: light },
    { offset: 1, color: dark },
  ])}</defs><polygon points="${pts}" fill="url(#${gid})"/><g clip-path="url(#${cid})"><path d="${a}" stroke="${dark}" stroke-width="2.2" opacity="0.55" fill="none"/><path d="${b}" stroke="#f3d58a" stroke-width="1.6" opacity="0.5" fill="none"/></g>`;
}

/** Soft cloud made of blurred ellipses. */
export function cloud(r: Rand, cx: number, cy: number, w: number, color: string, shadow: string): string {
  let out = '';
  const parts = 7;
  for (let i = 0; i < parts; i++) {
    const x = cx + between(r, -0.5, 0.5) * w;
    const y = cy + between(r, -0.12, 0.05) * w;
    const rx = w * between(r, 0.12, 0.24);
    out += `<ellipse cx="${n(x)}" cy="${n(y + rx * 0.15)}" rx="${n(rx)}" ry="${n(rx * 0.55)}" fill="${shadow}"/>`;
    out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx * 0.92)}" ry="${n(rx * 0.48)}" fill="${color}"/>`;
  }
  return `<g filter="url(#soft)" opacity="0.92">${out}</g>`;
}

/** Light strokes on water, shorter and denser towards the horizon for perspective. */
export function waterGlints(
  r: Rand,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  color: string,
  count: number,
  opacity: number,
  focusX?: number,
  focusW?: number,
): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const t = Math.pow(r(), 1.6);
    const y = y0 + (y1 - y0) * t;
    let x: number;
    if (focusX !== undefined && focusW !== undefined) {
      const spread = focusW * (0.3 + t * 1.5);
      x = focusX + (r() + r() + r() - 1.5) * spread;
    } else x = between(r, x0, x1);
    const len = 6 + t * 70 * between(r, 0.4, 1);
    d += `M${n(x - len / 2)} ${n(y)}h${n(len)}`;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="2" stroke-linecap="round" opacity="${opacity}" fill="none"/>`;
}
