/**
 * A local stand-in of the parts of Wompi (docs.wompi.co) the server calls, for the API tests and
 * the browser tests of online payment (issue 22). Wompi cannot be reached from here; this speaks
 * its protocol on loopback, and signs what it sends exactly as the docs say, on its own (it does
 * not reuse the server's code, so the two implementations check each other).
 *
 * Use:
 * ```ts
 * const wompi = await startWompiStandIn();
 * const s = await startTestServer({ env: { ...wompi.env, SMTP_URL: smtp.url } });
 * wompi.connect(s); // events go to s's /api/pagos/wompi/eventos, signed with s's clock
 * ```
 * - `wompi.env`: the four WOMPI_* keys (sandbox) and WOMPI_API_URL / WOMPI_CHECKOUT_URL pointing here.
 * - Checkout: `GET /p/?public-key=…&signature:integrity=…` validates the query (public key,
 *   currency, amount, reference, the integrity signature recomputed with the test secret,
 *   redirect URL) and shows a small Spanish page with two buttons, "Aprobar" and "Rechazar";
 *   either creates a transaction, sends its signed `transaction.updated` event to the server
 *   and redirects the browser to `redirect-url` + `&id=<transaction id>&env=test`. A bad query
 *   gets a 400 page listing the problems (`wompi.checkoutProblems` keeps them too).
 * - API: `GET /v1/transactions/:id` (404 unknown), `GET /v1/transactions?reference=` (the
 *   private key check: 401 without the right `Authorization: Bearer <private key>`),
 *   `GET /v1/merchants/:publicKey` (404 for another key).
 * - For API tests: `createTransaction`, `signEvent` (an event body, with overrides to forge it),
 *   `sendEvent` (signs and POSTs it), `down = true` (every connection is dropped: Wompi
 *   unreachable), `lastEvent` (the last event's answer status).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const WOMPI_TEST_KEYS = {
  WOMPI_PUBLIC_KEY: 'pub_test_StandInPublicKey0123456789abcd',
  WOMPI_PRIVATE_KEY: 'prv_test_StandInPrivateKey0123456789abc',
  WOMPI_INTEGRITY_SECRET: 'test_integrity_StandInIntegritySecret01',
  WOMPI_EVENTS_SECRET: 'test_events_StandInEventsSecret0123456',
} as const;

export type StandInStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';

export interface StandInTransaction {
  id: string;
  reference: string;
  amount_in_cents: number;
  currency: string;
  status: StandInStatus;
  payment_method_type: string;
  customer_email: string;
  redirect_url: string | null;
}

export interface EventOverrides {
  /** Unix seconds; default the connected server's clock now. */
  timestamp?: number;
  /** A checksum to send instead of the right one. */
  checksum?: string;
  /** Another secret to sign with (a forger's). */
  secret?: string;
  event?: string;
  /** Other signed properties (paths inside `data`), signed by their values. */
  properties?: string[];
}

export interface WompiEventBody {
  event: string;
  data: { transaction: StandInTransaction };
  environment: 'test';
  signature: { properties: string[]; checksum: string };
  timestamp: number;
  sent_at: string;
}

export interface WompiStandIn {
  /** The stand-in's origin (http://127.0.0.1:PORT). */
  url: string;
  /** The server's WOMPI_* variables: the test keys, and the API and checkout here. */
  env: Record<string, string>;
  /** Sends events to this server's events URL, timestamped by its clock. */
  connect(server: { apiUrl: string; clock: { now(): number } }): void;
  transactions: Map<string, StandInTransaction>;
  createTransaction(t: {
    reference: string;
    amountInCents: number;
    status: StandInStatus;
    currency?: string;
    methodType?: string;
  }): StandInTransaction;
  signEvent(tx: StandInTransaction, over?: EventOverrides): WompiEventBody;
  /** Signs and POSTs the event; answers the server's response. */
  sendEvent(tx: StandInTransaction, over?: EventOverrides): Promise<Response>;
  /** POSTs a body as it is (a replay, a malformed one). */
  postEvent(body: unknown): Promise<Response>;
  /** While true every connection is dropped unanswered. */
  down: boolean;
  /** The status our server answered the last event the checkout page sent. */
  lastEvent: number | undefined;
  /** Problems the last refused checkout query had. */
  checkoutProblems: string[];
  close(): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** docs.wompi.co/docs/colombia/widget-checkout-web/: reference + amount in cents + currency [+ expiration] + secret. */
export function standInIntegrity(reference: string, amount: string, currency: string, expiration: string): string {
  return sha256(`${reference}${amount}${currency}${expiration}${WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET}`);
}

const PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(res: http.ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

export async function startWompiStandIn(): Promise<WompiStandIn> {
  const transactions = new Map<string, StandInTransaction>();
  let target: { apiUrl: string; clock: { now(): number } } | undefined;
  let count = 0;

  const createTransaction: WompiStandIn['createTransaction'] = (t) => {
    count += 1;
    const tx: StandInTransaction = {
      id: `${10000 + count}-${Math.floor(Date.now() / 1000)}-${randomBytes(3).toString('hex')}`,
      reference: t.reference,
      amount_in_cents: t.amountInCents,
      currency: t.currency ?? 'COP',
      status: t.status,
      payment_method_type: t.methodType ?? 'CARD',
      customer_email: 'maria@example.com',
      redirect_url: null,
    };
    transactions.set(tx.id, tx);
    return tx;
  };

  const signEvent: WompiStandIn['signEvent'] = (tx, over = {}) => {
    const timestamp = over.timestamp ?? Math.floor((target?.clock.now() ?? Date.now()) / 1000);
    // docs.wompi.co/docs/colombia/eventos/: the values at signature.properties, then timestamp, then the secret.
    const properties = over.properties ?? PROPERTIES;
    const field = (path: string) =>
      String((tx as unknown as Record<string, unknown>)[path.replace(/^transaction\./, '')]);
    const values = properties.map(field).join('');
    const checksum =
      over.checksum ?? sha256(`${values}${timestamp}${over.secret ?? WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET}`);
    return {
      event: over.event ?? 'transaction.updated',
      data: { transaction: { ...tx } },
      environment: 'test',
      signature: { properties, checksum: checksum.toUpperCase() },
      timestamp,
      sent_at: new Date(timestamp * 1000).toISOString(),
    };
  };

  const postEvent = (body: unknown) => {
    if (!target) throw new Error('wompi stand-in: connect(server) first');
    return fetch(`${target.apiUrl}/pagos/wompi/eventos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  };

  const state = {
    down: false,
    lastEvent: undefined as number | undefined,
    checkoutProblems: [] as string[],
  };
  let url = '';

  const checkout = (q: URLSearchParams, res: http.ServerResponse) => {
    const problems: string[] = [];
    const get = (name: string) => q.get(name) ?? '';
    if (get('public-key') !== WOMPI_TEST_KEYS.WOMPI_PUBLIC_KEY) problems.push('public-key');
    if (get('currency') !== 'COP') problems.push('currency');
    if (!/^[1-9]\d*$/.test(get('amount-in-cents'))) problems.push('amount-in-cents');
    if (!get('reference')) problems.push('reference');
    const expected = standInIntegrity(
      get('reference'),
      get('amount-in-cents'),
      get('currency'),
      get('expiration-time'),
    );
    if (get('signature:integrity') !== expected) problems.push('signature:integrity');
    if (!URL.canParse(get('redirect-url'))) problems.push('redirect-url');
    if (get('expiration-time') && !(Date.parse(get('expiration-time')) > 0)) problems.push('expiration-time');
    state.checkoutProblems = problems;
    if (problems.length > 0) {
      page(res, 400, 'Solicitud de pago inválida', `<p>Revisa: ${escapeHtml(problems.join(', '))}</p>`);
      return;
    }
    const hidden = ['reference', 'amount-in-cents', 'redirect-url', 'customer-data:email']
      .map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(get(n))}">`)
      .join('');
    const pesos = Number(get('amount-in-cents')) / 100;
    page(
      res,
      200,
      'Wompi (simulado): paga tu anticipo',
      `<p>Referencia <strong>${escapeHtml(get('reference'))}</strong>: $${pesos.toLocaleString('es-CO')} COP</p>` +
        `<p>${escapeHtml(get('customer-data:full-name'))} · ${escapeHtml(get('customer-data:email'))}</p>` +
        `<form method="post" action="/p/pagar">${hidden}` +
        `<button type="submit" name="decision" value="APPROVED">Aprobar</button> ` +
        `<button type="submit" name="decision" value="DECLINED">Rechazar</button></form>`,
    );
  };

  const pay = async (form: URLSearchParams, res: http.ServerResponse) => {
    const decision = form.get('decision') === 'APPROVED' ? 'APPROVED' : 'DECLINED';
    const tx = createTransaction({
      reference: form.get('reference') ?? '',
      amountInCents: Number(form.get('amount-in-cents')),
      status: decision,
    });
    tx.redirect_url = form.get('redirect-url');
    try {
      state.lastEvent = (await postEvent(signEvent(tx))).status;
    } catch {
      state.lastEvent = undefined;
    }
    const back = new URL(form.get('redirect-url') ?? '');
    back.searchParams.set('id', tx.id);
    back.searchParams.set('env', 'test');
    res.writeHead(303, { location: back.toString() });
    res.end();
  };

  const api = (req: http.IncomingMessage, path: string, q: URLSearchParams, res: http.ServerResponse) => {
    const bearer = req.headers.authorization === `Bearer ${WOMPI_TEST_KEYS.WOMPI_PRIVATE_KEY}`;
    const unauthorized = () =>
      sendJson(res, 401, { error: { type: 'INVALID_ACCESS_TOKEN', reason: 'Se esperaba una llave privada' } });
    const merchant = /^\/v1\/merchants\/([^/]+)$/.exec(path);
    if (merchant) {
      if (decodeURIComponent(merchant[1]!) !== WOMPI_TEST_KEYS.WOMPI_PUBLIC_KEY) {
        sendJson(res, 404, { error: { type: 'NOT_FOUND_ERROR', reason: 'El comercio no existe' } });
      } else {
        sendJson(res, 200, { data: { id: 1, name: 'Cabaña de prueba', legal_name: 'Cabaña de prueba S.A.S.' } });
      }
      return;
    }
    if (path === '/v1/transactions') {
      if (!bearer) return unauthorized();
      sendJson(res, 200, { data: [...transactions.values()].filter((t) => t.reference === q.get('reference')) });
      return;
    }
    const one = /^\/v1\/transactions\/([^/]+)$/.exec(path);
    if (one) {
      if (req.headers.authorization && !bearer) return unauthorized();
      const tx = transactions.get(decodeURIComponent(one[1]!));
      if (tx) sendJson(res, 200, { data: tx });
      else sendJson(res, 404, { error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } });
      return;
    }
    sendJson(res, 404, { error: { type: 'NOT_FOUND_ERROR', reason: 'Ruta desconocida' } });
  };

  const server = http.createServer((req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const u = new URL(req.url ?? '/', url);
    if (req.method === 'GET' && u.pathname === '/p/') return checkout(u.searchParams, res);
    if (req.method === 'POST' && u.pathname === '/p/pagar') {
      void readForm(req).then((form) => pay(form, res));
      return;
    }
    if (req.method === 'GET' && u.pathname.startsWith('/v1/')) return api(req, u.pathname, u.searchParams, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { ...WOMPI_TEST_KEYS, WOMPI_API_URL: `${url}/v1`, WOMPI_CHECKOUT_URL: `${url}/p/` },
    connect(s) {
      target = s;
    },
    transactions,
    createTransaction,
    signEvent,
    sendEvent: (tx, over) => postEvent(signEvent(tx, over)),
    postEvent,
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    get lastEvent() {
      return state.lastEvent;
    },
    get checkoutProblems() {
      return state.checkoutProblems;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
