import { can, refusal, type LifecycleAction } from '@cabana/shared/domain/bookings/lifecycle';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { Actor, Booking } from '@cabana/shared/domain/schemas/booking';
import {
  registrationComplete,
  type GuestIdentity,
  type RegistrationView,
} from '@cabana/shared/domain/schemas/registration';
import type { RegistrationStatus } from '@cabana/shared/domain/schemas/sire';
import { monthRange, sireConfigured, sireFile, sireFileName, sireMonths, sirePending, type SireFile } from './sire';
import { traProblem } from './tra';
import type { Store } from '../db/store';
import type { BookingService } from '../bookings/booking-service';
import type { OutboxService } from '../bookings/outbox';
import { conflict, invalidInput } from '../domain-errors';

export interface RegistrationServiceDeps {
  store: Store;
  bookings: BookingService;
  outbox: OutboxService;
  /** The owner's panel, for the e-mails' context. */
  panelLink: string;
  now: () => number;
  /** After a registration is saved: the TRA filing looks whether the party is now due (a completion on or after arrival day). */
  afterSave?: () => void;
}

/** Days before arrival the check-in reminders go, each once, while the registration is incomplete. */
const REGISTRATION_REMINDER_DAYS = [7, 2] as const;

/**
 * Guest registration (issue 34): the party's identity data for MinCIT's TRA and Migración's
 * SIRE, kept on the booking (`booking.registration`). The guest fills it from the private link
 * while the lifecycle table allows `registerGuests`; the owner fills or corrects it
 * (`correctRegistration`). Each change is one save of the store.
 */
export class RegistrationService {
  constructor(private readonly deps: RegistrationServiceDeps) {}

  view(b: Booking): RegistrationView {
    return {
      code: b.code,
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      numPeople: b.numPeople,
      guests: b.registration?.guests ?? [],
      complete: registrationComplete(b.registration, b.numPeople),
      updatedAt: b.registration?.updatedAt ?? null,
    };
  }

  #allow(b: Booking, action: LifecycleAction, by: Actor): void {
    if (!can(action, b, this.deps.now(), by)) throw conflict(refusal(action));
  }

  forGuest(code: string, token: string): RegistrationView {
    const booking = this.deps.bookings.bookingOfLink(code, token);
    this.#allow(booking, 'registerGuests', 'huesped');
    return this.view(booking);
  }

  async saveByGuest(code: string, token: string, guests: GuestIdentity[]): Promise<RegistrationView> {
    const booking = this.deps.bookings.bookingOfLink(code, token);
    this.#allow(booking, 'registerGuests', 'huesped');
    return this.#save(booking, guests, 'huesped');
  }

  forOwner(id: string): RegistrationView {
    return this.view(this.deps.bookings.get(id));
  }

  async saveByOwner(id: string, guests: GuestIdentity[]): Promise<RegistrationView> {
    const booking = this.deps.bookings.get(id);
    this.#allow(booking, 'correctRegistration', 'propietario');
    return this.#save(booking, guests, 'propietario');
  }

  /** The owner's view of the registration duties: MinCIT's token, the SIRE codes, the SIRE months. */
  status(traConfigured: boolean): RegistrationStatus {
    const { data } = this.deps.store;
    return {
      traConfigured,
      sireConfigured: sireConfigured(data.settings),
      months: sireMonths(data.bookings, data.settings, data.sireUploads, this.#today()),
    };
  }

  /** The SIRE file of a range of dates (409 until the lodging's SIRE codes are set). */
  sireFile(desde: string, hasta: string): SireFile & { fileName: string } {
    const { settings, bookings } = this.deps.store.data;
    if (!sireConfigured(settings)) {
      throw conflict(
        'Antes de generar el archivo del SIRE, escribe en Ajustes el código del establecimiento en el SIRE y el código DIVIPOLA de la ciudad.',
      );
    }
    return {
      ...sireFile(bookings, settings, desde, hasta, this.#today()),
      fileName: sireFileName(settings.sireHotelCode, desde, hasta),
    };
  }

  /** The owner uploaded a month's file to the SIRE portal: remembered with its movements now. */
  async markSireUploaded(month: string): Promise<void> {
    const { store } = this.deps;
    const { desde, hasta } = monthRange(month);
    const { movements } = sireFile(store.data.bookings, store.data.settings, desde, hasta, this.#today());
    const at = new Date(this.deps.now()).toISOString();
    store.data.sireUploads = [...store.data.sireUploads.filter((u) => u.month !== month), { month, at, movements }];
    await store.save();
  }

  #today(): string {
    return todayAtCabin(new Date(this.deps.now()));
  }

  /**
   * The check-in reminders (a timer, with the injected clock): 7 and then 2 days before arrival,
   * each once, to a confirmed booking whose party is not all registered. A booking made later
   * than a reminder's day gets only the next one still ahead. One save for all of them.
   */
  async runTimers(): Promise<number> {
    const { store, now } = this.deps;
    const at = now();
    const today = todayAtCabin(new Date(at));
    let written = 0;
    for (const booking of store.data.bookings) {
      if (!can('remindRegistration', booking, at, 'sistema')) continue;
      if (registrationComplete(booking.registration, booking.numPeople)) continue;
      const due = REGISTRATION_REMINDER_DAYS.filter((d) => today >= addDays(booking.checkIn, -d));
      if (due.length === 0) continue;
      // Only the nearest reminder that is due (a late booking does not get both at once).
      const days = due[due.length - 1]!;
      const key = days === 7 ? 'registration7' : 'registration2';
      if (booking.reminders[key] || (key === 'registration7' && booking.reminders.registration2)) continue;
      booking.reminders = { ...booking.reminders, [key]: new Date(at).toISOString() };
      this.deps.outbox.write('guest-registration-reminder', {
        booking,
        settings: store.data.settings,
        guestLink: this.deps.bookings.guestLink(booking),
        panelLink: this.deps.panelLink,
      });
      written += 1;
    }
    if (written === 0) return 0;
    await store.save();
    void this.deps.outbox.kick();
    return written;
  }

  /**
   * Retention (Ley 1581): `identityRetentionDays` after check-out the guests' identity data leave
   * the store; the registration keeps when, and how many guests (MinCIT's codes stay in
   * `booking.tra`). The save rewrites the journal without the lines that held them, so later
   * backups no longer carry them. One save for all.
   */
  async purgeIdentities(): Promise<number> {
    const { store, now } = this.deps;
    const at = now();
    const today = todayAtCabin(new Date(at));
    const days = store.data.settings.identityRetentionDays;
    // Not while the data are still owed to the authorities: a TRA filing the owner must check or
    // send by hand, or a SIRE month with the stay's movements not marked as uploaded (its file is
    // made from these data). "Qué hacer hoy" reminds of both every day.
    // Made only when a booking is due for the purge (it reads every booking for 14 months).
    let owed: Set<string> | undefined;
    const sireOwed = () =>
      (owed ??= new Set(
        sireMonths(store.data.bookings, store.data.settings, store.data.sireUploads, today)
          .filter((m) => sirePending(m, today))
          .map((m) => m.month),
      ));
    let purged = 0;
    for (const b of store.data.bookings) {
      const r = b.registration;
      if (!r || r.purgedAt || today < addDays(b.checkOut, days)) continue;
      if (traProblem(b)) continue;
      const foreign = r.guests.some((g) => g.nationality.toUpperCase() !== 'CO');
      if (foreign && (sireOwed().has(b.checkIn.slice(0, 7)) || sireOwed().has(b.checkOut.slice(0, 7)))) continue;
      b.registration = {
        guests: [],
        consentAt: r.consentAt,
        updatedAt: r.updatedAt,
        updatedBy: r.updatedBy,
        purgedAt: new Date(at).toISOString(),
        guestCount: r.guests.length,
      };
      purged++;
    }
    // `forget`: the journal is rewritten without the old lines right after, not when it next fills.
    if (purged > 0) await store.save({ forget: true });
    return purged;
  }

  async #save(booking: Booking, input: GuestIdentity[], by: 'huesped' | 'propietario'): Promise<RegistrationView> {
    checkParty(booking, input, todayAtCabin(new Date(this.deps.now())));
    const before = booking.registration?.guests ?? [];
    keepFiledGuests(booking, before, input);
    // The guest's form has no SIRE place codes: those the owner typed stay with their person.
    const guests =
      by === 'huesped'
        ? input.map((g) => {
            const was = before.find((o) => sameDocument(o, g));
            return {
              ...g,
              ...(g.originCode === undefined && was?.originCode !== undefined ? { originCode: was.originCode } : {}),
              ...(g.destinationCode === undefined && was?.destinationCode !== undefined
                ? { destinationCode: was.destinationCode }
                : {}),
            };
          })
        : input;
    const at = new Date(this.deps.now()).toISOString();
    booking.registration = {
      guests,
      consentAt: booking.registration?.consentAt ?? at,
      updatedAt: at,
      updatedBy: by,
    };
    booking.updatedAt = at;
    await this.deps.store.save();
    this.deps.afterSave?.();
    return this.view(booking);
  }
}

/** Who a guest is: their document (the party's one-person-per-document rule and MinCIT's codes). */
const documentKey = (g: GuestIdentity) => `${g.documentType}:${g.documentNumber}`;
const sameDocument = (a: GuestIdentity, b: GuestIdentity) => documentKey(a) === documentKey(b);

/**
 * MinCIT's codes belong to the guests by their place in the list (the main guest, then each
 * companion): a guest already filed (or being filed) keeps their place and document, or the next
 * one would inherit their code and never be filed. Changing one is done at MinCIT itself.
 */
function keepFiledGuests(booking: Booking, before: GuestIdentity[], after: GuestIdentity[]): void {
  const t = booking.tra;
  if (!t) return;
  const held = new Set([t.sending?.index, t.uncertain?.index].filter((i) => i !== undefined));
  before.forEach((was, i) => {
    const filed = i === 0 ? t.mainCode !== undefined : (t.companionCodes[i - 1] ?? null) !== null;
    if (!filed && !held.has(i)) return;
    const now = after[i];
    if (now && sameDocument(was, now)) return;
    throw conflict(
      `${was.firstNames} ${was.lastNames} ya está registrado ante MinCIT (TRA) en este lugar de la lista: no se puede quitar, mover ni cambiar su documento aquí. Corrígelo en el sitio de MinCIT.`,
      { guests: 'Un huésped ya registrado ante MinCIT no se quita ni cambia de documento.' },
    );
  });
}

/** The party's own rules: at most the booking's size, born before today, one person per document. */
function checkParty(booking: Booking, guests: GuestIdentity[], today: string): void {
  if (guests.length > booking.numPeople) {
    throw invalidInput(
      `Esta reserva es para ${booking.numPeople} ${booking.numPeople === 1 ? 'persona' : 'personas'}: registra como máximo ${booking.numPeople} ${booking.numPeople === 1 ? 'huésped' : 'huéspedes'}.`,
      { guests: 'Hay más huéspedes que personas en la reserva.' },
    );
  }
  guests.forEach((g, i) => {
    if (g.birthDate > today) {
      throw invalidInput(`La fecha de nacimiento del huésped ${i + 1} está en el futuro.`, {
        [`guests.${i}.birthDate`]: 'Revisa la fecha de nacimiento.',
      });
    }
  });
  const seen = new Set<string>();
  guests.forEach((g, i) => {
    const key = documentKey(g);
    if (seen.has(key)) {
      throw invalidInput(`El documento del huésped ${i + 1} ya está en la lista.`, {
        [`guests.${i}.documentNumber`]: 'Cada huésped lleva su propio documento.',
      });
    }
    seen.add(key);
  });
}
