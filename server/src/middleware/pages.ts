import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context, Middleware } from 'koa';
import type { PageData, PageRenderer, RenderedPage, ReviewPageState } from '@cabana/shared/domain/pages/page-data';
import { ERROR_STATUS } from '@cabana/shared/domain/schemas/errors';
import type { PublicReviews, ReviewInvite } from '@cabana/shared/domain/schemas/review';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import { publicSettings } from '@cabana/shared/domain/config/settings';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { nextDayStartAtCabin, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { Clock } from '../clock';
import type { Logger } from '../lib/logger';
import { koaBody } from 'koa-body';
import { DomainError, unsupportedMedia } from '../domain-errors';
import type { Store } from '../db/store';
import type { ImageService } from '../images/image-service';
import { markReplayable } from '../http/replay-cache';
import type { CalendarService } from '../calendar/calendar-service';
import { seasonsView } from '../calendar/views';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface CachedPage {
  status: RenderedPage['status'];
  etag: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The hashes of the scripts the build wrote into this page, which its policy allows (security-headers.ts). */
  scriptHashes: readonly string[];
}

export interface LivePagesOptions {
  /** The website's server build (`website/dist-server/render.js`); missing = site not built. */
  entry: string;
  store: Store;
  images: ImageService;
  /** The taken nights the pages' calendars show, as GET /api/disponibilidad answers them. */
  calendar: Pick<CalendarService, 'availability'>;
  /** Gives the cabin's today, which starts the availability window the pages show. */
  clock: Clock;
  /** What /privacidad states: the retention periods the server applies. */
  enquiryRetentionMonths: number;
  pendingPhotoRetentionDays: number;
  /** Paths that are never pages (API, media). */
  skipPrefixes: readonly string[];
  log: Logger;
  /** A guest's booking by the private link's code and secret; null when either is wrong. */
  guestBooking?: (code: string, token: string) => GuestBooking | null;
  /**
   * Spends one of the client's look-ups of private links (issue 28, item 13), the same budget as
   * the API's; throws the 429 when it is used up.
   */
  spendGuestLookup?: (ip: string) => void;
  /** Whether Wompi is configured now (guests can pay online). */
  onlinePayment?: () => boolean;
  /** The published reviews (issue 35): /opiniones and the home page show them. */
  reviews?: () => PublicReviews;
  /** What a review link opens; throws the DomainError the API answers (404, 409). */
  reviewInvite?: (code: string, token: string) => ReviewInvite;
  /** Stores a review sent by the review page's form (checked as the API checks it); throws as the API. */
  submitReview?: (code: string, input: Record<string, string>) => Promise<unknown>;
  /** The SMTP server's host the guests' e-mails go through (SMTP_URL), or null: /privacidad names it. */
  mailHost?: string | null;
}

/** What every public page is rendered from: the store as it is now, seen from the cabin's `today`. */
function pageDataOf(opts: LivePagesOptions, today: string): PageData {
  const { store, images } = opts;
  const { base, seasons } = seasonsView(store.data);
  return {
    price: store.data.price.precio,
    images: images.list('published'),
    // The default window from the cabin's today (the clock's), as the API gives it.
    availability: opts.calendar.availability({ from: today }),
    // Past seasons price no stay that can still be asked for.
    seasons: { base, seasons: seasons.filter((s) => s.end > today) },
    settings: publicSettings(store.data.settings),
    enquiryRetentionMonths: opts.enquiryRetentionMonths,
    pendingPhotoRetentionDays: opts.pendingPhotoRetentionDays,
    cancellationPolicy: policyWords(store.data.settings.cancellationPolicy, 'es'),
    onlinePayment: opts.onlinePayment?.() === true,
    reviews: opts.reviews?.() ?? { average: null, count: 0, reviews: [] },
    guestsHosted: guestsHosted(store),
    mailHost: opts.mailHost ?? null,
  };
}

/** The review form's body: urlencoded, small (the text is at most 2,000 characters). */
const reviewForm = koaBody({ json: false, multipart: false, text: false, urlencoded: true, formLimit: '32kb' });

/** The 429 of a client past its budget of private-link look-ups, as plain text. */
function sendRateLimited(ctx: Context, err: DomainError) {
  ctx.status = 429;
  ctx.set('Retry-After', String(Math.ceil(err.retryAfterSeconds ?? 60)));
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = err.message;
}

/**
 * A guest's review page (issue 35): a plain form posted to its own address (no JavaScript),
 * rendered for this request alone. GET shows the form (404 for a wrong link, 409 when the link
 * takes no more reviews); POST stores the review (201, the thanks) or answers the form again with
 * the errors (400) and what was typed. Kept by no cache and no search engine.
 */
async function sendReviewPage(ctx: Context, r: PageRenderer, code: string, data: PageData, opts: LivePagesOptions) {
  const post = ctx.method === 'POST';
  let form: Record<string, string> = {};
  if (post) {
    if (!ctx.is('application/x-www-form-urlencoded')) throw unsupportedMedia('Envía el formulario de la página.');
    await reviewForm(ctx, async () => {});
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    // A field sent twice is not one the page's form sends: only single text values are read. An
    // empty one is a field left blank ("not rated", the default name), as if it were not sent.
    form = Object.fromEntries(
      Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
  }
  const token = post ? (form.t ?? '') : typeof ctx.query.t === 'string' ? ctx.query.t : '';
  let state: ReviewPageState = { invite: null, token: '' };
  let status = 404;
  try {
    if (token) opts.spendGuestLookup?.(ctx.ip);
    if (token && opts.reviewInvite) {
      state = { invite: opts.reviewInvite(code, token), token };
      status = 200;
    }
    if (post && state.invite && opts.submitReview) {
      try {
        await opts.submitReview(code, form);
        state = { ...state, sent: true };
        status = 201;
      } catch (err) {
        if (!(err instanceof DomainError) || err.code !== 'VALIDATION') throw err;
        const { t: _secret, ...values } = form;
        state = { ...state, error: err.message, fields: err.fields ?? {}, values };
        status = 400;
      }
    }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.code === 'RATE_LIMITED') return sendRateLimited(ctx, err);
    if (err.code === 'CONFLICT') state = { invite: null, token: '', closed: err.message };
    else if (err.code !== 'NOT_FOUND') throw err;
    status = ERROR_STATUS[err.code];
  }
  const page = await compress(await r.renderPage(ctx.path, { ...data, reviewPage: state }));
  send(ctx, page, false);
  ctx.status = status;
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Referrer-Policy', 'no-referrer');
}

/** The people of the completed stays the store holds (the home page's figure, issue 35). */
function guestsHosted(store: Store): number {
  return store.data.bookings.reduce((n, b) => (b.state === 'completada' ? n + b.numPeople : n), 0);
}

/**
 * A guest's private page: rendered for this request alone from the booking the link opens, kept
 * by no cache and no search engine (the link's secret is in its address).
 */
async function sendGuestPage(ctx: Context, r: PageRenderer, code: string, data: PageData, opts: LivePagesOptions) {
  const token = typeof ctx.query.t === 'string' ? ctx.query.t : '';
  let guestBooking: GuestBooking | null = null;
  // A page without a secret looks nothing up, and costs nothing.
  if (token) {
    try {
      opts.spendGuestLookup?.(ctx.ip);
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'RATE_LIMITED') throw err;
      return sendRateLimited(ctx, err);
    }
  }
  try {
    guestBooking = token ? (opts.guestBooking?.(code, token) ?? null) : null;
  } catch {
    // Unknown code or wrong secret: the page says it found nothing.
  }
  const page = await compress(await r.renderPage(ctx.path, { ...data, guestBooking }));
  send(ctx, page, false);
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Referrer-Policy', 'no-referrer');
}

async function loadRenderer(entry: string, log: Logger): Promise<PageRenderer | null> {
  if (!fs.existsSync(entry)) return null;
  try {
    const mod = (await import(pathToFileURL(entry).href)) as Partial<PageRenderer>;
    if (typeof mod.renderPage !== 'function' || !Array.isArray(mod.publicPaths) || typeof mod.notFoundPath !== 'string')
      throw new Error('it does not export renderPage, publicPaths and notFoundPath');
    return mod as PageRenderer;
  } catch (err) {
    log.error(`the website's server build ${entry} cannot be loaded; serving static files only`, err);
    return null;
  }
}

async function compress(page: RenderedPage): Promise<CachedPage> {
  const html = Buffer.from(page.html);
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        // 11 saves another tenth for several times the work; pages change with every write.
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip(html, { level: 9 }),
  ]);
  // Weak: one validator for the three encodings of the same HTML.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return { status: page.status, etag, html, br, gzip: gz, scriptHashes: page.scriptHashes ?? [] };
}

/** `stored: false`: a page for one request alone, which no cache may keep (no validator either). */
function send(ctx: Context, page: CachedPage, stored = true) {
  // A static 404 answer may have been prepared already; only this page's headers count.
  for (const h of ['Content-Encoding', 'Last-Modified', 'Accept-Ranges']) ctx.remove(h);
  ctx.status = page.status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.state.scriptHashes = page.scriptHashes;
  // Browsers and CDNs may keep a page but must ask again (a cheap 304) before showing it.
  ctx.set('Cache-Control', stored ? 'no-cache' : 'no-store');
  ctx.vary('Accept-Encoding');
  if (stored) ctx.etag = page.etag;
  if (stored && page.status === 200 && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
  // Koa sends the length and no body for HEAD.
  ctx.body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
}

/**
 * Every public page and the 404 page, rendered by the website's server build from the live data.
 * Each page is rendered (and compressed) once per data version: the request after a write that
 * changes what pages show gets the new page. /login, /admin, assets, sitemap and robots stay
 * static files (the next middleware); so does everything when the site has no server build.
 */
export function livePages(opts: LivePagesOptions): Middleware {
  // Loaded now, not by the first visitor: importing the server build takes a moment.
  const renderer = loadRenderer(opts.entry, opts.log);
  const pages = new Map<string, Promise<CachedPage>>();
  let seenVersion = -1;
  let seenToday = '';
  /** When the cabin's day (and so the availability window) next moves. */
  let dayEnds = 0;
  let data: PageData | undefined;
  let dataJson = '';

  /**
   * The data as of now; the cached pages are dropped only when what they show has changed. A
   * new day at the cabin moves the availability window even when nothing was written.
   */
  const currentData = (): PageData => {
    const today = todayAtCabin(new Date(opts.clock.now()));
    if (data === undefined || opts.store.version !== seenVersion || today !== seenToday) {
      seenVersion = opts.store.version;
      seenToday = today;
      dayEnds = nextDayStartAtCabin(new Date(opts.clock.now()));
      const next = pageDataOf(opts, today);
      const json = JSON.stringify(next);
      if (json !== dataJson) {
        data = next;
        dataJson = json;
        pages.clear();
      }
    }
    return data!;
  };

  const page = (r: PageRenderer, path: string): Promise<CachedPage> => {
    const d = currentData();
    let cached = pages.get(path);
    if (!cached) {
      cached = r.renderPage(path, d).then(compress);
      pages.set(path, cached);
      // A failed render is not kept: the next request tries again.
      cached.catch(() => {
        if (pages.get(path) === cached) pages.delete(path);
      });
    }
    return cached;
  };

  const skip = (p: string) => opts.skipPrefixes.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));

  return async (ctx, next) => {
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    const r = (read || ctx.method === 'POST') && !skip(ctx.path) ? await renderer : null;
    const path = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, '') : ctx.path;
    // The review page's form is the one page a browser posts to.
    const reviewCode = r ? r.isReviewPath?.(path) : null;
    if (r && reviewCode) return sendReviewPage(ctx, r, reviewCode, currentData(), opts);
    if (!r || !read) {
      await next();
      return;
    }
    const guestCode = r.isGuestBookingPath?.(path);
    if (guestCode) return sendGuestPage(ctx, r, guestCode, currentData(), opts);
    if (r.publicPaths.includes(path)) {
      // The version the page is rendered from (page() reads the data at this version).
      const version = opts.store.version;
      const cached = await page(r, path);
      send(ctx, cached);
      // The same bytes for every anonymous visitor until the next write: the replay cache may send
      // them again without running the app (like the public JSON lists).
      // Until the next write, or the cabin's midnight (the calendar's window starts "today").
      if (cached.status === 200) markReplayable(ctx, version, dayEnds);
      return;
    }
    // The client build's bare template is baked into the server build; it is no page of its own.
    if (path === '/index.html') return send(ctx, await page(r, r.notFoundPath));
    const notFoundPath = r.notFoundPathFor?.(path) ?? r.notFoundPath;
    await next();
    // No static file either: the site's own 404 page, the same for every such path.
    if (ctx.status === 404 && (ctx.body === null || ctx.body === undefined || ctx.response.is('html'))) {
      send(ctx, await page(r, notFoundPath));
    }
  };
}
