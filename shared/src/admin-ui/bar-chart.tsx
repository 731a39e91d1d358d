import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * The overview's charts: plain SVG, no chart library (the panel's bundle stays small and the
 * public pages never see it). Each chart is a <figure> with a caption, a text summary that says
 * what the bars show, and the numbers in a table behind "Ver los datos"; the drawing itself is
 * one focusable image named by both. Every series has its own fill pattern besides its colour,
 * and the legend names it, so nothing is told by colour alone; colours keep 3:1 on white.
 */

/** Colour and pattern of a series, by index (they repeat past the end). */
const LOOKS = [
  { color: '#0b5f7a', pattern: 'solid' },
  { color: '#a04a00', pattern: 'stripes' },
  { color: '#6b3fa0', pattern: 'cross' },
  { color: '#1d6b3a', pattern: 'dots' },
  { color: '#4e5b69', pattern: 'lines' },
] as const;
/** The look kept for the owner's blocks, whatever the number of channels. */
export const BLOCK_LOOK = 4;

function PatternDef({ id, look }: { id: string; look: number }) {
  const { color, pattern } = LOOKS[look % LOOKS.length]!;
  if (pattern === 'solid') return null;
  return (
    <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse">
      <rect width="6" height="6" fill="#ffffff" />
      {pattern === 'stripes' && <path d="M-1,7 L7,-1 M-1,1 L1,-1 M5,7 L7,5" stroke={color} strokeWidth="2.2" />}
      {pattern === 'cross' && <path d="M0,3 H6 M3,0 V6" stroke={color} strokeWidth="2" />}
      {pattern === 'dots' && <circle cx="3" cy="3" r="2" fill={color} />}
      {pattern === 'lines' && <path d="M0,1.5 H6 M0,4.5 H6" stroke={color} strokeWidth="1.6" />}
    </pattern>
  );
}

const fillOf = (id: string, look: number) => {
  const { color, pattern } = LOOKS[look % LOOKS.length]!;
  return pattern === 'solid' ? color : `url(#${id})`;
};

/** A small square in a series' look, for the legend. */
function Swatch({ look }: { look: number }) {
  const id = `${useId()}-p`;
  const { color } = LOOKS[look % LOOKS.length]!;
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <defs>
        <PatternDef id={id} look={look} />
      </defs>
      <rect x="1" y="1" width="16" height="16" fill={fillOf(id, look)} stroke={color} strokeWidth="1.5" />
    </svg>
  );
}

export interface ChartSeries {
  key: string;
  label: string;
  values: readonly number[];
  /** Index into the looks (colour and pattern). */
  look: number;
  /** The table's cells, when not the formatted values. */
  cells?: readonly string[];
}

export interface ChartCategory {
  /** Under the bar (short). */
  label: string;
  /** A second line under some bars (the year). */
  sub?: string;
  /** The table's first column. */
  full: string;
}

export interface BarChartProps {
  caption: string;
  /** What the bars say, in words: the text alternative. */
  summary: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  /** Series on top of each other (parts of a whole) or side by side. */
  stacked?: boolean;
  /** Top of the scale. */
  max: number;
  /** Values with a grid line. */
  ticks: readonly number[];
  format(value: number): string;
  /** Text above each category's bars (e.g. the occupancy). */
  topLabels?: readonly string[];
  /** Header of the table's first column. */
  categoryHeader: string;
  /** More columns for the table, after the series. */
  extraColumns?: readonly { label: string; values: readonly string[] }[];
  /** Table cells of the series, when not `format` of the value. */
  formatCell?(value: number): string;
}

/** The drawing's width before it is measured (and where nothing measures, e.g. on the server). */
const DEFAULT_W = 420;
const H = 240;
const LEFT = 50;
const TOP = 28;
const BOTTOM = 50;
const PLOT_H = H - TOP - BOTTOM;
/** Room a text of `chars` characters takes at the axis size (13 px), with a gap to the next one. */
const textRoom = (chars: number) => chars * 8.5 + 10;

/**
 * The drawing's width in CSS pixels, measured: its coordinates are pixels, so the axis text keeps
 * its size (13 px, never scaled down on a phone) and the labels are thinned to what fits.
 */
function useMeasuredWidth() {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(DEFAULT_W);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Every how many categories a label is written so that none overlaps the next: the widest label
 * (or its second line) against the room of one category.
 */
function labelStep(labels: readonly string[], slot: number): number {
  const widest = Math.max(0, ...labels.map((l) => textRoom(l.length)));
  return Math.max(1, Math.ceil(widest / Math.max(slot, 1)));
}

/** The second lines written: a year under a hidden label moves to the next label written. */
function writtenSubs(categories: readonly ChartCategory[], step: number): (string | undefined)[] {
  let pending: string | undefined;
  return categories.map((c, i) => {
    pending = c.sub ?? pending;
    if (i % step !== 0) return undefined;
    const sub = pending;
    pending = undefined;
    return sub;
  });
}

export function BarChart(props: BarChartProps) {
  const { caption, summary, categories, series, stacked = false, max, ticks, format, topLabels } = props;
  const id = useId();
  const [svgRef, W] = useMeasuredWidth();
  const slot = (W - LEFT - 4) / Math.max(categories.length, 1);
  const step = labelStep(
    categories.flatMap((c) => (c.sub ? [c.label, c.sub] : [c.label])),
    slot,
  );
  const topStep = labelStep(topLabels ?? [], slot);
  const subs = writtenSubs(categories, step);
  const y = (v: number) => TOP + PLOT_H - (Math.min(v, max) / max) * PLOT_H;
  const bars: ReactNode[] = [];
  categories.forEach((_, i) => {
    const x0 = LEFT + i * slot;
    if (stacked) {
      let base = 0;
      for (const s of series) {
        const v = s.values[i] ?? 0;
        if (v <= 0) continue;
        bars.push(
          <rect
            key={`${s.key}-${i}`}
            x={x0 + slot * 0.15}
            width={slot * 0.7}
            y={y(base + v)}
            height={y(base) - y(base + v)}
            fill={fillOf(`${id}-${s.key}`, s.look)}
            stroke={LOOKS[s.look % LOOKS.length]!.color}
            strokeWidth="1"
          />,
        );
        base += v;
      }
    } else {
      const width = (slot * 0.8) / series.length;
      series.forEach((s, k) => {
        const v = s.values[i] ?? 0;
        if (v <= 0) return;
        bars.push(
          <rect
            key={`${s.key}-${i}`}
            x={x0 + slot * 0.1 + k * width}
            width={width - 1}
            y={y(v)}
            height={y(0) - y(v)}
            fill={fillOf(`${id}-${s.key}`, s.look)}
            stroke={LOOKS[s.look % LOOKS.length]!.color}
            strokeWidth="1"
          />,
        );
      });
    }
  });

  return (
    <figure className="adm-chart" aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`} className="adm-chart-caption">
        {caption}
      </figcaption>
      <p id={`${id}-sum`} className="adm-chart-summary">
        {summary}
      </p>
      <ul className="adm-legend" aria-label={`Leyenda: ${caption}`}>
        {series.map((s) => (
          <li key={s.key}>
            <Swatch look={s.look} /> {s.label}
          </li>
        ))}
      </ul>
      {/* Focusable so a keyboard reaches it and a screen reader reads its name; the table holds the numbers. */}
      <svg
        ref={svgRef}
        className="adm-chart-svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-cap ${id}-sum`}
        tabIndex={0}
        focusable="true"
      >
        <defs>
          {series.map((s) => (
            <PatternDef key={s.key} id={`${id}-${s.key}`} look={s.look} />
          ))}
        </defs>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={LEFT} x2={W - 2} y1={y(t)} y2={y(t)} stroke="#c5ced8" strokeWidth="1" />
            <text x={LEFT - 4} y={y(t) + 4} textAnchor="end" className="adm-chart-axis">
              {format(t)}
            </text>
          </g>
        ))}
        {bars}
        <line x1={LEFT} x2={W - 2} y1={y(0)} y2={y(0)} stroke="#4e5b69" strokeWidth="1.5" />
        {categories.map((c, i) => {
          const cx = LEFT + i * slot + slot / 2;
          const sub = subs[i];
          return (
            <g key={c.full}>
              {i % step === 0 && (
                <text x={cx} y={H - BOTTOM + 22} textAnchor="middle" className="adm-chart-axis">
                  {c.label}
                </text>
              )}
              {sub && (
                <text x={cx} y={H - BOTTOM + 40} textAnchor="middle" className="adm-chart-axis adm-chart-axis--sub">
                  {sub}
                </text>
              )}
              {i % topStep === 0 && topLabels?.[i] && (
                <text x={cx} y={TOP - 10} textAnchor="middle" className="adm-chart-top">
                  {topLabels[i]}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="adm-chart-data">
        <summary>Ver los datos</summary>
        {/* A wide table scrolls by itself on a phone, reachable by keyboard. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="adm-table-wrap" role="region" aria-label={`Datos: ${caption}`} tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{props.categoryHeader}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
                {props.extraColumns?.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((c, i) => (
                <tr key={c.full}>
                  <th scope="row">{c.full}</th>
                  {series.map((s) => (
                    <td key={s.key}>{s.cells?.[i] ?? (props.formatCell ?? format)(s.values[i] ?? 0)}</td>
                  ))}
                  {props.extraColumns?.map((col) => (
                    <td key={col.label}>{col.values[i]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
