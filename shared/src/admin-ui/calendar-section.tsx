import { useId, useMemo, useState } from 'react';
import { monthOf, monthRange, nightsBetween, shiftMonth, todayAtCabin } from '../domain/pricing/dates';
import { rangesOverlap } from '../domain/availability/ranges';
import { CALENDAR_SOURCES, type Calendar, type CalendarEntry } from '../domain/schemas/calendar';
import { usePanel } from './panel-context';
import { usePanelData } from './panel-data';
import { AlertMessage, StatusMessage } from './messages';
import { formatStayDate } from '../domain/lib/owner-dates';
import {
  UNKNOWN_SOURCE,
  entriesOnNight,
  formatMonth,
  monthWeeks,
  sourceLooks,
  type SourceLook,
} from './calendar-month';
import { FeedsPanel } from './calendar-feeds';
import { SeasonsPanel } from './calendar-seasons';
import { AdminField } from './admin-field';
import { useFieldErrorSubmit } from './use-field-error-submit';
import { CalendarAddForm } from './calendar-add-form';
import { ConfirmButton } from './confirm-prompt';

const WEEKDAYS = [
  ['lun', 'lunes'],
  ['mar', 'martes'],
  ['mié', 'miércoles'],
  ['jue', 'jueves'],
  ['vie', 'viernes'],
  ['sáb', 'sábado'],
  ['dom', 'domingo'],
] as const;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const nightsText = (n: number) => (n === 1 ? '1 noche' : `${n} noches`);

/**
 * The owner's calendar: every blocked night by source (manual blocks, confirmed direct
 * reservations, each channel's feed) month by month, manual blocks, conflicts, the feeds and the
 * seasons. Self-contained: it loads its own data through the panel's API.
 */
export function CalendarSection() {
  const id = useId();
  const calendar = usePanelData('getCalendar');
  const looks = useMemo(() => sourceLooks(calendar.data?.feeds ?? []), [calendar.data]);
  const [status, setStatus] = useState<string | null>(null);

  return (
    <section className="adm-section" id="adm-calendario" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        Calendario
      </h2>
      <div className="adm-toolbar">
        <p className="adm-muted">
          Las reservas que aceptes en la sección Reservas ocupan sus noches aquí como «Reserva directa».
        </p>
        <button
          type="button"
          className="adm-button"
          disabled={calendar.loading}
          onClick={() => void calendar.reload().then((ok) => ok && setStatus('Calendario actualizado.'))}
        >
          {calendar.loading ? 'Actualizando…' : 'Actualizar calendario'}
        </button>
      </div>
      <StatusMessage text={status} />
      {calendar.error && <p className="adm-alert">{calendar.error}</p>}
      {calendar.data === null && !calendar.error && <p className="adm-muted">Cargando calendario…</p>}
      {calendar.data && (
        <>
          <MonthView calendar={calendar.data} looks={looks} onChanged={() => void calendar.reload()} />
          <Conflicts calendar={calendar.data} looks={looks} />
          <BlockForm onAdded={() => void calendar.reload()} />
          <FeedsPanel
            feeds={calendar.data.feeds}
            generalExportUrl={calendar.data.exportUrl}
            onChanged={() => calendar.reload()}
          />
        </>
      )}
      <SeasonsPanel />
    </section>
  );
}

interface MonthViewProps {
  calendar: Calendar;
  looks: Map<string, SourceLook>;
  onChanged: () => void;
}

function MonthView({ calendar, looks, onChanged }: MonthViewProps) {
  const { api, failure } = usePanel();
  const id = useId();
  const [month, setMonth] = useState(() => monthOf(todayAtCabin()));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const range = monthRange(month);
  const inMonth = calendar.entries
    .filter((e) => rangesOverlap(e, range))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const lookOf = (e: CalendarEntry) => looks.get(e.source) ?? UNKNOWN_SOURCE;
  const used = new Set(calendar.entries.map((e) => e.source));
  const legend = [...looks.entries()].filter(
    ([source]) => used.has(source) || source === CALENDAR_SOURCES.manual || source === CALENDAR_SOURCES.direct,
  );

  async function removeBlock(entry: CalendarEntry) {
    setBusy(entry.id);
    setError(null);
    setStatus(null);
    try {
      await api.deleteBlock({ id: entry.id });
      setStatus(`Se eliminó el bloqueo del ${formatStayDate(entry.start)} al ${formatStayDate(entry.end)}.`);
      onChanged();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="adm-cal-month">
      <div className="adm-toolbar">
        <button type="button" className="adm-button" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          <span aria-hidden="true">←{'\u00a0'}</span>Mes anterior
        </button>
        <button type="button" className="adm-button" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          Mes siguiente<span aria-hidden="true">{'\u00a0'}→</span>
        </button>
      </div>
      <table className="adm-cal" aria-describedby={`${id}-legend`}>
        <caption aria-live="polite">{capitalized(formatMonth(month))}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, full]) => (
              <th key={short} scope="col" abbr={full}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) =>
                day === null ? (
                  <td key={`x${i}`} className="adm-cal-out" />
                ) : (
                  <td key={day} data-date={day}>
                    <span className="adm-cal-day">{Number(day.slice(8))}</span>
                    {entriesOnNight(calendar.entries, day).map((e) => (
                      <span key={e.id} className={`adm-cal-chip ${lookOf(e).className}`}>
                        {lookOf(e).short}
                      </span>
                    ))}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="adm-cal-legend" id={`${id}-legend`} aria-label="Leyenda de fuentes">
        {legend.map(([source, look]) => (
          <li key={source}>
            <span className={`adm-cal-chip ${look.className}`} aria-hidden="true">
              {look.short}
            </span>{' '}
            {look.name}
          </li>
        ))}
      </ul>
      <h3>Noches ocupadas en {formatMonth(month)}</h3>
      {inMonth.length === 0 ? (
        <p className="adm-empty">No hay noches ocupadas este mes.</p>
      ) : (
        <ul className="adm-cal-entries" aria-label={`Ocupación de ${formatMonth(month)}`}>
          {inMonth.map((e) => (
            <li key={e.id}>
              <span className={`adm-cal-chip ${lookOf(e).className}`}>{lookOf(e).name}</span>{' '}
              <span>
                del {formatStayDate(e.start)} al {formatStayDate(e.end)} ({nightsText(nightsBetween(e.start, e.end))})
              </span>
              {e.label && <span className="adm-muted"> · {e.label}</span>}
              {e.source === CALENDAR_SOURCES.manual && (
                <ConfirmButton
                  label="Eliminar"
                  ariaLabel={`Eliminar bloqueo del ${formatStayDate(e.start)} al ${formatStayDate(e.end)}`}
                  question={`¿Eliminar el bloqueo del ${formatStayDate(e.start)} al ${formatStayDate(e.end)}? Esas noches quedan libres para reservar.`}
                  busy={busy === e.id}
                  onConfirm={() => void removeBlock(e)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <AlertMessage text={error} />
      <StatusMessage text={status} />
    </div>
  );
}

function Conflicts({ calendar, looks }: { calendar: Calendar; looks: Map<string, SourceLook> }) {
  if (calendar.conflicts.length === 0) return null;
  return (
    <div className="adm-cal-conflicts">
      <h3>Conflictos</h3>
      <p className="adm-muted">
        Estas noches figuran a la vez en una reserva directa confirmada y en otro calendario. Ninguna se descarta:
        resuélvelo con el huésped o en el otro canal.
      </p>
      <ul aria-label="Conflictos">
        {calendar.conflicts.map((c) => (
          <li key={`${c.direct.id}-${c.imported.id}`}>
            Reserva directa de <strong>{c.direct.label}</strong> (del {formatStayDate(c.direct.start)} al{' '}
            {formatStayDate(c.direct.end)}) y <strong>{(looks.get(c.imported.source) ?? UNKNOWN_SOURCE).name}</strong>
            {c.imported.label && ` (${c.imported.label})`} del {formatStayDate(c.imported.start)} al{' '}
            {formatStayDate(c.imported.end)}
          </li>
        ))}
      </ul>
    </div>
  );
}

type BlockField = 'start' | 'end' | 'note';

function BlockForm({ onAdded }: { onAdded: () => void }) {
  const { api } = usePanel();
  const id = useId();
  const [values, setValues] = useState<Record<BlockField, string>>({ start: '', end: '', note: '' });
  const form = useFieldErrorSubmit();

  const save = async () => {
    const entry = await api.addBlock(values);
    setValues({ start: '', end: '', note: '' });
    onAdded();
    return `Bloqueo guardado del ${formatStayDate(entry.start)} al ${formatStayDate(entry.end)}.`;
  };

  const field = (name: BlockField, label: string, type: string, hint?: string) => (
    <AdminField
      id={`${id}-${name}`}
      label={label}
      error={form.fieldErrors[name]}
      hint={hint}
      name={name}
      type={type}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      required={name !== 'note'}
      maxLength={name === 'note' ? 200 : undefined}
    />
  );

  return (
    <CalendarAddForm form={form} save={save} title="Bloquear fechas" level={3} busyLabel="Guardando…">
      <p className="adm-muted">Para mantenimiento, uso familiar o cualquier noche que no quieras ofrecer.</p>
      <div className="adm-cal-fields">
        {field('start', 'Primera noche bloqueada', 'date')}
        {field('end', 'Fin del bloqueo', 'date', 'El día en que termina: esa noche queda libre.')}
        {field('note', 'Nota (solo para ti)', 'text')}
      </div>
    </CalendarAddForm>
  );
}
