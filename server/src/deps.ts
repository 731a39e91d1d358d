import type { Clock } from './clock';
import type { Config } from './env';
import type { Store } from './db/store';
import type { Sessions } from './auth/sessions';
import type { ImageService } from './images/image-service';
import type { FormTokens } from './forms/form-token';
import type { CalendarService } from './calendar/calendar-service';
import type { EnquiryService } from './enquiries/enquiry-service';
import type { SettingsService } from './settings/settings-service';
import type { BookingService } from './bookings/booking-service';
import type { OutboxService } from './bookings/outbox';
import type { RegistrationService } from './registration/registration-service';
import type { TraFiler } from './registration/tra';
import type { PaymentService } from './payments/payment-service';
import { Limiter, SharedBudget } from './auth/rate-limits';
import { LINK_RECOVERY_PER_BOOKING, LINK_RECOVERY_PER_CLIENT } from './bookings/link-recovery';
import { LoginGuard } from './auth/login-guard';
import type { Logger } from './lib/logger';

export interface Limiters {
  login: LoginGuard;
  enquiryClient: Limiter;
  enquiryGlobal: SharedBudget;
  uploadClient: Limiter;
  uploadGlobal: SharedBudget;
  /** Receipts a guest's client may upload per window. */
  receiptClient: Limiter;
  /** Online payment attempts and checks one client may make per hour (each may call the gateway). */
  onlinePaymentClient: Limiter;
  /** Messages a day booking requests may send to one guest address (keyed by its HMAC). */
  guestMailAddress: Limiter;
  /** Look-ups of private booking links one client may make per hour. */
  guestLinkClient: Limiter;
  /** Lost-link requests per client (issue 32): a Spanish 429 past it. */
  linkRecoveryClient: Limiter;
  /** Lost-link e-mails per booking (issue 32): never answered, past it nothing more is sent. */
  linkRecoveryBooking: Limiter;
}

/** Everything the app needs, built once by start.ts and passed into createApp. */
export interface AppDeps {
  config: Config;
  store: Store;
  sessions: Sessions;
  images: ImageService;
  formTokens: FormTokens;
  limiters: Limiters;
  /** Availability, seasons, blocks, the owner's other calendars and our export. */
  calendar: CalendarService;
  enquiries: EnquiryService;
  /** The price per person and the business facts. */
  settings: SettingsService;
  /** The booking lifecycle (issue 21) and its e-mail. */
  bookings: BookingService;
  outbox: OutboxService;
  /** Guest registration for the TRA and SIRE (issue 34). */
  registration: RegistrationService;
  /** The TRA filing with MinCIT (issue 34). */
  tra: TraFiler;
  /** Online payment of the deposit (issue 22). */
  payments: PaymentService;
  log: Logger;
  clock: Clock;
}

const WAIT = 'Demasiados intentos. Espera un momento e inténtalo de nuevo.';

export function createLimiters(c: Config, clock: Clock): Limiters {
  const now = () => clock.now();
  return {
    login: new LoginGuard({
      perClientAccount: c.loginMaxFailuresPerAccount,
      perClient: c.loginMaxFailuresPerClient,
      windowMs: c.loginWindowMs,
      slowdownAfter: c.loginSlowdownAfter,
      checksAtOnce: c.loginChecksAtOnce,
      checksWaiting: c.loginChecksWaiting,
      now,
    }),
    enquiryClient: new Limiter(
      c.enquiriesPerClient,
      c.enquiryWindowMs,
      'Has enviado muchos mensajes seguidos. Espera un rato o escríbenos por WhatsApp.',
      { now },
    ),
    enquiryGlobal: new SharedBudget(
      c.enquiriesGlobal,
      c.enquiriesPerNetwork,
      c.enquiryWindowMs,
      'Estamos recibiendo muchos mensajes. Inténtalo más tarde o escríbenos por WhatsApp.',
      { now },
    ),
    uploadClient: new Limiter(
      c.publicUploadsPerClient,
      c.publicUploadWindowMs,
      'Has subido muchas fotos seguidas. Espera un rato antes de subir más.',
      { now },
    ),
    uploadGlobal: new SharedBudget(c.publicUploadsGlobal, c.publicUploadsPerNetwork, c.publicUploadWindowMs, WAIT, {
      now,
    }),
    receiptClient: new Limiter(
      c.publicUploadsPerClient,
      c.publicUploadWindowMs,
      'Has subido muchos comprobantes seguidos. Espera un rato o envíalo por WhatsApp.',
      { now },
    ),
    onlinePaymentClient: new Limiter(
      c.onlinePaymentsPerClient,
      3_600_000,
      'Hiciste muchos intentos de pago seguidos. Espera un rato o escríbenos por WhatsApp.',
      { now },
    ),
    // Never answered: `GuestMailRation` only counts and asks.
    guestMailAddress: new Limiter(c.guestMailsPerAddress, 24 * 3_600_000, '', { now }),
    linkRecoveryClient: new Limiter(
      LINK_RECOVERY_PER_CLIENT,
      3_600_000,
      'Pediste el enlace muchas veces seguidas. Espera un rato o escríbenos por WhatsApp.',
      { now },
    ),
    linkRecoveryBooking: new Limiter(LINK_RECOVERY_PER_BOOKING, 24 * 3_600_000, '', { now }),
    guestLinkClient: new Limiter(
      c.guestLinkLookupsPerClient,
      3_600_000,
      'Abriste el enlace de la reserva muchas veces seguidas. Espera un rato e inténtalo de nuevo.',
      { now },
    ),
  };
}
