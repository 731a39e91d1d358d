import { useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { AttentionGroup, NightsMonth, Overview, OverviewLink } from '../domain/schemas/overview';
import { formatMoney } from '../domain/pricing/pricing';
import { plural } from '../domain/i18n/lang';
import { BLOCK_LOOK, BarChart, type ChartCategory, type ChartSeries } from './bar-chart';
import { formatReceivedAt } from '../domain/lib/owner-dates';
import { usePanelData } from './panel-data';
import { firstSteps, type FirstStep } from '../domain/config/first-steps';

const MONTH_NAMES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const MONTH_FULL = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function monthCategory(month: string, index: number): ChartCategory {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return {
    label: MONTH_NAMES[m - 1]!,
    // The year under the first bar and under each January.
    sub: index === 0 || m === 1 ? String(y) : undefined,
    full: `${MONTH_FULL[m - 1]} de ${y}`,
  };
}

const shortDate = (date: string) => {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTH_NAMES[m - 1]}`;
};

/** A due date or time as the owner reads it. */
const formatDue = (due: string) =>
  due.length === 10 ? shortDate(due) + ` de ${due.slice(0, 4)}` : formatReceivedAt(due);

/** The panel's address of a section: the overview's links are relative to where the panel is mounted. */
function usePanelLink(): (to: string) => string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const base = pathname.slice(0, pathname.length - rest.length).replace(/\/+$/, '');
  return (to) => `${base}/${to}`;
}

function AttentionList({ group, link }: { group: AttentionGroup; link: (to: OverviewLink) => string }) {
  const shown = group.items.slice(0, 5);
  return (
    <section
      className={`adm-attention${group.items.length ? ' adm-attention--due' : ''}`}
      aria-labelledby={`adm-att-${group.key}`}
    >
      <h3 id={`adm-att-${group.key}`}>
        {group.title} <span className="adm-count">{group.items.length}</span>
      </h3>
      {shown.length === 0 ? (
        <p className="adm-muted">{group.empty}</p>
      ) : (
        <ul className="adm-attention-list">
          {shown.map((item) => (
            <li key={item.id}>
              <Link to={link(item.link)}>{item.title}</Link>
              <span className="adm-muted">
                {item.detail}
                {item.due ? ` · ${formatDue(item.due)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {group.items.length > shown.length && (
        <p>
          <Link to={link(group.link)}>Ver las {group.items.length}</Link>
        </p>
      )}
    </section>
  );
}

/** The series of the nights chart: direct, each channel, then the blocks. */
function nightSeries(o: Overview, months: readonly NightsMonth[]): ChartSeries[] {
  let channel = 0;
  return o.nights.sources.map((s) => ({
    key: s.id,
    label: s.label,
    look: s.kind === 'directa' ? 0 : s.kind === 'bloqueo' ? BLOCK_LOOK : 1 + (channel++ % 3),
    // Percent of the month's nights, so the stack's height is the month's occupancy.
    values: months.map((m) => ((m.bySource[s.id] ?? 0) / m.days) * 100),
    // The table counts nights.
    cells: months.map((m) => String(m.bySource[s.id] ?? 0)),
  }));
}

function NightsChart({ o, months, when }: { o: Overview; months: readonly NightsMonth[]; when: string }) {
  const series = nightSeries(o, months);
  const nights = months.reduce((n, m) => n + m.taken, 0);
  const days = months.reduce((n, m) => n + m.days, 0);
  const best = months.reduce((a, b) => (b.occupancy > a.occupancy ? b : a), months[0]!);
  const bySource = o.nights.sources
    .map((s) => [s.label, months.reduce((n, m) => n + (m.bySource[s.id] ?? 0), 0)] as const)
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${label}: ${n}`);
  const summary =
    nights === 0
      ? `Ninguna noche ocupada en ${when}.`
      : `${nights} de ${days} noches ocupadas en ${when} (${Math.round((nights / days) * 100)} %). ` +
        `${bySource.join('; ')}. El mes con más ocupación es ${monthCategory(best.month, 0).full}, con ${best.occupancy} %.`;
  return (
    <BarChart
      caption={`Noches ocupadas por mes: ${when}`}
      summary={summary}
      categories={months.map((m, i) => monthCategory(m.month, i))}
      series={series}
      stacked
      max={100}
      ticks={[0, 50, 100]}
      format={(v) => `${Math.round(v)} %`}
      topLabels={months.map((m) => (m.taken ? `${m.occupancy}%` : ''))}
      categoryHeader="Mes"
      extraColumns={[{ label: 'Ocupación', values: months.map((m) => `${m.occupancy} % (${m.taken} de ${m.days})`) }]}
    />
  );
}

function niceMax(n: number): number {
  if (n <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(n));
  return Math.ceil(n / step) * step;
}

function RequestsChart({ o }: { o: Overview }) {
  const { weeks, total, confirmed } = o.requests;
  const max = niceMax(Math.max(...weeks.map((w) => w.requests)));
  return (
    <BarChart
      caption="Solicitudes de reserva por semana (últimas 12)"
      summary={
        total === 0
          ? 'No llegaron solicitudes de reserva en las últimas 12 semanas.'
          : `${total} ${total === 1 ? 'solicitud' : 'solicitudes'} en 12 semanas; ${confirmed} ${confirmed === 1 ? 'se confirmó' : 'se confirmaron'} (${Math.round((confirmed / total) * 100)} %).`
      }
      categories={weeks.map((w) => ({
        // The chart writes as many of these as fit side by side (every other, every third…).
        label: `${Number(w.weekStart.slice(8))}/${Number(w.weekStart.slice(5, 7))}`,
        full: `Semana del ${shortDate(w.weekStart)} de ${w.weekStart.slice(0, 4)}`,
      }))}
      series={[
        { key: 'req', label: 'Solicitudes', values: weeks.map((w) => w.requests), look: 0 },
        { key: 'conf', label: 'Confirmadas', values: weeks.map((w) => w.confirmed), look: 3 },
      ]}
      max={max}
      ticks={[0, max / 2, max]}
      format={(v) => v.toLocaleString('es-CO', { maximumFractionDigits: 1 })}
      categoryHeader="Semana"
    />
  );
}

/** Pesos on an axis, short and in Colombian writing: "0", "800 mil", "1,5 M". */
const axisPesos = (v: number) =>
  v === 0
    ? '0'
    : v >= 1_000_000
      ? `${(v / 1_000_000).toLocaleString('es-CO', { maximumFractionDigits: 1 })} M`
      : `${Math.round(v / 1000).toLocaleString('es-CO')} mil`;

function RevenueChart({ o }: { o: Overview }) {
  const { revenue } = o;
  const hasMoney = revenue.available && revenue.months.some((m) => m.expected > 0 || m.received > 0);
  if (!hasMoney)
    return (
      <figure className="adm-chart adm-chart--empty">
        <figcaption className="adm-chart-caption">Ingresos de reservas directas por mes</figcaption>
        <p className="adm-chart-summary">
          {revenue.available ? 'Aún no hay ingresos de reservas directas.' : revenue.empty}
        </p>
      </figure>
    );
  const expected = revenue.months.reduce((n, m) => n + m.expected, 0);
  const received = revenue.months.reduce((n, m) => n + m.received, 0);
  const max = niceMax(Math.max(...revenue.months.map((m) => Math.max(m.expected, m.received))));
  return (
    <BarChart
      caption="Ingresos de reservas directas por mes: recibidos y esperados"
      summary={`Recibidos ${formatMoney(received, 'COP')} de ${formatMoney(expected, 'COP')} esperados en los 24 meses.`}
      categories={revenue.months.map((m, i) => monthCategory(m.month, i))}
      series={[
        { key: 'exp', label: 'Esperados', values: revenue.months.map((m) => m.expected), look: 1 },
        { key: 'rec', label: 'Recibidos', values: revenue.months.map((m) => m.received), look: 0 },
      ]}
      max={max}
      ticks={[0, max / 2, max]}
      format={axisPesos}
      formatCell={(v) => formatMoney(v, 'COP')}
      categoryHeader="Mes"
    />
  );
}

function Figures({ o }: { o: Overview }) {
  const month = o.nights.next[0]!;
  const { stays, requests } = o;
  return (
    <dl className="adm-figures">
      <div>
        <dt>Ocupación de {MONTH_FULL[Number(month.month.slice(5)) - 1]}</dt>
        <dd>
          {month.occupancy} %{' '}
          <span className="adm-muted">
            ({month.taken} de {month.days} noches)
          </span>
        </dd>
      </div>
      <div>
        <dt>Estadía media</dt>
        <dd>
          {stays.averageNights === null ? (
            'Sin estadías'
          ) : (
            <>
              {plural('es', { one: '{n} noche', other: '{n} noches' }, stays.averageNights)}{' '}
              <span className="adm-muted">
                ({plural('es', { one: '{n} estadía', other: '{n} estadías' }, stays.count)})
              </span>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Anticipación media</dt>
        <dd>
          {stays.averageLeadDays === null ? (
            'Sin solicitudes en el último año'
          ) : (
            <>
              {plural('es', { one: '{n} día', other: '{n} días' }, stays.averageLeadDays)}{' '}
              <span className="adm-muted">
                ({plural('es', { one: '{n} solicitud', other: '{n} solicitudes' }, stays.leadCount)}, último año)
              </span>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Solicitudes en 12 semanas</dt>
        <dd>
          {requests.total}{' '}
          <span className="adm-muted">
            ({plural('es', { one: '{n} confirmada', other: '{n} confirmadas' }, requests.confirmed)})
          </span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * What of a fresh install is still the sample (issue 35), each with a link to where it is changed;
 * nothing once all is the owner's own. Decided by `firstSteps` (shared), from the settings, the
 * photos the seed published and Wompi's mode.
 */
function FirstSteps({ link }: { link: (to: FirstStep['to']) => string }) {
  const settings = usePanelData('getOwnerSettings').data;
  const images = usePanelData('listImages').data;
  const payments = usePanelData('getPaymentsStatus').data;
  if (!settings || !images || !payments) return null;
  const steps = firstSteps({
    settings,
    samplePhotos: images.filter((i) => i.sample).length,
    paymentMode: payments.configured ? (payments.mode ?? null) : null,
  });
  if (steps.length === 0) return null;
  return (
    <section className="adm-first-steps" aria-labelledby="adm-primeros-pasos">
      <h3 id="adm-primeros-pasos" className="adm-overview-h">
        Primeros pasos
      </h3>
      <p className="adm-muted">
        Tu sitio aún publica datos de muestra que vienen con la instalación: los visitantes los leen como tuyos.
        Cámbialos; cada paso desaparece de esta lista cuando está hecho.
      </p>
      <ul className="adm-first-steps-list">
        {steps.map((step) => (
          <li key={step.key} data-paso={step.key}>
            <Link to={link(step.to)}>{step.text}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The panel's first screen: what needs doing today, then how the season goes. */
export function OverviewSection() {
  const { data: o, error, loading, reload } = usePanelData('getOverview');
  const link = usePanelLink();
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = o ? o.attention.reduce((n, g) => n + g.items.length, 0) : 0;
  return (
    <section className="adm-section adm-overview" aria-labelledby="adm-resumen">
      <h2 id="adm-resumen" ref={heading} tabIndex={-1}>
        Resumen
      </h2>
      {error && (
        <p className="adm-alert" role="alert">
          {error}{' '}
          <button type="button" className="adm-button" onClick={() => void reload()}>
            Reintentar
          </button>
        </p>
      )}
      {!o ? (
        !error && (
          <p role="status" className="adm-muted">
            {loading ? 'Cargando el resumen…' : ''}
          </p>
        )
      ) : (
        <>
          <FirstSteps link={link} />
          <h3 className="adm-overview-h">Qué hacer hoy</h3>
          <p className="adm-muted">
            {waiting === 0
              ? 'No hay nada pendiente.'
              : `${waiting} ${waiting === 1 ? 'asunto pendiente' : 'asuntos pendientes'}.`}
          </p>
          <div className="adm-attention-grid">
            {o.attention.map((g) => (
              <AttentionList key={g.key} group={g} link={link} />
            ))}
          </div>
          <h3 className="adm-overview-h">Cómo va la temporada</h3>
          <Figures o={o} />
          <div className="adm-chart-grid">
            <NightsChart o={o} months={o.nights.next} when="los próximos 12 meses" />
            <NightsChart o={o} months={o.nights.past} when="los últimos 12 meses" />
            <RequestsChart o={o} />
            <RevenueChart o={o} />
          </div>
        </>
      )}
    </section>
  );
}
