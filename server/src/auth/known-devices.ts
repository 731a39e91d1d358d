import { createHmac, randomBytes } from 'node:crypto';
import { sameText } from '../lib/same-text';
import type { Store } from '../db/store';

/** How long a device stays known after its last sign-in (each sign-in renews it). */
export const KNOWN_DEVICE_MAX_AGE_MS = 180 * 24 * 3_600_000;

const PATTERN = /^(\d{10,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/**
 * Proof that a client signed in to this account before (OWASP's "device cookie"): given after a
 * correct password, signed with the data folder's secret and bound to the e-mail, so a stranger
 * can neither forge one nor get one without the password. A browser keeps it in an HttpOnly
 * cookie, the desktop app in its encrypted store; with it the account-wide slowdown that a
 * spread-out guesser triggers does not apply (see LoginGuard). `<issued s>.<id>.<hmac>`.
 */
export class KnownDevices {
  constructor(
    readonly store: Store,
    readonly opts: { now?: () => number; maxAgeMs?: number } = {},
  ) {}

  #mac(email: string, issued: string, id: string): Buffer {
    // A key of its own, derived from the data folder's secret, so no other signature passes for one.
    const key = createHmac('sha256', Buffer.from(this.store.data.secrets.formTokenKey, 'base64url'))
      .update('known-device-v1')
      .digest();
    return createHmac('sha256', key).update(`${email}\n${issued}.${id}`).digest();
  }

  #now(): number {
    return (this.opts.now ?? Date.now)();
  }

  issue(email: string): string {
    const issued = String(Math.floor(this.#now() / 1000));
    const id = randomBytes(12).toString('base64url');
    return `${issued}.${id}.${this.#mac(email, issued, id).toString('base64url')}`;
  }

  /** The device's id when `proof` was issued to this e-mail and is recent enough; otherwise undefined. */
  verify(proof: unknown, email: string): string | undefined {
    if (typeof proof !== 'string') return undefined;
    const m = PATTERN.exec(proof);
    if (!m) return undefined;
    const [, issued, id, mac] = m as unknown as [string, string, string, string];
    if (!sameText(mac, this.#mac(email, issued, id).toString('base64url'))) return undefined;
    const age = this.#now() - Number(issued) * 1000;
    if (age > (this.opts.maxAgeMs ?? KNOWN_DEVICE_MAX_AGE_MS)) return undefined;
    return id;
  }
}
