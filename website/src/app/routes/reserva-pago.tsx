import { useCallback, useEffect, useRef, useState } from 'react';
import { GUEST_BOOKING_PATHS } from '@cabana/shared/domain/pages/guest-paths';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import type { OnlinePaymentStatus } from '@cabana/shared/domain/schemas/payment';
import { useI18n, type I18n } from '../../i18n/i18n';
import { useGuestBooking } from '../../lib/page-data';
import { queryParam } from '../../lib/query-param';
import { NotFoundBooking } from '../../features/booking/not-found-booking';
import { OnlinePayButton } from '../../features/booking/online-payment';
import { checkPayment, type PaymentCheck } from '../../features/booking/payment-check';

/** Waits before each look-up while Wompi still says PENDING: at once, then longer and longer (about half a minute in all). */
const POLL_DELAYS_MS = [0, 2_000, 4_000, 8_000, 15_000];

type View =
  | { kind: 'checking' }
  | { kind: 'result'; status: OnlinePaymentStatus; booking: GuestBooking }
  | { kind: 'error'; text: string; retry: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refused or failed check in the page's language: ours without an answer and for 429, else the server's. */
function refusal(r: Extract<PaymentCheck, { ok: false }>, i: Pick<I18n, 'm' | 't'>): string {
  const w = i.m.guest.errors;
  if (r.status === 429)
    return `${r.message || w.tooMany}${r.retryAfter ? i.t(w.retryIn, { minutes: Math.ceil(r.retryAfter / 60) }) : ''}`;
  return (r.status !== 0 && r.message) || w.generic;
}

/**
 * Where Wompi sends the guest back (`/reserva/<code>/pago?t=&id=`). Its query is never believed:
 * the page shows "Verificando el pago…" and asks our server, which looks the transaction up on
 * Wompi's API; a forged `id` or an added `status=APPROVED` shows only what the server answers.
 */
export default function ReservaPagoRoute() {
  const booking = useGuestBooking();
  const i18n = useI18n();
  const { t, lang } = i18n;
  const m = i18n.m.payment;
  const [view, setView] = useState<View>({ kind: 'checking' });
  // The link's secret is in the address only: the server renders the link back without it.
  // (Built here rather than with booking-text's guestBookingHref: that module would change how the
  // pages' shared code is split, and /planes has no byte of its 80 KB to spare.)
  const home = booking ? `${GUEST_BOOKING_PATHS[lang]}/${booking.code}` : '';
  const [back, setBack] = useState(home);
  /** The look-up under way: a newer one ("Verificar de nuevo") or leaving the page stops it. */
  const current = useRef<{ stopped: boolean } | null>(null);

  const poll = useCallback(
    async (run: { stopped: boolean }) => {
      if (!booking) return;
      setView({ kind: 'checking' });
      const id = queryParam('id');
      if (!id) {
        setView({ kind: 'error', text: m.missingId, retry: false });
        return;
      }
      for (const [i, delay] of POLL_DELAYS_MS.entries()) {
        await sleep(delay);
        if (run.stopped) return;
        const r = await checkPayment(booking.code, queryParam('t'), id);
        if (run.stopped) return;
        if (!r.ok) {
          setView({
            kind: 'error',
            text: refusal(r, i18n),
            retry: r.status === 0 || r.status === 429 || r.status >= 500,
          });
          return;
        }
        if (r.status !== 'PENDING' || i === POLL_DELAYS_MS.length - 1) {
          setView({ kind: 'result', status: r.status, booking: r.booking });
          return;
        }
      }
    },
    [booking, i18n, m.missingId],
  );

  const check = useCallback(() => {
    if (current.current) current.current.stopped = true;
    const run = { stopped: false };
    current.current = run;
    void poll(run);
    return run;
  }, [poll]);

  useEffect(() => {
    setBack(`${home}?t=${encodeURIComponent(queryParam('t'))}`);
  }, [home]);

  useEffect(() => {
    const run = check();
    return () => {
      run.stopped = true;
    };
  }, [check]);

  if (!booking) return <NotFoundBooking />;
  const again = (
    <button type="button" className="button button--outline" onClick={() => check()}>
      {m.checkAgain}
    </button>
  );

  let title: string = m.checking;
  let body = null;
  if (view.kind === 'error') {
    title = m.notVerified;
    body = (
      <>
        <p>{view.text}</p>
        {view.retry ? again : null}
      </>
    );
  } else if (view.kind === 'result') {
    const b = view.booking;
    if (view.status === 'APPROVED') {
      const confirmed = b.state === 'confirmada' || b.state === 'completada';
      title = confirmed ? m.approved : m.approvedLate;
      body = confirmed ? <p>{m.approvedText}</p> : null;
    } else if (view.status === 'PENDING') {
      title = m.pending;
      body = (
        <>
          <p>{m.pendingText}</p>
          {again}
        </>
      );
    } else {
      title = view.status === 'DECLINED' ? m.declined : view.status === 'VOIDED' ? m.voided : m.failed;
      body = (
        <>
          <p>{m.notPaid}</p>
          {b.state === 'aceptada' && b.onlinePayment.available ? (
            <OnlinePayButton code={b.code} label={m.tryAgain} />
          ) : null}
        </>
      );
    }
  }

  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{t(m.title, { code: booking.code })}</h1>
        </div>
      </div>
      <article className="container narrow prose booking">
        <div role="status" aria-live="polite" aria-busy={view.kind === 'checking'}>
          <h2 className="payment-result" data-result={view.kind === 'result' ? view.status : view.kind}>
            {title}
          </h2>
        </div>
        {body}
        <p>
          <a href={back}>{m.back}</a>
        </p>
      </article>
    </main>
  );
}
