import { useRef, useState, type FormEvent } from 'react';
import type { GuestBooking } from '@cabana/shared/schemas/booking';
import { FormStatus } from '../../components/form/form-status';
import { paths } from '../../config/paths';
import { PolicyRules } from '../../components/booking/policy-rules';
import { cop, formatInstant, nextStep } from '../../lib/booking-text';
import { useGuestBooking, useSettings } from '../../lib/page-data';
import { formatDay } from '../../lib/stay';

const STATE_WORDS: Record<GuestBooking['state'], string> = {
  solicitada: 'Solicitud recibida',
  aceptada: 'Aceptada: esperando el anticipo',
  confirmada: 'Confirmada',
  completada: 'Completada',
  rechazada: 'Rechazada',
  vencida: 'Vencida',
  cancelada: 'Cancelada',
};

const actions = () => import('../../features/booking/guest-actions');
/** The link's secret, read when the guest acts (the server rendered the page from it). */
const linkToken = () => new URLSearchParams(window.location.search).get('t') ?? '';

function NotFoundBooking() {
  const s = useSettings();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="container narrow">
        <h1 className="page__title">No encontramos esa reserva</h1>
        <p>
          El enlace no es válido o está incompleto. Ábrelo de nuevo desde el correo que te enviamos, o escríbenos al{' '}
          {s.phone} y te ayudamos.
        </p>
        <p>
          <a href={paths.home} className="button button--primary">
            Volver al inicio
          </a>
        </p>
      </div>
    </main>
  );
}

type Status = { kind: 'success' | 'error'; text: string } | null;

/** A guest's private page: the booking, how to pay, the receipt upload and cancellation. */
export default function ReservaRoute() {
  const initial = useGuestBooking();
  const [b, setB] = useState<GuestBooking | null>(initial);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const s = useSettings();
  if (!b) return <NotFoundBooking />;

  const p = b.price;
  const pay = b.payment;
  const showPayment = (b.state === 'aceptada' || b.state === 'confirmada') && b.due > 0;

  const onUpload = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setStatus({ kind: 'error', text: 'Elige el archivo del comprobante (una imagen o un PDF).' });
      fileRef.current?.focus();
      return;
    }
    setBusy(true);
    setStatus(null);
    const a = await actions();
    try {
      setB(await a.uploadReceipt(b.code, linkToken(), file));
      setStatus({ kind: 'success', text: 'Recibimos tu comprobante. Te avisaremos cuando confirmemos el pago.' });
      if (fileRef.current) fileRef.current.value = '';
    } catch (err) {
      setStatus({ kind: 'error', text: a.actionError(err) });
    } finally {
      setBusy(false);
    }
  };

  const onCancel = async () => {
    setBusy(true);
    const a = await actions();
    try {
      setB(await a.cancelBooking(b.code, linkToken()));
      dialogRef.current?.close();
      setStatus({ kind: 'success', text: 'Tu reserva quedó cancelada.' });
    } catch (err) {
      dialogRef.current?.close();
      setStatus({ kind: 'error', text: a.actionError(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Tu reserva {b.code}</h1>
          <p className="page__lead">
            Hola, {b.name}. Estado: <strong>{STATE_WORDS[b.state]}</strong>.
          </p>
        </div>
      </div>
      <article className="container narrow prose booking">
        <p className="booking__next">{nextStep(b)}</p>
        {b.declineReason ? <p>Motivo: {b.declineReason}</p> : null}
        {b.cancellation ? (
          <p>
            Cancelada el {formatInstant(b.cancellation.at)}. Reembolso: <strong>{cop(b.cancellation.refund)}</strong>.
          </p>
        ) : null}
        {status ? (
          <FormStatus kind={status.kind}>
            <p>{status.text}</p>
          </FormStatus>
        ) : null}

        <h2>Tu estadía</h2>
        <dl className="booking__facts">
          <dt>Llegada</dt>
          <dd>
            {formatDay(b.checkIn)}, desde las {b.checkInTime}
          </dd>
          <dt>Salida</dt>
          <dd>
            {formatDay(b.checkOut)}, hasta las {b.checkOutTime}
          </dd>
          <dt>Personas</dt>
          <dd>{b.numPeople}</dd>
          <dt>Noches</dt>
          <dd>{p.nights}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{cop(p.total)}</strong>
            {p.cleaningFee > 0 ? ` (incluye limpieza: ${cop(p.cleaningFee)})` : ''}
            {p.adjustmentNote ? <span className="booking__note"> Nota: {p.adjustmentNote}</span> : null}
          </dd>
          <dt>Anticipo ({p.depositPercent} %)</dt>
          <dd>
            {cop(p.deposit)}
            {b.depositDueAt && b.state === 'aceptada' ? `, antes del ${formatInstant(b.depositDueAt)}` : ''}
          </dd>
          <dt>Saldo</dt>
          <dd>
            {cop(p.balance)}, {b.balanceDueAt ? `antes del ${formatDay(b.balanceDueAt)}` : 'a la llegada'}
          </dd>
          <dt>Pagado</dt>
          <dd>{cop(b.paid)}</dd>
          <dt>Por pagar</dt>
          <dd>{cop(b.due)}</dd>
        </dl>

        {showPayment ? (
          <section aria-labelledby="pago-titulo">
            <h2 id="pago-titulo">Cómo pagar</h2>
            {pay.bankAccount || pay.nequiNumber || pay.daviplataNumber ? (
              <ul>
                {pay.bankAccount ? <li>Transferencia bancaria: {pay.bankAccount}</li> : null}
                {pay.nequiNumber ? <li>Nequi: {pay.nequiNumber}</li> : null}
                {pay.daviplataNumber ? <li>Daviplata: {pay.daviplataNumber}</li> : null}
              </ul>
            ) : (
              <p>Escríbenos al {s.phone} y te enviamos los datos para el pago.</p>
            )}
            <p>Escribe el código {b.code} en la descripción del pago.</p>
          </section>
        ) : null}

        {b.canUploadReceipt ? (
          <section aria-labelledby="comprobante-titulo">
            <h2 id="comprobante-titulo">Envía tu comprobante</h2>
            <form className="form" noValidate onSubmit={onUpload} aria-busy={busy}>
              <div className="field">
                <label htmlFor="comprobante" className="field__label">
                  Comprobante de la transferencia (imagen o PDF, hasta 10 MB)
                </label>
                <input
                  ref={fileRef}
                  id="comprobante"
                  name="file"
                  type="file"
                  className="input"
                  accept="image/jpeg,image/png,image/webp,image/heic,image/avif,application/pdf"
                />
              </div>
              <button type="submit" className="button button--accent" disabled={busy}>
                {busy ? 'Enviando…' : 'Enviar comprobante'}
              </button>
            </form>
          </section>
        ) : null}
        {b.receipts.length > 0 ? (
          <>
            <h3>Comprobantes enviados</h3>
            <ul>
              {b.receipts.map((r) => (
                <li key={r.id}>
                  {r.name} ({formatInstant(r.uploadedAt)})
                </li>
              ))}
            </ul>
          </>
        ) : null}

        <h2>Cancelación</h2>
        <PolicyRules />
        <p>
          Más detalles en las <a href={paths.terms}>condiciones de la estadía</a>.
        </p>
        {b.canCancel ? (
          <>
            <button type="button" className="button button--outline" onClick={() => dialogRef.current?.showModal()}>
              Cancelar reserva
            </button>
            <dialog
              ref={dialogRef}
              className="dialog"
              aria-labelledby="cancelar-titulo"
              aria-describedby="cancelar-texto"
            >
              <h2 id="cancelar-titulo">¿Cancelar la reserva {b.code}?</h2>
              <p id="cancelar-texto">
                Si cancelas hoy, te devolvemos <strong>{cop(b.refundIfCancelledNow ?? 0)}</strong> de lo pagado (
                {cop(b.paid)}). Las fechas quedarán libres y no se puede deshacer.
              </p>
              <div className="dialog__actions">
                <button type="button" className="button button--accent" disabled={busy} onClick={() => void onCancel()}>
                  Sí, cancelar la reserva
                </button>
                <button type="button" className="button button--outline" onClick={() => dialogRef.current?.close()}>
                  No, mantenerla
                </button>
              </div>
            </dialog>
          </>
        ) : null}
      </article>
    </main>
  );
}
