import nodemailer from 'nodemailer';
import { isOwnerMailKind, type MailKind, type Outbox, type OutboxEntry } from '@cabana/shared/domain/schemas/booking';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import type { Store } from '../db/store';
import type { StoredMail } from '../db/schema';
import type { Logger } from '../lib/logger';
import { newRecordId } from '../lib/ids';
import { crashPoint } from '../lib/crash-points';
import { renderMail } from './mail/render';
import type { MailContext } from './mail/draft';

/** Waits between attempts: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h. */
const RETRY_BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000] as const;
/** How often the sender looks for due messages beside the kick after each save. */
const SWEEP_MS = 30_000;
/** Sent messages are kept this long (the panel's "sent" trail), then dropped. */
const KEEP_SENT_MS = 30 * 24 * 3_600_000;
/** Messages sent (or failed) between two saves of their marks while the outbox drains. */
const MARK_BATCH = 25;
const ERROR_MAX = 300;

/** What sends one message: nodemailer's SMTP transport, or what a test puts in its place. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
    attachments?: { filename: string; content: string; contentType: string }[];
  }): Promise<unknown>;
}

export interface OutboxDeps {
  store: Store;
  /** SMTP_URL; undefined: nothing is sent, messages wait for the owner to send them by hand. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The site's host name (PUBLIC_URL's, else the business's site): the right side of every Message-ID. */
  messageIdDomain: string;
  log: Logger;
  now: () => number;
  /** Tests: a transport instead of the SMTP one. */
  transport?: MailTransport;
  /** Longest one message may take to send (SMTP_TIMEOUT_SECONDS): past it, it counts as failed and waits its back-off. */
  sendTimeoutMs: number;
}

/** Where the owner's alerts go: the notification setting, else the admin account's e-mail (the public contact one last, before any admin exists). */
function ownerAlertAddress(
  settings: Pick<Settings, 'notificationEmail' | 'email'>,
  admin: { email: string } | null,
): string {
  return settings.notificationEmail || admin?.email || settings.email;
}

/**
 * The outbox (issue 21): a transition writes its messages into `store.data.outbox` in the same
 * save as the transition (`write`, then the caller saves), so a crash leaves both or neither.
 * After the save, `kick` sends what is due; a failure waits RETRY_BACKOFF_MS and tries again,
 * across restarts, so nothing is lost to a crash or an SMTP outage (a crash between a message
 * going out and being marked sent sends it again: at least once, never zero times). Every
 * attempt of an entry carries the same Message-ID (`<entry id@site host>`), so mail clients that
 * dedupe by it show such a second copy once.
 */
export class OutboxService {
  readonly #transport: MailTransport | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(private readonly deps: OutboxDeps) {
    this.#transport =
      deps.transport ??
      (deps.smtpUrl
        ? nodemailer.createTransport({
            url: deps.smtpUrl,
            connectionTimeout: deps.sendTimeoutMs,
            greetingTimeout: deps.sendTimeoutMs,
            socketTimeout: deps.sendTimeoutMs,
          })
        : undefined);
  }

  get configured(): boolean {
    return this.#transport !== undefined;
  }

  /** Renders the message of `kind` for the booking and adds it to the outbox; the caller's save stores both. */
  write(kind: MailKind, ctx: MailContext): void {
    const { booking, settings } = ctx;
    const toOwner = isOwnerMailKind(kind);
    const mail = renderMail(kind, ctx);
    const entry: StoredMail = {
      id: newRecordId(),
      bookingId: booking.id,
      code: booking.code,
      kind,
      // Owner alerts go to the notification address (issue 29), never to the public contact e-mail.
      to: toOwner ? ownerAlertAddress(settings, this.deps.store.data.admin) : booking.email,
      // The guest's phone, for the WhatsApp link offered when the message cannot be sent.
      ...(!toOwner && booking.phone ? { phone: booking.phone } : {}),
      ...mail,
      createdAt: new Date(this.deps.now()).toISOString(),
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
      sentAt: null,
    };
    this.deps.store.data.outbox.push(entry);
  }

  /** Starts the periodic sweep (and a first pass for what an earlier run left unsent). */
  start(): void {
    void this.kick();
    this.#timer = setInterval(() => void this.kick(), SWEEP_MS);
    this.#timer.unref();
  }

  /** Stops the sweep and waits for a pass under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Sends what is due, after the current pass if one runs. Never throws (failures are recorded on the message). */
  kick(): Promise<void> {
    if (this.#stopped || !this.#transport) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#pass();
      } while (this.#again && !this.#stopped);
    })()
      .catch((err: unknown) => this.deps.log.error('outbox: a sending pass failed', err))
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  async #pass(): Promise<void> {
    const { store, now } = this.deps;
    if (this.#prune()) await store.save();
    const at = now();
    // Found on the plain data once per pass: a scan through the tracking proxies costs far more.
    const due = store.view.outbox.filter(
      (m) => m.sentAt === null && (m.nextAttemptAt === null || Date.parse(m.nextAttemptAt) <= at),
    );
    let marked = 0;
    let from = 0;
    for (const found of due) {
      if (this.#stopped) break;
      // The record through the tracking proxies, if it is still there and still unsent. `due` is
      // in the list's order, so the search goes on from the last one found (linear per pass).
      let index = store.view.outbox.indexOf(found, from);
      if (index < 0) index = store.view.outbox.indexOf(found);
      if (index < 0 || found.sentAt !== null) continue;
      from = index + 1;
      const entry = store.data.outbox[index]!;
      try {
        // One hung server must not hold the whole outbox (issue 28, item 8): each message has its time.
        await withTimeout(
          this.#transport!.sendMail({
            from: this.deps.mailFrom,
            to: entry.to,
            subject: entry.subject,
            text: entry.text,
            html: entry.html,
            ...(entry.ics
              ? {
                  attachments: [
                    {
                      filename: `reserva-${entry.code}.ics`,
                      content: entry.ics,
                      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                    },
                  ],
                }
              : {}),
            // The same on every attempt: a copy sent again after a crash is one message to clients that dedupe.
            messageId: `<${entry.id}@${this.deps.messageIdDomain}>`,
          }),
          this.deps.sendTimeoutMs,
        );
        crashPoint('mail:sent-not-marked');
        entry.sentAt = new Date(now()).toISOString();
        entry.lastError = null;
        entry.nextAttemptAt = null;
      } catch (err) {
        const wait = RETRY_BACKOFF_MS[Math.min(entry.attempts, RETRY_BACKOFF_MS.length - 1)]!;
        entry.lastError = describe(err);
        entry.nextAttemptAt = new Date(now() + wait).toISOString();
        this.deps.log.info(
          `outbox: ${entry.kind} for ${entry.code} not sent (${entry.lastError}); next try in ${wait / 60_000} min`,
        );
      }
      entry.attempts += 1;
      // Marked in batches: draining a long outbox costs one small save per MARK_BATCH messages,
      // not one per message. A crash before the save sends the unmarked ones again (same Message-ID).
      if (++marked % MARK_BATCH === 0) await store.save();
    }
    if (marked % MARK_BATCH !== 0) await store.save();
  }

  /** Drops sent messages older than KEEP_SENT_MS; true when any went (the caller saves). */
  #prune(): boolean {
    const cutoff = this.deps.now() - KEEP_SENT_MS;
    const old = (m: StoredMail) => m.sentAt !== null && Date.parse(m.sentAt) < cutoff;
    // Looked for on the plain data: the list changes (through the proxies) only when some go.
    if (!this.deps.store.view.outbox.some(old)) return false;
    const all = this.deps.store.data.outbox;
    all.splice(0, Infinity, ...this.deps.store.view.outbox.filter((m) => !old(m)));
    return true;
  }

  /** The owner's view: whether SMTP is configured, and every message not sent yet, newest first. */
  view(): Outbox {
    const unsent = this.deps.store.view.outbox.filter((m) => m.sentAt === null);
    return {
      smtpConfigured: this.configured,
      entries: newestFirst(unsent, (m) => m.createdAt).map(entryView),
    };
  }

  /**
   * Makes one unsent message (or all) due now, saves, and answers at once: the sending goes on in
   * the background (a hung SMTP server would otherwise hold the owner's request for minutes).
   */
  async retry(id: string | undefined): Promise<Outbox> {
    const { store } = this.deps;
    let changed = false;
    for (const m of store.data.outbox) {
      if (m.sentAt !== null || (id !== undefined && m.id !== id) || m.nextAttemptAt === null) continue;
      m.nextAttemptAt = null;
      changed = true;
    }
    if (changed) await store.save();
    void this.kick();
    return this.view();
  }

  /** Forgets the messages of bookings removed by retention (the caller saves). */
  forgetBookings(ids: ReadonlySet<string>): void {
    const kept = this.deps.store.view.outbox.filter((m) => !ids.has(m.bookingId));
    if (kept.length !== this.deps.store.view.outbox.length) this.deps.store.data.outbox.splice(0, Infinity, ...kept);
  }
}

/** The send, or a timeout error once `ms` have passed (the send itself is left to nodemailer's own timeouts). */
function withTimeout<T>(sending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer from the SMTP server in ${ms / 1000} s`), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer));
}

/** The reason a send failed, short, without the server's URL (it may carry a password). */
function describe(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [
    typeof e.code === 'string' ? e.code : '',
    typeof e.responseCode === 'number' ? String(e.responseCode) : '',
    typeof e.message === 'string' ? e.message.replace(/smtps?:\/\/\S+/gi, 'smtp://…') : String(err),
  ].filter(Boolean);
  return parts.join(' ').slice(0, ERROR_MAX);
}

/** wa.me wants digits only, country code first; a Colombian mobile typed without it gets 57. */
function whatsappNumber(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 && digits.startsWith('3')) return `57${digits}`;
  return digits.length >= 8 && digits.length <= 15 ? digits : undefined;
}

function entryView(m: StoredMail): OutboxEntry {
  const mailto = `mailto:${encodeURIComponent(m.to)}?subject=${encodeURIComponent(m.subject)}&body=${encodeURIComponent(m.text)}`;
  const wa = m.phone ? whatsappNumber(m.phone) : undefined;
  return {
    id: m.id,
    bookingId: m.bookingId,
    code: m.code,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    text: m.text,
    createdAt: m.createdAt,
    attempts: m.attempts,
    lastError: m.lastError,
    nextAttemptAt: m.nextAttemptAt,
    mailto,
    ...(wa ? { whatsapp: `https://wa.me/${wa}?text=${encodeURIComponent(m.text)}` } : {}),
  };
}
