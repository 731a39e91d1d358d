import { useRef, useState, type FormEvent } from 'react';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { FormStatus } from '../../components/form/form-status';
import { PolicyRules } from '../../components/booking/policy-rules';
import { REFUND_WITHIN_BUSINESS_DAYS } from '@cabana/shared/domain/pricing/terms';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import { useI18n } from '../../i18n/i18n';
import { cop, formatInstant, nextStep } from '../../lib/booking-text';
import { useGuestBooking, useSettings } from '../../lib/page-data';
import { queryParam } from '../../lib/query-param';
import { formatDay } from '../../lib/stay';
import { NotFoundBooking } from '../../features/booking/not-found-booking';
import { OnlineAttempts } from '../../features/booking/online-attempts';
import { OnlinePayButton } from '../../features/booking/online-payment';
import { CheckInSection } from '../../features/booking/checkin-section';
import { deferredPart } from '../../components/ui/deferred-part';

const actions = () => import('../../features/booking/guest-actions');
// The history only shows what the booking says: its words (history-words.ts) load when the guest
// acts or first interacts (issue 31: the page keeps room for its check-in section).
const loadHistory = () => import('../../features/booking/booking-history');
const BookingHistory = deferredPart(
  'historial-reserva',
  () => loadHistory().then((h) => h.BookingHistory),
  import.meta.env.SSR ? (await loadHistory()).BookingHistory : null,
);
/** The link's secret, read when the guest acts (the server rendered the page from it). */
const linkToken = () => queryParam('t');

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
  const i18n = useI18n();
  const { lang, t, href } = i18n;
  const m = i18n.m.guest;
  if (!b) return <NotFoundBooking />;
  const money = (n: number) => cop(n, lang);
  const instant = (iso: string) => formatInstant(iso, lang);
  const day = (iso: string) => formatDay(iso, lang);

  const p = b.price;
  const pay = b.payment;
  const showPayment = (b.state === 'aceptada' || b.state === 'confirmada') && b.due > 0 && !b.verifying;
  // A cancelled, declined or lapsed booking never shows an amount still to pay.
  const closed = b.state === 'cancelada' || b.state === 'rechazada' || b.state === 'vencida';
  // Wompi's checkout, beside the transfer: only while the deposit is still due (the server says).
  const online = b.state === 'aceptada' && b.onlinePayment.available;

  const onUpload = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setStatus({ kind: 'error', text: m.receiptMissing });
      fileRef.current?.focus();
      return;
    }
    setBusy(true);
    setStatus(null);
    const a = await actions();
    try {
      setB(await a.uploadReceipt(b.code, linkToken(), file));
      setStatus({ kind: 'success', text: m.receiptDone });
      if (fileRef.current) fileRef.current.value = '';
    } catch (err) {
      setStatus({ kind: 'error', text: a.actionError(err, i18n) });
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
      setStatus({ kind: 'success', text: m.cancelled });
    } catch (err) {
      dialogRef.current?.close();
      setStatus({ kind: 'error', text: a.actionError(err, i18n) });
    } finally {
      setBusy(false);
    }
  };

  // The page's <main> is the server's (guest-booking-page.tsx), around this island and the itinerary.
  return (
    <>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{t(m.title, { code: b.code })}</h1>
          <p className="page__lead">
            {t(m.hello, { name: b.name })}
            <strong>{m.states[b.state]}</strong>.
          </p>
        </div>
      </div>
      <article className="container narrow prose booking">
        {/* While a payment is being checked the next step is the owner's: said just below. */}
        {b.verifying ? null : <p className="booking__next">{nextStep(b, i18n)}</p>}
        {b.declineReason ? <p>{t(m.reason, { reason: b.declineReason })}</p> : null}
        {b.ownerMessage ? (
          <section className="booking__message" aria-labelledby="mensaje-titulo">
            <h2 id="mensaje-titulo">{t(m.messageFrom, { host: b.ownerMessage.from })}</h2>
            {/* The owner writes in Spanish: marked so on the English page (as the house rules). */}
            <p lang={lang === 'es' ? undefined : 'es'}>{b.ownerMessage.text}</p>
          </section>
        ) : null}
        {b.cancellation ? (
          <p>
            {t(m.cancelledOn, { at: instant(b.cancellation.at) })}
            <strong>{money(b.cancellation.refund)}</strong>.
          </p>
        ) : null}
        {b.verifying ? (
          <p className="booking__verifying" role="status">
            {b.verifying === 'receipt' ? m.verifyingReceipt : m.verifyingGateway}
          </p>
        ) : null}
        {b.refundOwed ? (
          <p className="booking__refund">
            {t(m.refundOwed, {
              amount: money(b.refundOwed),
              how: b.onlinePayments.some((x) => x.status === 'APPROVED') ? m.refundByWompi : m.refundByTransfer,
              days: REFUND_WITHIN_BUSINESS_DAYS,
            })}
          </p>
        ) : null}
        {closed ? <p>{m.nothingToPay}</p> : null}
        {status ? (
          <FormStatus kind={status.kind}>
            <p>{status.text}</p>
          </FormStatus>
        ) : null}

        <h2>{m.stayTitle}</h2>
        <dl className="booking__facts">
          <dt>{m.checkIn}</dt>
          <dd>{t(m.checkInValue, { day: day(b.checkIn), time: b.checkInTime })}</dd>
          <dt>{m.checkOut}</dt>
          <dd>{t(m.checkOutValue, { day: day(b.checkOut), time: b.checkOutTime })}</dd>
          <dt>{m.people}</dt>
          <dd>{b.numPeople}</dd>
          <dt>{m.nights}</dt>
          <dd>{p.nights}</dd>
          <dt>{m.total}</dt>
          <dd>
            <strong>{money(p.total)}</strong>
            {p.cleaningFee > 0 ? t(m.cleaning, { fee: money(p.cleaningFee) }) : ''}
          </dd>
          <dt>{t(m.deposit, { percent: p.depositPercent })}</dt>
          <dd>
            {money(p.deposit)}
            {b.depositDueAt && b.state === 'aceptada' ? t(m.depositDue, { due: instant(b.depositDueAt) }) : ''}
          </dd>
          <dt>{m.balance}</dt>
          <dd>
            {b.balanceDueAt
              ? t(m.balanceDue, { balance: money(p.balance), due: day(b.balanceDueAt) })
              : t(m.balanceOnArrival, { balance: money(p.balance) })}
          </dd>
          <dt>{m.paid}</dt>
          <dd>{money(b.paid)}</dd>
          {closed ? null : (
            <>
              <dt>{m.due}</dt>
              <dd>{money(b.due)}</dd>
            </>
          )}
        </dl>

        <CheckInSection
          booking={b}
          onSaved={(complete) => setB({ ...b, registration: { ...b.registration, complete } })}
        />

        {showPayment ? (
          <section aria-labelledby="pago-titulo">
            <h2 id="pago-titulo">{m.payTitle}</h2>
            {online ? (
              <>
                <OnlinePayButton code={b.code} />
                <p>{i18n.m.payment.orTransfer}</p>
              </>
            ) : null}
            {pay.bankAccount || pay.nequiNumber || pay.daviplataNumber ? (
              <ul>
                {pay.bankAccount ? <li>{t(m.bank, { account: pay.bankAccount })}</li> : null}
                {pay.nequiNumber ? <li>Nequi: {pay.nequiNumber}</li> : null}
                {pay.daviplataNumber ? <li>Daviplata: {pay.daviplataNumber}</li> : null}
              </ul>
            ) : (
              <p>{t(m.payAsk, { phone: s.phone })}</p>
            )}
            <p>{t(m.payCode, { code: b.code })}</p>
            <OnlineAttempts attempts={b.onlinePayments} />
          </section>
        ) : (
          <OnlineAttempts attempts={b.onlinePayments} />
        )}

        {b.canUploadReceipt ? (
          <section aria-labelledby="comprobante-titulo">
            <h2 id="comprobante-titulo">{m.receiptTitle}</h2>
            <form className="form" noValidate onSubmit={onUpload} aria-busy={busy}>
              <div className="field">
                <label htmlFor="comprobante" className="field__label">
                  {m.receiptLabel}
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
                {busy ? m.sending : m.receiptSend}
              </button>
            </form>
          </section>
        ) : null}
        {b.receipts.length > 0 ? (
          <>
            <h3>{m.receiptsTitle}</h3>
            <ul>
              {b.receipts.map((r) => (
                <li key={r.id}>
                  {r.name} ({instant(r.uploadedAt)})
                </li>
              ))}
            </ul>
          </>
        ) : null}

        <h2>{m.cancelTitle}</h2>
        {/* The booking's own policy, frozen when the guest asked: never the site's current one (issue 29). */}
        <PolicyRules own={b.terms?.cancellationPolicy.words[lang] ?? policyWords(b.cancellationPolicy, lang)} />
        {b.terms?.houseRules ? (
          <>
            <h3>{m.houseRulesTitle}</h3>
            {/* The English ones when the owner wrote them (issue 32), else the Spanish ones, marked so. */}
            <ul lang={lang === 'es' || b.terms.houseRulesEn ? undefined : 'es'}>
              {((lang === 'en' && b.terms.houseRulesEn) || b.terms.houseRules).split('\n').map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          {m.termsBefore}
          <a href={href('terms')}>{m.termsLink}</a>
          {m.termsAfter}
        </p>
        {b.canCancel ? (
          <>
            <button type="button" className="button button--outline" onClick={() => dialogRef.current?.showModal()}>
              {m.cancel}
            </button>
            <dialog
              ref={dialogRef}
              className="dialog"
              aria-labelledby="cancelar-titulo"
              aria-describedby="cancelar-texto"
            >
              <h2 id="cancelar-titulo">{t(m.cancelAsk, { code: b.code })}</h2>
              <p id="cancelar-texto">
                {m.cancelRefundBefore}
                <strong>{money(b.refundIfCancelledNow ?? 0)}</strong>
                {t(m.cancelRefundAfter, { paid: money(b.paid) })}
              </p>
              <div className="dialog__actions">
                <button type="button" className="button button--accent" disabled={busy} onClick={() => void onCancel()}>
                  {m.cancelYes}
                </button>
                <button type="button" className="button button--outline" onClick={() => dialogRef.current?.close()}>
                  {m.cancelNo}
                </button>
              </div>
            </dialog>
          </>
        ) : null}
        {b.history.some((h) => h.event) ? <BookingHistory history={b.history} /> : null}
      </article>
    </>
  );
}
