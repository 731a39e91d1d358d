import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { BUSINESS } from '@cabana/shared/config/business';
import { peopleLimitError } from '@cabana/shared/schemas/settings';
import { isStayFree } from '@cabana/shared/availability/ranges';
import { checkStay, STAY_MESSAGES } from '@cabana/shared/pricing/seasons';
import {
  DeleteEnquiriesInputSchema,
  EnquiryInputSchema,
  FORM_TOKEN_PATTERN,
  UpdateEnquiryInputSchema,
  type Enquiry,
} from '@cabana/shared/schemas/enquiry';
import { newestFirst } from '@cabana/shared/lib/newest-first';
import type { AppDeps } from '../deps';
import { isRecordId, newRecordId } from '../lib/ids';
import { requireAdmin } from '../middleware/auth';
import { conflict, invalidInput, notFound } from '../domain-errors';
import { blockedRanges, pricingRules } from '../calendar/entries';
import { jsonBody, validate } from '../middleware/validate';
import { clientKey, networkKey } from '../auth/client-key';
import type { TokenVerdict } from '../forms/form-token';

const NOT_FOUND = 'No encontramos esa consulta.';
const BAD_TOKEN = 'No pudimos verificar el formulario. Recarga la página e inténtalo de nuevo.';

export function consultasRouter({ store, formTokens, limiters, log, clock }: AppDeps): Router {
  const router = new Router();
  const byId = (id: string) => (isRecordId(id) ? store.data.enquiries.find((e) => e.id === id) : undefined);

  router.get(API_ROUTES.enquiryToken, (ctx) => {
    ctx.body = { token: formTokens.issue() };
  });

  router.post(API_ROUTES.enquiries, jsonBody(), async (ctx) => {
    // Junk must not spend anyone's budget: validate first, then count the client; the budget
    // shared by everyone is spent only by what is actually stored.
    const input = validate(EnquiryInputSchema, ctx.request.body);
    // The site's form sends a real token or none (it could not fetch one); anything else came from
    // elsewhere, and is told so rather than quietly thanked and lost.
    if (input.formToken !== '' && !FORM_TOKEN_PATTERN.test(input.formToken)) {
      throw invalidInput(BAD_TOKEN, { formToken: BAD_TOKEN });
    }
    // The owner's current limits, which the shared schema cannot know.
    const people = input.type === 'reserva' ? peopleLimitError(input.numPeople, store.data.settings) : null;
    if (people) throw invalidInput(people, { numPeople: people });
    limiters.enquiryClient.consume(clientKey(ctx.ip));

    // Bots get the same answer as people, so they learn nothing; nothing is stored. The log
    // says why, never who (visitor addresses are personal data).
    const dropQuietly = (why: string) => {
      log.info(`enquiry dropped (${why})`);
      ctx.status = 201;
      ctx.body = { id: newRecordId() };
    };
    if (input.website) return dropQuietly('honeypot');
    // Before the token is spent, so a visitor told "taken" can pick other dates with the same form.
    if (input.type === 'reserva') {
      const stay = checkStay(input, pricingRules(store.data), blockedRanges(store.data));
      if (!stay.available) throw conflict(STAY_MESSAGES.unavailable);
      if (stay.tooShort) {
        const message = STAY_MESSAGES.minNights(stay.minNights);
        throw invalidInput(message, { checkOut: message });
      }
    }
    // Checked before the token is marked used, so a visitor told to retry later can.
    limiters.enquiryGlobal.check(networkKey(ctx.ip));
    // No token: the form could not fetch one (a connection that failed as the visitor started on
    // it). A forged or reused token is a bot. Too fast (browser autofill) or too old (a tab left
    // open) may well be a person. People are kept and marked, never lost behind a "received".
    const verdict: TokenVerdict | 'missing-token' =
      input.formToken === '' ? 'missing-token' : formTokens.check(input.formToken);
    if (verdict !== 'ok' && verdict !== 'too-fast' && verdict !== 'expired' && verdict !== 'missing-token') {
      return dropQuietly(`token ${verdict}`);
    }
    limiters.enquiryGlobal.consume(networkKey(ctx.ip));

    const now = new Date(clock.now()).toISOString();
    const stored = {
      id: newRecordId(),
      status: 'nueva' as const,
      createdAt: now,
      consentAt: now,
      policyVersion: BUSINESS.privacyPolicyVersion,
      ...(verdict === 'ok' ? {} : { suspect: verdict }),
    };
    const enquiry: Enquiry =
      input.type === 'reserva'
        ? {
            type: 'reserva',
            name: input.name,
            email: input.email,
            phone: input.phone,
            checkIn: input.checkIn,
            checkOut: input.checkOut,
            numPeople: input.numPeople,
            message: input.message,
            ...stored,
          }
        : { type: 'contacto', name: input.name, email: input.email, message: input.message, ...stored };
    store.data.enquiries.push(enquiry);
    await store.save();
    ctx.status = 201;
    ctx.body = { id: enquiry.id };
  });

  router.get(API_ROUTES.enquiries, requireAdmin, (ctx) => {
    ctx.body = newestFirst(store.view.enquiries, (e) => e.createdAt);
  });

  // Several at once (the inbox's "delete selected"); ids that are not there are simply skipped.
  router.post(API_ROUTES.enquiriesDelete, requireAdmin, jsonBody(), async (ctx) => {
    const { ids } = validate(DeleteEnquiriesInputSchema, ctx.request.body);
    const gone = new Set(ids);
    const all = store.data.enquiries;
    const kept = all.filter((e) => !gone.has(e.id));
    const deleted = all.length - kept.length;
    if (deleted > 0) {
      all.splice(0, Infinity, ...kept);
      await store.save();
    }
    ctx.body = { deleted };
  });

  router.patch(API_ROUTES.enquiry, requireAdmin, jsonBody(), async (ctx) => {
    const enquiry = byId(ctx.params.id ?? '');
    if (!enquiry) throw notFound(NOT_FOUND);
    const { status } = validate(UpdateEnquiryInputSchema, ctx.request.body);
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
    ctx.body = enquiry;
  });

  router.delete(API_ROUTES.enquiry, requireAdmin, async (ctx) => {
    const enquiry = byId(ctx.params.id ?? '');
    if (!enquiry) throw notFound(NOT_FOUND);
    store.data.enquiries.splice(store.data.enquiries.indexOf(enquiry), 1);
    await store.save();
    ctx.status = 204;
  });

  return router;
}
