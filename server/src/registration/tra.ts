import { cabinInstant } from '@cabana/shared/domain/pricing/booking';
import type { Booking } from '@cabana/shared/domain/schemas/booking';
import type { GuestIdentity, TraFiling } from '@cabana/shared/domain/schemas/registration';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import type { Store } from '../db/store';
import type { Logger } from '../lib/logger';
import { crashPoint } from '../lib/crash-points';

/**
 * MinCIT's Tarjeta de Registro de Alojamiento through its PMS API (issue 34; facts and sources in
 * docs COLOMBIA.md): the main guest to `POST {TRA_API_URL}/one/` → `{code}`, each companion to
 * `POST {TRA_API_URL}/two/` with `padre` = that code; header `Authorization: token <TRA_TOKEN>`.
 *
 * Durable like the outbox, with the state on the booking (`booking.tra`), so it survives restarts
 * and goes into the same journal. Never a guest twice:
 * 1. before each POST the guest's index is saved as `sending`;
 * 2. MinCIT's answer is saved at once (`mainCode` before any companion is sent, then each
 *    companion's code) and `sending` cleared in the same save;
 * 3. a `sending` found when a process starts means the previous one died between 1 and 2: MinCIT
 *    may or may not have registered that guest, so nothing more is sent for that booking; it
 *    becomes `uncertain`, an alert for the owner to check on tra.mincit.gov.co.
 * An answer that is not a 201 with a code leaves the guest unfiled and retries with back-off.
 */

/** What MinCIT's fields take that the manual has to confirm (COLOMBIA.md): kept here, in one place. */
const TRA_CODES = {
  /** Our document codes as sent in `tipo_identificacion` (to confirm against the manual). */
  documentType: { CC: 'CC', CE: 'CE', TI: 'TI', PA: 'PA', DE: 'DE', RC: 'RC', PEP: 'PEP', PPT: 'PPT', CD: 'CD' },
  /** `motivo`: the trip's purpose (to confirm). */
  reason: 'Turismo',
  /** `tipo_acomodacion` (to confirm). */
  accommodation: 'Vivienda turística',
  /** `numero_habitacion`: the cabin is let whole. */
  room: '1',
} as const;

/** Failed attempts before the owner is told (in "Qué hacer hoy" and by e-mail). */
const TRA_FAILING_AFTER = 4;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;
const CALL_TIMEOUT_MS = 30_000;

export type TraBody = Record<string, string | number>;

/** The body of one guest, with MinCIT's field names exactly (`cuidad_*` is MinCIT's own spelling). */
function traBody(b: Booking, g: GuestIdentity, s: Pick<Settings, 'name' | 'rnt'>, padre?: number): TraBody {
  const party = b.registration?.guests.length ?? 1;
  return {
    tipo_identificacion: TRA_CODES.documentType[g.documentType],
    numero_identificacion: g.documentNumber,
    nombres: g.firstNames,
    apellidos: g.lastNames,
    cuidad_residencia: g.residenceCity,
    cuidad_procedencia: g.originCity,
    numero_habitacion: TRA_CODES.room,
    motivo: TRA_CODES.reason,
    numero_acompanantes: String(Math.max(0, party - 1)),
    check_in: b.checkIn,
    check_out: b.checkOut,
    tipo_acomodacion: TRA_CODES.accommodation,
    costo: String(b.price.adjustedTotal ?? b.price.total),
    nombre_establecimiento: s.name,
    rnt_establecimiento: s.rnt,
    ...(padre !== undefined ? { padre } : {}),
  };
}

/** Whether the party is due at MinCIT now: confirmed (or done), registered, from check-in time on the day of arrival. */
function traDue(b: Booking, now: number): boolean {
  if (b.state !== 'confirmada' && b.state !== 'completada') return false;
  if (!b.registration || b.registration.guests.length === 0) return false;
  const t = b.tra;
  if (t?.uncertain || t?.sending) return false;
  // Every registered guest has MinCIT's code (a companion registered later is still due).
  if (
    t?.mainCode !== undefined &&
    b.registration.guests.slice(1).every((_, i) => (t.companionCodes[i] ?? null) !== null)
  ) {
    return false;
  }
  if (t?.nextAt && Date.parse(t.nextAt) > now) return false;
  return now >= cabinInstant(b.checkIn, b.checkInTime);
}

const fresh = (): TraFiling => ({ companionCodes: [], attempts: 0 });

export interface TraFilerDeps {
  store: Store;
  apiUrl: string;
  /** Undefined: nothing is ever sent. */
  token: string | undefined;
  log: Logger;
  now: () => number;
  /** Told once when a booking's filing keeps failing (the owner's e-mail). */
  onFailing?: (booking: Booking) => void;
  /** After a save that wrote that e-mail: the sender's turn. */
  kick?: () => void;
}

export class TraFiler {
  #running = false;
  constructor(private readonly deps: TraFilerDeps) {}

  get configured(): boolean {
    return this.deps.token !== undefined;
  }

  /** At start: a `sending` left by a process that died mid-call becomes `uncertain` (never re-sent). */
  async recover(): Promise<number> {
    const { store } = this.deps;
    let found = 0;
    for (const b of store.data.bookings) {
      if (!b.tra?.sending) continue;
      b.tra.uncertain = b.tra.sending;
      delete b.tra.sending;
      b.tra.lastError = 'El envío a MinCIT se interrumpió (el servidor se detuvo): revisa si quedó registrado.';
      this.deps.onFailing?.(b);
      found++;
    }
    if (found > 0) {
      await store.save();
      this.deps.kick?.();
      this.deps.log.error(`tra: ${found} filing(s) interrupted mid-call; left for the owner to check`);
    }
    return found;
  }

  /** Files every party due, one guest at a time. Returns the guests filed. */
  async run(): Promise<number> {
    if (!this.configured || this.#running) return 0;
    this.#running = true;
    let filed = 0;
    try {
      for (const b of this.deps.store.data.bookings) {
        if (traDue(b, this.deps.now())) filed += await this.#file(b);
      }
    } finally {
      this.#running = false;
    }
    return filed;
  }

  async #file(b: Booking): Promise<number> {
    const { store, now } = this.deps;
    const guests = b.registration!.guests;
    // Read back through the store's proxy, so each change below is tracked for the save.
    if (!b.tra) b.tra = fresh();
    const tra = b.tra;
    let filed = 0;
    for (let index = 0; index < guests.length; index++) {
      if (index === 0 ? tra.mainCode !== undefined : (tra.companionCodes[index - 1] ?? null) !== null) continue;
      const body = traBody(b, guests[index]!, store.data.settings, index === 0 ? undefined : tra.mainCode);
      tra.sending = { index, at: new Date(now()).toISOString() };
      await store.save();
      const answer = await this.#post(index === 0 ? '/one/' : '/two/', body);
      if (typeof answer === 'number') {
        crashPoint('tra:answered-not-saved');
        if (index === 0) tra.mainCode = answer;
        else {
          while (tra.companionCodes.length < index) tra.companionCodes.push(null);
          tra.companionCodes[index - 1] = answer;
        }
        delete tra.sending;
        tra.attempts = 0;
        delete tra.nextAt;
        delete tra.lastError;
        filed++;
        await store.save();
        continue;
      }
      if (answer.accepted) {
        tra.uncertain = tra.sending;
        delete tra.sending;
        tra.lastError = answer.error;
        this.deps.onFailing?.(b);
        await store.save();
        this.deps.kick?.();
        return filed;
      }
      delete tra.sending;
      tra.attempts += 1;
      tra.lastError = answer.error;
      tra.nextAt = new Date(now() + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (tra.attempts - 1))).toISOString();
      const tell = tra.attempts >= TRA_FAILING_AFTER && !tra.failingNotifiedAt;
      if (tell) tra.failingNotifiedAt = new Date(now()).toISOString();
      if (tell) this.deps.onFailing?.(b);
      await store.save();
      if (tell) this.deps.kick?.();
      // MinCIT's own words may echo a guest's data: the log keeps only what kind of failure it was.
      const kind = answer.error.split(':')[0];
      this.deps.log.info(`tra: booking ${b.code}, guest ${index + 1}: ${kind} (attempt ${tra.attempts})`);
      return filed;
    }
    tra.filedAt = new Date(now()).toISOString();
    await store.save();
    return filed;
  }

  /** One POST: MinCIT's code, or a Spanish error for the panel. The token never leaves this call. */
  async #post(path: string, body: TraBody): Promise<number | { error: string; accepted?: true }> {
    let res: Response;
    try {
      res = await fetch(`${this.deps.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `token ${this.deps.token!}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      return { error: 'No se pudo conectar con MinCIT.' };
    }
    const text = await res.text().catch(() => '');
    if (res.status === 401 || res.status === 403) return { error: `MinCIT rechazó el token (HTTP ${res.status}).` };
    if (res.status !== 201 && res.status !== 200) {
      return { error: `MinCIT respondió HTTP ${res.status}: ${text.slice(0, 200).replace(/\s+/g, ' ')}` };
    }
    try {
      const code = (JSON.parse(text) as { code?: unknown }).code;
      const n = typeof code === 'string' ? Number(code) : code;
      if (typeof n === 'number' && Number.isInteger(n)) return n;
    } catch {
      // falls through
    }
    // Accepted but no code to keep: MinCIT may have registered the guest; never sent again.
    return { error: 'MinCIT aceptó el envío pero no respondió un código de registro.', accepted: true };
  }
}

/** What the owner must look at in a booking's filing (“Qué hacer hoy”), or null. */
export function traProblem(b: Pick<Booking, 'tra'>): { since: string; text: string } | null {
  const t = b.tra;
  if (t?.uncertain) {
    return {
      since: t.uncertain.at,
      text: `El envío del huésped ${t.uncertain.index + 1} a MinCIT se interrumpió: revisa en tra.mincit.gov.co si quedó registrado (no se reenvía solo).`,
    };
  }
  if (t && t.attempts >= TRA_FAILING_AFTER) {
    return {
      since: t.failingNotifiedAt ?? t.nextAt ?? '',
      text: `Falla desde hace ${t.attempts} intentos: ${t.lastError ?? ''}`,
    };
  }
  return null;
}
