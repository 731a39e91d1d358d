import { setTimeout as sleep } from 'node:timers/promises';
import { WorkQueue } from '../images/queue';
import { Limiter } from './rate-limits';

const LOGIN_LIMIT_MESSAGE =
  'Demasiados intentos fallidos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';
const LOGIN_BUSY_MESSAGE =
  'Estamos atendiendo muchos inicios de sesión a la vez. Espera unos segundos e inténtalo de nuevo.';

export interface LoginGuardOptions {
  /** Failures allowed for one e-mail from one client per window (then 429). */
  perClientAccount: number;
  /** Failures allowed from one client over all e-mails per window (then 429). */
  perClient: number;
  windowMs: number;
  /** Failures on one e-mail, from anywhere, after which every further attempt waits longer. */
  slowdownAfter: number;
  /** Password hashes computed at once, and how many more may wait for a turn (then 503). */
  checksAtOnce: number;
  checksWaiting: number;
  now?: () => number;
}

/** Progressive delay for an account under attack: 0.25 s, 0.5 s, 1 s, ... at most 10 s. */
const slowdownMs = (excess: number) => (excess <= 0 ? 0 : Math.min(10_000, 250 * 2 ** (excess - 1)));

/**
 * The rules around a password check (ASVS 6.3, OWASP authentication cheat sheet):
 * - an attempt is counted before its hash is computed and given back on success, so a burst of
 *   parallel guesses gets no more checks than the limit;
 * - lockouts are keyed by client and e-mail (and client alone), never by e-mail alone, so a
 *   stranger's failures cannot lock the owner out; failures on one e-mail from everywhere only
 *   slow attempts down (a spread-out guesser pays in time, the owner still gets in);
 * - a client that proves it signed in to this account before (KnownDevices) is not slowed, so
 *   strangers cannot make the owner's own sign-in wait; a proof that fails as often as the
 *   slowdown allows everyone (it may have been stolen) is slowed like any other client;
 * - few hashes run at once: scrypt shares libuv's four threads with every file read, so a flood
 *   of logins would otherwise stall pages and photos.
 */
export class LoginGuard {
  readonly perClientAccount: Limiter;
  readonly perClient: Limiter;
  /** Counts only (never refuses): drives the slowdown. */
  readonly perAccount: Limiter;
  /** Failures per known device (counts only): past the slowdown threshold it is slowed too. */
  readonly perDevice: Limiter;
  readonly checks: WorkQueue;
  /** Attempts made to wait before their check, and how long in all (for tests and diagnosis). */
  readonly slowed = { attempts: 0, ms: 0 };

  constructor(readonly opts: LoginGuardOptions) {
    const clock = opts.now ? { now: opts.now } : {};
    this.perClientAccount = new Limiter(opts.perClientAccount, opts.windowMs, LOGIN_LIMIT_MESSAGE, clock);
    this.perClient = new Limiter(opts.perClient, opts.windowMs, LOGIN_LIMIT_MESSAGE, clock);
    this.perAccount = new Limiter(Number.MAX_SAFE_INTEGER, opts.windowMs, LOGIN_LIMIT_MESSAGE, clock);
    this.perDevice = new Limiter(Number.MAX_SAFE_INTEGER, opts.windowMs, LOGIN_LIMIT_MESSAGE, clock);
    this.checks = new WorkQueue(opts.checksAtOnce, opts.checksWaiting, {
      busyMessage: LOGIN_BUSY_MESSAGE,
      retryAfterSeconds: 2,
    });
  }

  /**
   * Runs `verify` (the password hash) under the limits. Throws 429 (limit reached) or 503 (too
   * many checks waiting); otherwise returns what `verify` said. `device`: the id of a verified
   * known-device proof for this e-mail, if the client sent one.
   */
  async attempt(client: string, email: string, verify: () => Promise<boolean>, device?: string): Promise<boolean> {
    const pairKey = `${client} ${email}`;
    this.perClientAccount.consume(pairKey);
    try {
      this.perClient.consume(client);
    } catch (err) {
      this.perClientAccount.refund(pairKey);
      throw err;
    }
    const earlier = this.perAccount.count(email);
    this.perAccount.penalize(email);
    const deviceKey = device === undefined ? undefined : `${email} ${device}`;
    const trusted = deviceKey !== undefined && this.perDevice.count(deviceKey) < this.opts.slowdownAfter;
    if (deviceKey !== undefined) this.perDevice.penalize(deviceKey);
    const refund = () => {
      this.perClientAccount.refund(pairKey);
      this.perClient.refund(client);
      this.perAccount.refund(email);
      if (deviceKey !== undefined) this.perDevice.refund(deviceKey);
    };

    let ok: boolean;
    try {
      const delay = trusted ? 0 : slowdownMs(earlier - this.opts.slowdownAfter + 1);
      if (delay > 0) {
        this.slowed.attempts++;
        this.slowed.ms += delay;
        await sleep(delay);
      }
      ok = await this.checks.run(verify);
    } catch (err) {
      // Nothing was checked (busy) or the check itself broke: the attempt does not count.
      refund();
      throw err;
    }
    if (ok) {
      // The owner from this client: its own counts start again. The account-wide count only
      // loses this attempt, or the owner signing in would wipe out a guesser's slowdown.
      this.perClientAccount.reset(pairKey);
      this.perClient.reset(client);
      this.perAccount.refund(email);
      if (deviceKey !== undefined) this.perDevice.reset(deviceKey);
    }
    return ok;
  }
}
