import type { z } from 'zod';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { peopleLimitError } from '@cabana/shared/domain/config/settings';
import { isStayFree } from '@cabana/shared/domain/availability/ranges';
import { checkStay, STAY_MESSAGES } from '@cabana/shared/domain/pricing/seasons';
import {
  FORM_TOKEN_PATTERN,
  RESERVATION_ENQUIRY_MOVED,
  type Enquiry,
  type EnquiryInputSchema,
  type EnquiryStatus,
  type SuspectReason,
} from '@cabana/shared/domain/schemas/enquiry';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import type { Store } from '../db/store';
import type { FormTokens, TokenVerdict } from '../forms/form-token';
import type { Limiter, SharedBudget } from '../auth/rate-limits';
import { clientKey, networkKey } from '../auth/client-key';
import { newRecordId } from '../lib/ids';
import { conflict, invalidInput, notFound } from '../domain-errors';
import { blockedRanges, pricingRules } from '../calendar/entries';

const NOT_FOUND = 'No encontramos esa consulta.';
const BAD_TOKEN = 'No pudimos verificar el formulario. Recarga la página e inténtalo de nuevo.';

export interface EnquiryServiceDeps {
  store: Store;
  formTokens: FormTokens;
  limits: { perClient: Limiter; global: SharedBudget };
  log: { info(msg: string): void };
  now: () => number;
}

/** What `admit` looks at in a public form. */
export interface PublicFormInput {
  /** For the log: what kind of form was dropped. */
  what: string;
  formToken: string;
  website?: string | undefined;
  /** The stay asked for, when the form asks for one. */
  stay?: { checkIn: string; checkOut: string; numPeople: number } | undefined;
}

export type Admission = { kind: 'drop' } | { kind: 'keep'; suspect?: SuspectReason };

/**
 * Reservation enquiries and contact messages: what a visitor may send, how bots and floods are
 * kept out, and what the owner does with them. Routes only translate HTTP to these calls.
 */
export class EnquiryService {
  constructor(private readonly deps: EnquiryServiceDeps) {}

  #byId(id: string): Enquiry {
    const enquiry = this.deps.store.data.enquiries.find((e) => e.id === id);
    if (!enquiry) throw notFound(NOT_FOUND);
    return enquiry;
  }

  /**
   * The checks every public request form passes (the enquiry, and the booking request of
   * issue 21): the token's shape, the owner's people limits, the client's and everyone's
   * budgets, the honeypot, the stay (free nights, minimum stay) and the form token. Throws the
   * Spanish 400/409/429; answers `drop` for a bot (answer as if stored, store nothing) or
   * `keep` with the mark a human-looking but doubtful form gets. Synchronous: a caller that
   * stores right after (no await between) cannot lose the nights it checked to another request.
   */
  admit(input: PublicFormInput, ip: string): Admission {
    const { store, formTokens, limits, log } = this.deps;
    // The site's form sends a real token or none (it could not fetch one); anything else came from
    // elsewhere, and is told so rather than quietly thanked and lost.
    if (input.formToken !== '' && !FORM_TOKEN_PATTERN.test(input.formToken)) {
      throw invalidInput(BAD_TOKEN, { formToken: BAD_TOKEN });
    }
    // Junk must not spend anyone's budget: the input is valid here; now the owner's current limits,
    // which the shared schema cannot know, then the client's budget. The budget shared by everyone
    // is spent only by what is actually stored.
    const people = input.stay ? peopleLimitError(input.stay.numPeople, store.data.settings) : null;
    if (people) throw invalidInput(people, { numPeople: people });
    limits.perClient.consume(clientKey(ip));

    // The log says why, never who (visitor addresses are personal data).
    const drop = (why: string): Admission => {
      log.info(`${input.what} dropped (${why})`);
      return { kind: 'drop' };
    };
    if (input.website) return drop('honeypot');
    // Before the token is spent, so a visitor told "taken" can pick other dates with the same form.
    if (input.stay) {
      const stay = checkStay(input.stay, pricingRules(store.data), blockedRanges(store.data));
      if (!stay.available) throw conflict(STAY_MESSAGES.unavailable);
      if (stay.tooShort) {
        const message = STAY_MESSAGES.minNights(stay.minNights);
        throw invalidInput(message, { checkOut: message });
      }
    }
    // Checked before the token is marked used, so a visitor told to retry later can.
    limits.global.check(networkKey(ip));
    // No token: the form could not fetch one (a connection that failed as the visitor started on
    // it). A forged or reused token is a bot. Too fast (browser autofill) or too old (a tab left
    // open) may well be a person. People are kept and marked, never lost behind a "received".
    const verdict: TokenVerdict | 'missing-token' =
      input.formToken === '' ? 'missing-token' : formTokens.check(input.formToken);
    if (verdict !== 'ok' && verdict !== 'too-fast' && verdict !== 'expired' && verdict !== 'missing-token') {
      return drop(`token ${verdict}`);
    }
    limits.global.consume(networkKey(ip));
    return verdict === 'ok' ? { kind: 'keep' } : { kind: 'keep', suspect: verdict };
  }

  /**
   * A visitor's contact message from the client at `ip` (a stay is asked for with a booking
   * request: the schema refuses `reserva` with a 400 that points to /planes). Answers the stored
   * id; a bot gets the same kind of answer as a person (an id), so it learns nothing, and nothing
   * is stored.
   */
  async submit(input: z.infer<typeof EnquiryInputSchema>, ip: string): Promise<{ id: string }> {
    const { store } = this.deps;
    // The schema never lets `reserva` through; this only narrows the type.
    if (input.type !== 'contacto') throw invalidInput(RESERVATION_ENQUIRY_MOVED);
    const admission = this.admit({ what: 'enquiry', formToken: input.formToken, website: input.website }, ip);
    if (admission.kind === 'drop') return { id: newRecordId() };

    const now = new Date(this.deps.now()).toISOString();
    const stored = {
      id: newRecordId(),
      status: 'nueva' as const,
      createdAt: now,
      consentAt: now,
      policyVersion: BUSINESS.privacyPolicyVersion,
      ...(admission.suspect ? { suspect: admission.suspect } : {}),
    };
    const enquiry: Enquiry = {
      type: 'contacto',
      name: input.name,
      email: input.email,
      message: input.message,
      ...stored,
    };
    store.data.enquiries.push(enquiry);
    await store.save();
    return { id: enquiry.id };
  }

  /**
   * The start-up migration of issue 33 (one inbox per thing): requests of the old reservation
   * form still in Consultas are archived, dated, in one save (the journal makes it all or
   * nothing); nothing to do the next time. They keep their status: a confirmed one keeps its
   * nights, and the owner may still cancel it. Answers how many were archived.
   */
  async archiveReservations(): Promise<number> {
    const { store, now } = this.deps;
    const at = new Date(now()).toISOString();
    let archived = 0;
    for (const e of store.data.enquiries) {
      if (e.type !== 'reserva' || e.archivedAt) continue;
      e.archivedAt = at;
      archived += 1;
    }
    if (archived > 0) await store.save();
    return archived;
  }

  /** The owner's inbox, newest first. */
  list(): readonly Enquiry[] {
    return newestFirst(this.deps.store.view.enquiries, (e) => e.createdAt);
  }

  async setStatus(id: string, status: EnquiryStatus): Promise<Enquiry> {
    const { store } = this.deps;
    const enquiry = this.#byId(id);
    if (status === 'confirmada' && enquiry.status !== 'confirmada') {
      if (enquiry.type !== 'reserva') {
        throw invalidInput('Solo una solicitud de reserva se puede confirmar.', { status: 'Solo reservas.' });
      }
      // Confirming blocks the stay's nights; another booking or block may have taken one meanwhile.
      if (!isStayFree(enquiry, blockedRanges(store.data, { exceptEnquiryId: enquiry.id }))) {
        throw conflict('No se puede confirmar: alguna de las noches de esta reserva ya está ocupada.');
      }
    }
    enquiry.status = status;
    await store.save();
    return enquiry;
  }

  async remove(id: string): Promise<void> {
    const { store } = this.deps;
    const enquiry = this.#byId(id);
    store.data.enquiries.splice(store.data.enquiries.indexOf(enquiry), 1);
    await store.save();
  }

  /** Several at once (the inbox's "delete selected"); ids that are not there are simply skipped. */
  async removeMany(ids: readonly string[]): Promise<number> {
    const { store } = this.deps;
    const gone = new Set(ids);
    const all = store.data.enquiries;
    const kept = all.filter((e) => !gone.has(e.id));
    const deleted = all.length - kept.length;
    if (deleted > 0) {
      all.splice(0, Infinity, ...kept);
      await store.save();
    }
    return deleted;
  }
}
