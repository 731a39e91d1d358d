import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { clientKey } from '../auth/client-key';
import type { ApiHandlers } from './handlers';
import { guestLinkBudget, noStore } from './reservas';

type PaymentRoutes =
  | 'startOnlinePayment'
  | 'checkOnlinePayment'
  | 'wompiEvent'
  | 'recordRefund'
  | 'getPaymentsStatus'
  | 'saveWompiKeys'
  | 'testPaymentConnection';

/** Online payment of the deposit (issue 22): the guest's checkout and check, Wompi's events, the owner's side. */
export function paymentRoutes({ payments, bookings, limiters }: AppDeps): Pick<ApiHandlers, PaymentRoutes> {
  // Each attempt is a record and each check a call to the gateway: a client's budget is spent first.
  const budget: Middleware = async (ctx, next) => {
    limiters.onlinePaymentClient.consume(clientKey(ctx.ip));
    await next();
  };
  const linkBudget = guestLinkBudget(limiters);
  return {
    startOnlinePayment: {
      before: [noStore, linkBudget, budget],
      handle: ({ code, t }) => payments.start(code, t),
    },
    checkOnlinePayment: {
      before: [noStore, linkBudget, budget],
      handle: ({ code, t, id }) => payments.check(code, t, id),
    },
    wompiEvent: (event) => payments.event(event),
    recordRefund: ({ id, ...input }) => bookings.recordRefund(id, input),
    getPaymentsStatus: () => payments.status(),
    saveWompiKeys: (input) => payments.saveKeys(input),
    testPaymentConnection: () => payments.testConnection(),
  };
}
