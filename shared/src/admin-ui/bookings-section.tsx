import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { refundFor } from '../domain/pricing/booking';
import { todayAtCabin } from '../domain/pricing/dates';
import { formatMoney } from '../domain/pricing/pricing';
import {
  BOOKING_STATES,
  BOOKING_STATE_LABELS,
  MANUAL_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type Booking,
  type BookingState,
} from '../domain/schemas/booking';
import { actionsFor } from '../domain/bookings/lifecycle';
import { historyText } from '../domain/bookings/history-words';
import { SUSPECT_REASON_TEXT } from '../domain/schemas/enquiry';
import type { AdminApi } from './admin-api';
import { AdminField } from './admin-field';
import { ListToolbar } from './list-toolbar';
import { StatusMessage, RowAlert } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';
import { formatReceivedAt, formatStayDate, formatStayRange } from '../domain/lib/owner-dates';
import { OutboxBox } from './outbox-box';
import { RegistrationBox } from './registration-box';
import { parsePriceInput } from './price-section';
import { useFieldErrorSubmit } from './use-field-error-submit';
import { BookingPayments } from './booking-payments';
import { BookingRegistration } from './booking-registration';
import { BookingReceipts } from './booking-receipts';
import { BookingReply } from './booking-reply';
import { BookingSearchField, useBookingSearch } from './booking-search';
import { DeleteBookings, LoadMoreBookings } from './bookings-bulk';

const cop = (n: number) => formatMoney(n, 'COP');
type Filter = 'todas' | BookingState;
type Action = 'aceptar' | 'rechazar' | 'extender' | 'pago' | 'comprobante' | 'reabrir' | 'cancelar';

/** Each form's button says what it does (issue 33), never just "Guardar". */
const SUBMIT_LABELS: Record<Action, string> = {
  aceptar: 'Aceptar y avisar al huésped',
  rechazar: 'Rechazar y avisar al huésped',
  extender: 'Extender el plazo',
  pago: 'Guardar el pago',
  comprobante: 'Rechazar el comprobante',
  reabrir: 'Reabrir y avisar al huésped',
  cancelar: 'Confirmar cancelación',
};

const METHOD_LABELS = PAYMENT_METHOD_LABELS;
/** The list's filter: every booking, or those in one state. */
const FILTERS: readonly (readonly [Filter, string])[] = [
  ['todas', 'Todas'],
  ...BOOKING_STATES.map((s) => [s, BOOKING_STATE_LABELS[s]] as const),
];
const BY_LABELS = { huesped: 'el huésped', propietario: 'ti', sistema: 'el sistema', pasarela: 'Wompi' } as const;

/** "Vence en 5 h 12 min" (or that it lapsed), from the hold's deadline and the time now. */
function holdCountdown(dueAt: string, now: number): string {
  const left = Date.parse(dueAt) - now;
  if (left <= 0) return 'El plazo del anticipo venció.';
  const minutes = Math.floor(left / 60_000);
  const h = Math.floor(minutes / 60);
  return `El plazo del anticipo vence en ${h > 0 ? `${h} h ` : ''}${minutes % 60} min.`;
}

/** The clock, ticking every 30 seconds: the holds' countdowns move on their own. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** The bookings (Reservas): filter by state, act on each, and the e-mails the server has not sent. */
export function BookingsSection() {
  const id = useId();
  const list = usePanelData('listBookings');
  const { data: items, error: loadError, loading } = list;
  const [filter, setFilter] = useState<Filter>('todas');
  const [status, setStatus] = useState<string | null>(null);
  const now = useNow();
  const [query, setQuery] = useState('');
  const search = useBookingSearch(query, filter === 'todas' ? undefined : filter, items);
  const asking = query.trim() !== '' || filter !== 'todas';
  // While searching or filtering, the server's matches among every booking; otherwise the pages loaded.
  const shown = (asking ? search.found : items) ?? [];
  const waiting = items?.filter((b) => b.state === 'solicitada').length ?? 0;
  return (
    <section className="adm-section" id="adm-reservas" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        Reservas
        {waiting > 0 && <span className="adm-badge">{waiting === 1 ? '1 solicitud' : `${waiting} solicitudes`}</span>}
      </h2>
      <ListToolbar
        label="Estado"
        value={filter}
        options={FILTERS}
        onChange={setFilter}
        loading={loading}
        onRefresh={() => void list.reload().then((ok) => ok && setStatus('Reservas actualizadas.'))}
      />
      <BookingSearchField value={query} onChange={setQuery} />
      {search.error && <p className="adm-alert">{search.error}</p>}
      <StatusMessage text={status} />
      {loadError && <p className="adm-alert">{loadError}</p>}
      {items === null && !loadError && <p className="adm-muted">Cargando reservas…</p>}
      {asking && search.found === null && !search.error && <p className="adm-muted">Buscando…</p>}
      {(asking ? search.found : items)?.length === 0 && (
        <p className="adm-empty">{query.trim() ? 'Ninguna reserva coincide.' : 'No hay reservas en este estado.'}</p>
      )}
      {shown.length > 0 && (
        <ul className="adm-inbox" aria-label="Reservas">
          {shown.map((b) => (
            <BookingItem key={b.id} booking={b} now={now} onDone={setStatus} />
          ))}
        </ul>
      )}
      {items !== null && <LoadMoreBookings loaded={items.length} onDone={setStatus} />}
      {items !== null && <DeleteBookings items={items} now={now} onDone={setStatus} />}
      <RegistrationBox />
      <OutboxBox />
    </section>
  );
}

/** One booking: facts, deadline, history, receipts and the actions its state allows. */
function BookingItem({ booking: b, now, onDone }: { booking: Booking; now: number; onDone: (s: string) => void }) {
  const { api, failure } = usePanel();
  const cache = usePanelCache();
  const id = useId();
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  /** Puts the saved booking in the list; holds, confirmations and cancellations change the nights taken. */
  function saved(booking: Booking, done: string): string {
    cache.set('listBookings', (all) => all.map((x) => (x.id === booking.id ? booking : x)));
    cache.invalidate('getCalendar', 'listOutbox');
    setOpen(null);
    onDone(done);
    return done;
  }

  async function complete() {
    setBusy(true);
    setError(undefined);
    try {
      saved(await api.completeBooking({ id: b.id }), `Estadía de ${b.name} completada.`);
    } catch (err) {
      setError(failure(err) ?? undefined);
    } finally {
      setBusy(false);
    }
  }

  const act = (a: Action, label: string) => (
    <button
      type="button"
      className="adm-button"
      aria-expanded={open === a}
      disabled={busy}
      onClick={() => setOpen(open === a ? null : a)}
    >
      {label}
    </button>
  );
  // The buttons are the lifecycle table's word for the owner (shared/src/domain/bookings/lifecycle.ts).
  const allowed = new Set(actionsFor(b, 'propietario', now));

  return (
    <li className="adm-enquiry" data-booking-code={b.code} aria-labelledby={`${id}-h`}>
      <article>
        <header className="adm-enquiry-head">
          <h3 id={`${id}-h`}>
            <span className={`adm-badge adm-badge--${b.state}`}>{BOOKING_STATE_LABELS[b.state]}</span>{' '}
            {b.suspect && <span className="adm-badge adm-badge--warn">Posible spam</span>}{' '}
            <span className="adm-enquiry-name">{b.name}</span> · {b.code}
          </h3>
          {b.suspect && (
            <p className="adm-muted">
              {SUSPECT_REASON_TEXT[b.suspect]} El huésped no recibió ningún correo: revísala antes de aceptarla.
            </p>
          )}
          {b.state === 'aceptada' && b.depositDueAt && !b.verification && (
            <p className="adm-muted">{holdCountdown(b.depositDueAt, now)}</p>
          )}
          {b.verification && (
            <p className="adm-verifying">
              <span className="adm-badge adm-badge--warn">Pago por verificar</span>{' '}
              {b.verification.receiptId
                ? 'El huésped subió un comprobante: registra el pago o rechaza el comprobante. La reserva no vence mientras tanto.'
                : 'Wompi reporta un pago pendiente: la reserva no vence mientras espera.'}
            </p>
          )}
        </header>
        <dl className="adm-enquiry-facts">
          <dt>Estadía</dt>
          <dd>
            {formatStayRange(b.checkIn, b.checkOut)} · {b.price.nights === 1 ? '1 noche' : `${b.price.nights} noches`} ·{' '}
            {b.numPeople === 1 ? '1 persona' : `${b.numPeople} personas`}
          </dd>
          <dt>Total</dt>
          <dd>
            {cop(b.price.total)} · anticipo {cop(b.price.deposit)} · pagado {cop(b.paid)}
          </dd>
          {b.terms && (
            <>
              {/* The booking's own terms, frozen when the guest asked (issue 29): never today's settings. */}
              <dt>Condiciones</dt>
              <dd>
                Política {b.terms.cancellationPolicy.words.es.name} · anticipo {b.terms.depositPercent} % · saldo{' '}
                {b.terms.balanceDueDays === null
                  ? 'a la llegada'
                  : `${b.terms.balanceDueDays} días antes de la llegada`}{' '}
                · llegada {b.terms.checkInTime}, salida {b.terms.checkOutTime}
                {b.terms.source === 'migration' ? ' (las vigentes al actualizar el sistema)' : ''}
              </dd>
            </>
          )}
          <dt>Contacto</dt>
          <dd>
            {b.email} · {b.phone}
          </dd>
        </dl>
        {b.message && <p className="adm-enquiry-message">{b.message}</p>}
        <BookingReply booking={b} />
        <BookingReceipts booking={b} />
        <BookingPayments booking={b} now={now} />
        <BookingRegistration booking={b} now={now} />
        <details>
          <summary>Historial</summary>
          <ol>
            {b.history.map((h, i) => (
              <li key={i}>
                {formatReceivedAt(h.at)}:{' '}
                {h.event ? historyText(h.event, 'es', formatReceivedAt) : BOOKING_STATE_LABELS[h.state]} (por{' '}
                {BY_LABELS[h.by]}){h.note && h.event?.kind !== 'receipt-rejected' ? ` — ${h.note}` : ''}
              </li>
            ))}
            {b.payments.map((p) => (
              <li key={p.id}>
                Pago de {cop(p.amount)} ({METHOD_LABELS[p.method]}, {formatStayDate(p.date)})
              </li>
            ))}
          </ol>
        </details>
        <RowAlert text={error} />
        {allowed.has('decline') && allowed.has('cancel') && (
          <p className="adm-hint">
            «Rechazar» le dice al huésped que no puedes recibirlo. «Cancelar» retira la solicitud sin más, por ejemplo
            cuando el huésped te pidió anularla.
          </p>
        )}
        <div className="adm-actions">
          {allowed.has('accept') && act('aceptar', 'Aceptar')}
          {allowed.has('decline') && act('rechazar', 'Rechazar')}
          {allowed.has('extendHold') && act('extender', 'Extender plazo')}
          {allowed.has('recordPayment') && act('pago', b.verification?.receiptId ? 'Confirmar pago' : 'Registrar pago')}
          {allowed.has('rejectReceipt') && act('comprobante', 'Rechazar comprobante')}
          {allowed.has('reopen') && act('reabrir', 'Reabrir con nuevo plazo')}
          {allowed.has('complete') && (
            <button type="button" className="adm-button" disabled={busy} onClick={() => void complete()}>
              Marcar completada
            </button>
          )}
          {allowed.has('cancel') && act('cancelar', 'Cancelar')}
        </div>
        {/* Keyed by the action: another action opens with empty fields and no marks. */}
        {open && <BookingActionForm key={open} booking={b} action={open} now={now} onSaved={saved} />}
      </article>
    </li>
  );
}

/** The call an action's form makes with what the owner typed, and what the owner hears once it is done. */
function actionCall(
  api: AdminApi,
  b: Booking,
  action: Action,
  f: (name: string) => string,
): [string, () => Promise<Booking>] {
  // Thousands written with dots, as in the price; an empty field is left out.
  const amount = (s: string) => (s.trim() === '' ? undefined : parsePriceInput(s));
  switch (action) {
    case 'aceptar':
      return [
        `Reserva de ${b.name} aceptada: las fechas quedan guardadas hasta el anticipo.`,
        () => api.acceptBooking({ id: b.id, total: amount(f('total')), note: f('note') || undefined }),
      ];
    case 'rechazar':
      return [`Reserva de ${b.name} rechazada.`, () => api.declineBooking({ id: b.id, reason: f('reason') })];
    case 'extender':
      return [`Plazo de ${b.name} extendido.`, () => api.extendHold({ id: b.id, hours: Number(f('hours') || '24') })];
    case 'pago':
      return [
        `Pago de ${b.name} registrado.`,
        () =>
          api.recordPayment({
            id: b.id,
            amount: amount(f('amount')) ?? 0,
            method: (f('method') || 'transferencia') as (typeof MANUAL_PAYMENT_METHODS)[number],
            // Today at the cabin, not in UTC (which is already tomorrow there from 19:00).
            date: f('date') || todayAtCabin(),
            ...(b.verification?.receiptId ? { receiptId: b.verification.receiptId } : {}),
          }),
      ];
    case 'comprobante':
      return [
        `Comprobante de ${b.name} rechazado: le escribimos con el motivo y un nuevo plazo.`,
        () =>
          api.rejectReceipt({
            id: b.id,
            reason: f('reason'),
            ...(f('hours') ? { hours: Number(f('hours')) } : {}),
          }),
      ];
    case 'reabrir':
      return [
        `Reserva de ${b.name} reabierta con un nuevo plazo.`,
        () => api.reopenBooking({ id: b.id, ...(f('hours') ? { hours: Number(f('hours')) } : {}) }),
      ];
    case 'cancelar':
      return [
        `Reserva de ${b.name} cancelada: las fechas quedan libres.`,
        () => api.cancelBooking({ id: b.id, reason: f('reason') || undefined }),
      ];
  }
}

/**
 * One action's form (accept, decline, extend, record a payment, cancel). A refusal marks each
 * field the server names with its message beside it and moves focus to the first one; what
 * belongs to no field (a 409: the state changed meanwhile) is the form's alert.
 */
function BookingActionForm({
  booking: b,
  action,
  now,
  onSaved,
}: {
  booking: Booking;
  action: Action;
  now: number;
  onSaved: (booking: Booking, done: string) => string;
}) {
  const { api } = usePanel();
  const id = useId();
  const { formRef, busy, alert, fieldErrors: errors, submit } = useFieldErrorSubmit();
  const [fields, setFields] = useState<Record<string, string>>({});
  const f = (name: string) => fields[name] ?? '';
  const field = (name: string) => ({
    id: `${id}-${name}`,
    value: f(name),
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setFields((all) => ({ ...all, [name]: e.target.value })),
  });
  const save = async () => {
    const [done, call] = actionCall(api, b, action, f);
    return onSaved(await call(), done);
  };

  return (
    <form
      ref={formRef}
      className="adm-form"
      onSubmit={(event) => void submit(event, save)}
      aria-label={`${action} reserva de ${b.name}`}
      aria-busy={busy}
      noValidate
    >
      {action === 'aceptar' && (
        <>
          <AdminField
            {...field('total')}
            label="Total ajustado (opcional, pesos)"
            inputMode="numeric"
            placeholder={String(b.price.total)}
          />
          <AdminField {...field('note')} label="Nota para el huésped (opcional)" />
        </>
      )}
      {(action === 'rechazar' || action === 'cancelar' || action === 'comprobante') && (
        <AdminField
          {...field('reason')}
          label={action === 'cancelar' ? 'Motivo (opcional)' : 'Motivo (lo verá el huésped)'}
          required={action !== 'cancelar'}
        />
      )}
      {(action === 'comprobante' || action === 'reabrir') && (
        <AdminField {...field('hours')} label="Nuevo plazo (horas)" inputMode="numeric" placeholder="24" />
      )}
      {action === 'pago' && b.state === 'vencida' && (
        <p>
          La reserva venció: si sus noches siguen libres y el pago completa el anticipo, queda confirmada; si no, el
          pago queda registrado con un reembolso pendiente.
        </p>
      )}
      {action === 'cancelar' && (
        <p>
          Reembolso según la política: <strong>{cop(refundFor(b.cancellationPolicy, b, now))}</strong> de {cop(b.paid)}{' '}
          pagados.
        </p>
      )}
      {action === 'extender' && (
        <AdminField {...field('hours')} label="Horas más" inputMode="numeric" placeholder="24" />
      )}
      {action === 'pago' && (
        <>
          <AdminField {...field('amount')} label="Monto (pesos)" inputMode="numeric" required />
          <div className="adm-field">
            <label htmlFor={`${id}-method`}>Método</label>
            <select
              id={`${id}-method`}
              value={f('method')}
              onChange={(e) => setFields((all) => ({ ...all, method: e.target.value }))}
              aria-invalid={errors.method ? true : undefined}
              aria-describedby={`${id}-method-error`}
            >
              {MANUAL_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {METHOD_LABELS[m]}
                </option>
              ))}
            </select>
            <span className="adm-field-error" id={`${id}-method-error`}>
              {errors.method}
            </span>
          </div>
          <AdminField {...field('date')} label="Fecha del pago" type="date" />
        </>
      )}
      <RowAlert text={alert ?? undefined} />
      <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
        {SUBMIT_LABELS[action]}
      </button>
    </form>
  );
}
