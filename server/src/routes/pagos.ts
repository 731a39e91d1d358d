import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';
import { noStore } from './reservas';

type PaymentRoutes =
  | 'startOnlinePayment'
  | 'checkOnlinePayment'
  | 'wompiEvent'
  | 'recordRefund'
  | 'getPaymentsStatus'
  | 'testPaymentConnection';

/** Online payment of the deposit (issue 22): the guest's checkout and check, Wompi's events, the owner's side. */
export function paymentRoutes({ payments, bookings }: AppDeps): Pick<ApiHandlers, PaymentRoutes> {
  return {
    startOnlinePayment: { before: [noStore], handle: ({ code, t }) => payments.start(code, t) },
    checkOnlinePayment: { before: [noStore], handle: ({ code, t, id }) => payments.check(code, t, id) },
    wompiEvent: (event) => payments.event(event),
    recordRefund: ({ id, ...input }) => bookings.recordRefund(id, input),
    getPaymentsStatus: () => payments.status(),
    testPaymentConnection: () => payments.testConnection(),
  };
}
