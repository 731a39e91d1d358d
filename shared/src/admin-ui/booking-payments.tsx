import { useId, useState } from 'react';
import { attemptExpired, can, refundMethodOf } from '../domain/bookings/lifecycle';
import { formatMoney } from '../domain/pricing/pricing';
import { PAYMENT_METHOD_LABELS, type Booking } from '../domain/schemas/booking';
import { ONLINE_PAYMENT_STATUS_LABELS } from '../domain/schemas/payment';
import { AdminField } from './admin-field';
import { AlertMessage, StatusMessage } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache } from './panel-data';
import { formatReceivedAt, formatStayDate } from '../domain/lib/owner-dates';
import { useFieldErrorSubmit } from './use-field-error-submit';

const cop = (n: number) => formatMoney(n, 'COP');
/** Wompi's names of how the guest paid, as the owner reads them. */
const METHOD_TYPES: Record<string, string> = {
  CARD: 'Tarjeta',
  PSE: 'PSE',
  NEQUI: 'Nequi',
  BANCOLOMBIA_TRANSFER: 'Botón Bancolombia',
  BANCOLOMBIA_QR: 'QR Bancolombia',
};
const methodType = (t: string | undefined) => (t ? (METHOD_TYPES[t] ?? t) : '—');

/**
 * A booking's money: the payments received (by hand or through Wompi), the attempts at paying
 * online with their status, the refunds recorded, a visible flag when an online payment must be
 * given back, and the form that records a refund (Wompi's are made in its dashboard).
 */
export function BookingPayments({ booking: b, now }: { booking: Booking; now: number }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const refundDue = b.onlinePayments.filter((p) => p.refundDue);
  // What the booking owes back (a paid cancellation, a payment it could not take); older records: the online ones.
  const owed = b.refundOwed ?? refundDue.reduce((n, p) => n + p.amountInCents / 100, 0);
  const canRefund = can('recordRefund', b, now, 'propietario');
  const hasMoney = b.payments.length > 0 || b.onlinePayments.length > 0 || b.refunds.length > 0;
  return (
    <div className="adm-payments">
      <h4>Pagos</h4>
      {owed > 0 && (
        <p className="adm-refund-due">
          <span className="adm-badge adm-badge--warn">Reembolso pendiente</span> Devuelve {cop(owed)} al huésped
          {b.state === 'cancelada'
            ? ': la reserva se canceló con reembolso según su política.'
            : ': el pago llegó cuando las fechas ya no estaban libres.'}{' '}
          {refundMethodOf(b) === 'wompi' ? 'Hazlo en el panel de Wompi' : 'Hazlo por transferencia'} y regístralo aquí.
        </p>
      )}
      {!hasMoney && <p className="adm-muted">Sin pagos todavía.</p>}
      {b.payments.length > 0 && (
        // A wide table scrolls inside its own box on a phone, reachable by keyboard.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="adm-table-wrap" role="region" aria-label={`Pagos recibidos, reserva ${b.code}`} tabIndex={0}>
          <table className="adm-table adm-payments-table">
            <caption>Pagos recibidos</caption>
            <thead>
              <tr>
                {/* The key facts first: what a phone shows before the table scrolls. */}
                <th scope="col">Fecha</th>
                <th scope="col">Monto</th>
                <th scope="col">Método</th>
                <th scope="col">Estado</th>
                <th scope="col">Transacción de Wompi</th>
              </tr>
            </thead>
            <tbody>
              {b.payments.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{formatStayDate(p.date)}</th>
                  <td>{cop(p.amount)}</td>
                  <td>{PAYMENT_METHOD_LABELS[p.method]}</td>
                  <td>{p.method === 'wompi' ? ONLINE_PAYMENT_STATUS_LABELS.APPROVED : 'Recibido'}</td>
                  <td>{p.transactionId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {b.onlinePayments.length > 0 && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="adm-table-wrap" role="region" aria-label={`Pagos en línea, reserva ${b.code}`} tabIndex={0}>
          <table className="adm-table adm-payments-table">
            <caption>Intentos de pago en línea (Wompi)</caption>
            <thead>
              <tr>
                <th scope="col">Actualizado</th>
                <th scope="col">Monto</th>
                <th scope="col">Estado</th>
                <th scope="col">Medio</th>
                <th scope="col">Transacción de Wompi</th>
              </tr>
            </thead>
            <tbody>
              {b.onlinePayments.map((p) => (
                <tr key={p.reference}>
                  <th scope="row">{formatReceivedAt(p.updatedAt)}</th>
                  <td>{cop(p.amountInCents / 100)}</td>
                  <td>
                    {attemptExpired(p, now) ? 'Vencido sin pago' : ONLINE_PAYMENT_STATUS_LABELS[p.status]}
                    {p.refundDue ? ' · reembolso pendiente' : ''}
                  </td>
                  <td>{methodType(p.methodType)}</td>
                  <td>{p.transactionId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {b.refunds.length > 0 && (
        <ul aria-label="Reembolsos registrados">
          {b.refunds.map((r) => (
            <li key={r.id}>
              Reembolso de {cop(r.amount)} ({formatStayDate(r.date)}){r.note ? ` — ${r.note}` : ''}
            </li>
          ))}
        </ul>
      )}
      {canRefund && (
        <button
          type="button"
          className="adm-button"
          aria-expanded={open}
          onClick={() => {
            setOpen(!open);
            setStatus(null);
          }}
        >
          Registrar reembolso
        </button>
      )}
      {open && (
        <RefundForm
          booking={b}
          suggested={owed}
          onSaved={(text) => {
            setOpen(false);
            setStatus(text);
          }}
        />
      )}
      <StatusMessage text={status} />
    </div>
  );
}

/** Amount, date and note of money given back; the server's message beside each field it refuses. */
function RefundForm({
  booking: b,
  suggested,
  onSaved,
}: {
  booking: Booking;
  suggested: number;
  onSaved: (status: string) => void;
}) {
  const { api } = usePanel();
  const cache = usePanelCache();
  const id = useId();
  const [amount, setAmount] = useState(suggested > 0 ? String(suggested) : '');
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [note, setNote] = useState('');
  const { formRef, busy, alert, fieldErrors, submit } = useFieldErrorSubmit();

  const save = async () => {
    const raw = amount.replace(/[.\s$]/g, '');
    const saved = await api.recordRefund({
      id: b.id,
      // Not a number: sent as typed, and the server says what is wrong beside the field.
      amount: (/^\d+$/.test(raw) ? Number(raw) : amount) as number,
      date,
      note: note.trim() || undefined,
    });
    cache.set('listBookings', (all) => all.map((x) => (x.id === saved.id ? saved : x)));
    onSaved(`Reembolso de ${cop(saved.refunds.at(-1)?.amount ?? 0)} a ${b.name} registrado.`);
    return '';
  };

  return (
    <>
      <form
        ref={formRef}
        className="adm-form"
        aria-label={`Registrar reembolso de ${b.name}`}
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void submit(e, save)}
      >
        <AdminField
          id={`${id}-amount`}
          label="Monto devuelto (pesos)"
          inputMode="numeric"
          required
          error={fieldErrors.amount}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <AdminField
          id={`${id}-date`}
          label="Fecha del reembolso"
          type="date"
          required
          error={fieldErrors.date}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <AdminField
          id={`${id}-note`}
          label="Nota (opcional)"
          hint="Por ejemplo: reembolsado en el panel de Wompi."
          error={fieldErrors.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
          {busy ? 'Guardando…' : 'Guardar reembolso'}
        </button>
      </form>
      <AlertMessage text={alert} />
    </>
  );
}
