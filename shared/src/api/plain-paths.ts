/**
 * The paths of a few contract rows as plain text, without zod or the rest of the contract: the
 * rows in public-routes.ts are written with them, and code that must not load the contract (the
 * payment return page, under the 80 KB first-visit budget) fills them in itself.
 */

/** `checkOnlinePayment`: the return page asks the server what Wompi says of a transaction. */
export const CHECK_ONLINE_PAYMENT_PATH = '/reserva/:code/pago-en-linea/verificar';
