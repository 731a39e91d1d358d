import { GuestMailRation, InstantHoldGuard } from './bookings/request-guards';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { ConfigError, type Config } from './env';
import { systemClock, type Clock } from './clock';
import { passwordProblem } from './auth/password-rules';
import { writeInitialPassword } from './auth/initial-password';
import type { AppDeps } from './deps';
import type { Logger } from './lib/logger';
import { createLimiters } from './deps';
import { createApp } from './app';
import { newSecretToken, openStore, type Store, type StoreOptions } from './db/store';
import { lockDataDir } from './db/lock';
import { generatePassword, getDummyHash, hashPassword } from './auth/password';
import { Sessions } from './auth/sessions';
import { ImageService } from './images/image-service';
import { FormTokens } from './forms/form-token';
import { seedSamplePhotos } from './seed';
import { CalendarSync } from './calendar/calendar-sync';
import { CALENDAR_LIMITS } from '@cabana/shared/domain/config/calendar';
import { retentionCutoff, startEnquiryRetention } from './forms/enquiry-retention';
import { startPendingPhotoRetention } from './images/pending-retention';
import { startAutoBackups } from './backup/backup';
import { limitConnections, overLimit, withBodyTimeout } from './http-guards';
import { API_PREFIX } from '@cabana/shared/api/http';
import { API } from '@cabana/shared/api/contract';
import { CalendarService } from './calendar/calendar-service';
import { EnquiryService } from './enquiries/enquiry-service';
import { SettingsService } from './settings/settings-service';
import { PaymentService } from './payments/payment-service';
import { RegistrationService } from './registration/registration-service';
import { TraFiler } from './registration/tra';
import { WompiKeys } from './payments/wompi-keys';
import { BookingService } from './bookings/booking-service';
import { OutboxService } from './bookings/outbox';
import { runPeriodically } from './lib/periodic';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import path from 'node:path';

const UPLOAD_PATH = `${API_PREFIX}${API.uploadImage.path}`;
/** The guest's receipt upload: `/api/reserva/<code>/comprobantes`. */
const RECEIPT_UPLOAD = new RegExp(`^${API_PREFIX}${API.uploadGuestReceipt.path.replace(':code', '[A-Z0-9]+')}$`);
/** How often holds, completions and reminders are looked at (and once at start). */
const BOOKING_TIMERS_MS = 60_000;

export interface RunningServer {
  /** http://host:port (127.0.0.1 when listening on every interface). */
  url: string;
  port: number;
  app: Koa;
  deps: AppDeps;
  adminEmail: string;
  /** Set only on the first start when no ADMIN_PASSWORD was given: the file holding the generated password. */
  initialPasswordFile?: string;
  /** Resolves when the sample photos of a first start are in (at once when there is nothing to do). */
  seeding: Promise<void>;
  close(): Promise<void>;
}

export const consoleLogger: Logger = {
  info: (msg) => console.info(`[${new Date().toISOString()}] ${msg}`),
  error: (msg, err) => console.error(`[${new Date().toISOString()}] ${msg}`, err ?? ''),
};

/** First start: the admin from ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password (in a 0600 file). */
async function ensureAdmin(store: Store, config: Config, clock: Clock): Promise<string | undefined> {
  if (store.data.admin) return undefined;
  const problem = config.adminPassword === undefined ? undefined : passwordProblem(config.adminPassword);
  if (problem) throw new ConfigError(`ADMIN_PASSWORD ${problem} (the same rule as npm run reset-password)`);
  const generated = config.adminPassword === undefined ? generatePassword() : undefined;
  store.data.admin = {
    email: config.adminEmail,
    passwordHash: await hashPassword(config.adminPassword ?? generated!),
    passwordChangedAt: new Date(clock.now()).toISOString(),
  };
  await store.save();
  return generated === undefined ? undefined : writeInitialPassword(config.dataDir, config.adminEmail, generated);
}

/**
 * Opens the data folder (locked), prepares everything and listens. Used by main.ts and the tests;
 * tests pass a clock they can move forward, and the disk-failure test a store with a failing fs.
 */
export async function startServer(
  config: Config,
  log: Logger = consoleLogger,
  clock: Clock = systemClock,
  storeOptions: StoreOptions = {},
): Promise<RunningServer> {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(config.dataDir, 'the Cabaña server');
  let server: http.Server | undefined;
  const now = () => clock.now();
  let stopRetention: (() => void) | undefined;
  try {
    const store = await openStore(config.dataDir, {
      compactBytes: config.storeCompactBytes,
      verify: config.verifyStore,
      onError: (err) => log.error('store: writing the journal out failed (the journal keeps every change)', err),
      ...storeOptions,
    });
    const initialPasswordFile = await ensureAdmin(store, config, clock);
    // Ready before the first login, so an unknown e-mail never costs an extra hash the first time.
    await getDummyHash();
    const images = new ImageService(store, config.dataDir, {
      publicUrl: config.publicUrl,
      concurrency: config.imageConcurrency,
      maxWaiting: config.imageQueueMax,
      now,
      pending: { maxCount: config.pendingPhotosMax, maxBytes: config.pendingPhotosMaxBytes },
    });
    await images.files.init();
    const { removed } = await images.sweep();
    if (removed.length > 0) log.info(`start-up sweep removed ${removed.length} leftover(s): ${removed.join(', ')}`);
    for (const img of store.data.images) {
      const missing = await images.files.missingFiles(img.id, img.files);
      if (missing.length > 0) log.error(`image ${img.id} is missing files: ${missing.join(', ')}`);
    }
    await images.measurePending();

    // Data files from before calendar sync get their export link's secret once, and keep it.
    if (!store.data.calendar.exportToken) {
      store.data.calendar.exportToken = newSecretToken();
      await store.save();
    }
    const calendar = new CalendarSync(store, {
      intervalMs: config.icalSyncMinutes * 60_000,
      timeoutMs: config.icalFetchTimeoutMs,
      maxBytes: CALENDAR_LIMITS.feedMaxBytes,
      maxRedirects: CALENDAR_LIMITS.feedMaxRedirects,
      allowPrivate: config.icalAllowPrivateHosts,
      log,
      // The server's clock, so a feed's back-off (`retryAt`) can be aged in tests.
      now: () => new Date(clock.now()),
    });

    const retentions = [
      startEnquiryRetention(store, config.enquiryRetentionMonths, log),
      startPendingPhotoRetention(images, config.pendingPhotoRetentionDays, log, now),
    ];
    const stopRetentions = () => retentions.forEach((r) => r.stop());
    stopRetention = stopRetentions;
    await Promise.all(retentions.map((r) => r.ready));

    const formTokens = new FormTokens(store, { minFillMs: config.formMinFillMs, maxAgeMs: config.formMaxAgeMs, now });
    const limiters = createLimiters(config, clock);
    const enquiries = new EnquiryService({
      store,
      formTokens,
      limits: { perClient: limiters.enquiryClient, global: limiters.enquiryGlobal },
      log,
      now,
    });
    // Wompi's keys: the environment's, else those the owner pasted in Ajustes (issue 33).
    const wompiKeys = new WompiKeys({ dataDir: config.dataDir, env: config.wompi, urls: config.wompiUrls, log });
    await wompiKeys.load();
    // Requests of the old reservation form are archived once (issue 33): stays are asked for in Reservas.
    const archived = await enquiries.archiveReservations();
    if (archived > 0) log.info(`enquiries: archived ${archived} request(s) of the old reservation form`);
    const publicOrigin = config.publicUrl ?? BUSINESS.siteUrl;
    const outbox = new OutboxService({
      store,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      messageIdDomain: new URL(publicOrigin).hostname,
      sendTimeoutMs: config.smtpTimeoutMs,
      log,
      now,
    });
    const bookings = new BookingService({
      store,
      enquiries,
      outbox,
      publicOrigin,
      receiptsDir: path.join(config.dataDir, 'receipts'),
      receiptsMaxBytes: config.receiptsMaxBytes,
      onlinePaymentEnabled: () => wompiKeys.config() !== undefined,
      guestMails: new GuestMailRation(limiters.guestMailAddress, () => store.data.secrets.formTokenKey),
      instantHolds: new InstantHoldGuard(),
      log,
      now,
      pendingRequestsMax: config.pendingBookingsMax,
    });
    // Bookings made before their terms were stored get them once (issue 29), before anything reads them.
    const migrated = await bookings.freezeMissingTerms();
    if (migrated > 0) log.info(`bookings: stored today's terms with ${migrated} older booking(s)`);
    const tra = new TraFiler({
      store,
      apiUrl: config.traApiUrl,
      token: config.traToken,
      log,
      now,
      onFailing: (booking) => {
        outbox.write('owner-tra-failing', {
          booking,
          settings: store.data.settings,
          guestLink: bookings.guestLink(booking),
          panelLink: `${publicOrigin}/admin`,
        });
      },
      kick: () => void outbox.kick(),
    });
    // A filing a previous process left mid-call is never sent again (registration/tra.ts).
    await tra.recover();
    const registration = new RegistrationService({
      store,
      bookings,
      outbox,
      panelLink: `${publicOrigin}/admin`,
      now,
      afterSave: () => void tra.run().catch((err: unknown) => log.error('tra: filing failed', err)),
    });
    // Holds that lapsed while the server was down lapse now, before the first request.
    const bookingTimers = runPeriodically(
      async () => {
        await bookings.runTimers();
        await registration.runTimers();
        // Not awaited: MinCIT down (30 s per call) must not hold up expiries, purges and retention.
        void tra.run().catch((err: unknown) => log.error('tra: filing failed', err));
        const purged = await registration.purgeIdentities();
        if (purged > 0) log.info(`retention: purged the guests' identity data of ${purged} booking(s)`);
        const lapsed = await bookings.expireRequests();
        if (lapsed > 0) log.info(`bookings: ${lapsed} request(s) lapsed unanswered`);
        const removed = await bookings.forget(retentionCutoff(config.enquiryRetentionMonths, now()));
        if (removed > 0)
          log.info(`retention: deleted ${removed} booking(s) older than ${config.enquiryRetentionMonths} months`);
      },
      BOOKING_TIMERS_MS,
      (err) => log.error('bookings: the timers failed', err),
    );
    retentions.push(bookingTimers);
    await bookingTimers.ready;
    const deps: AppDeps = {
      config,
      store,
      sessions: new Sessions(store, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now }),
      images,
      formTokens,
      limiters,
      calendar: new CalendarService({ store, sync: calendar, config, log, now }),
      enquiries,
      settings: new SettingsService({ store, now }),
      bookings,
      outbox,
      registration,
      tra,
      payments: new PaymentService({
        keys: wompiKeys,
        bookings,
        publicOrigin: config.publicUrl ?? BUSINESS.siteUrl,
        log,
        now,
        // A save with nothing to write moves the version: the pages' cache is rebuilt.
        keysChanged: () => store.save(),
      }),
      log,
      clock,
    };
    const app = createApp(deps);
    const srv = http.createServer();
    server = srv;
    const refuse = limitConnections(srv, {
      total: config.maxConnections,
      perClient: config.trustProxy > 0 ? undefined : config.maxConnectionsPerClient,
    });
    const callback = app.callback();
    // Koa's handler answers its own errors; its promise carries nothing to wait for.
    const handle = withBodyTimeout((req, res) => void callback(req, res), {
      bodyMs: config.bodyTimeoutMs,
      uploadMs: config.uploadTimeoutMs,
      isUpload: (req) => {
        const p = (req.url ?? '').split('?')[0]!;
        return req.method === 'POST' && (p === UPLOAD_PATH || RECEIPT_UPLOAD.test(p));
      },
    });
    srv.on('request', (req, res) => (overLimit(req) ? refuse(req, res) : handle(req, res)));
    // Node's limit is one for the whole server: the uploads' long one (the rest is shorter, above).
    srv.requestTimeout = config.uploadTimeoutMs;
    // Headers must still arrive promptly.
    srv.headersTimeout = 30 * 1000;
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(config.port, config.host || undefined, () => {
        srv.off('error', reject);
        resolve();
      });
    });
    const { port } = srv.address() as AddressInfo;
    const host = !config.host || config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

    calendar.start();
    outbox.start();
    const backups = config.backupDir
      ? startAutoBackups(config.dataDir, {
          dir: config.backupDir,
          keep: config.backupKeep,
          everyMs: config.backupEveryHours * 3_600_000,
          log,
          now,
        })
      : undefined;
    let closing = false;
    const seeding = config.seedSamplePhotos
      ? seedSamplePhotos(config.seedDir, store, images, log).then(
          () => undefined,
          (err) => {
            if (!closing) log.error('seeding sample photos failed', err);
          },
        )
      : Promise.resolve();

    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      port,
      app,
      deps,
      adminEmail: store.data.admin!.email,
      ...(initialPasswordFile ? { initialPasswordFile } : {}),
      seeding,
      async close() {
        closing = true;
        // First, so a sync waiting on a slow feed does not hold the shutdown up.
        await calendar.stop();
        await outbox.stop();
        await new Promise<void>((resolve) => {
          srv.close(() => resolve());
          srv.closeIdleConnections();
          setTimeout(() => srv.closeAllConnections(), 2000).unref();
        });
        await seeding;
        await backups?.stop();
        stopRetentions();
        await store.close();
        lock.release();
      },
    };
  } catch (err) {
    stopRetention?.();
    server?.close();
    lock.release();
    throw err;
  }
}
