import { createHmac, randomBytes } from 'node:crypto';
import { sameText } from '../lib/same-text';
import { FORM_TOKEN_PATTERN } from '@cabana/shared/domain/schemas/enquiry';
import type { Store } from '../db/store';

export type TokenVerdict = 'ok' | 'malformed' | 'tampered' | 'too-fast' | 'expired' | 'replayed';

/**
 * Signed time tokens for the public forms: `<issuedAt>.<nonce>.<hmac>`. A bot that posts
 * without loading the form, too fast, too late or twice with one token is spotted.
 */
export class FormTokens {
  constructor(
    readonly store: Store,
    readonly opts: { minFillMs: number; maxAgeMs: number; now?: () => number },
  ) {}

  #now() {
    return (this.opts.now ?? Date.now)();
  }

  #sign(payload: string): Buffer {
    return createHmac('sha256', Buffer.from(this.store.data.secrets.formTokenKey, 'base64url'))
      .update(payload)
      .digest();
  }

  issue(): string {
    const payload = `${this.#now()}.${randomBytes(12).toString('base64url')}`;
    return `${payload}.${this.#sign(payload).toString('base64url')}`;
  }

  /** Checks a token and, unless forged or already used, marks it used (the caller saves the store). */
  check(token: string): TokenVerdict {
    const m = FORM_TOKEN_PATTERN.exec(token);
    if (!m) return 'malformed';
    const [, issued, nonce, mac] = m as unknown as [string, string, string, string];
    const expected = this.#sign(`${issued}.${nonce}`);
    if (!sameText(mac, expected.toString('base64url'))) return 'tampered';
    const now = this.#now();
    const age = now - Number(issued);
    const timing: TokenVerdict = age < this.opts.minFillMs ? 'too-fast' : age > this.opts.maxAgeMs ? 'expired' : 'ok';
    const used = this.store.data.usedFormTokens;
    const live = used.filter((u) => u.expiresAt > now);
    if (live.length !== used.length) used.splice(0, Infinity, ...live);
    if (used.some((u) => u.nonce === nonce)) return 'replayed';
    // Too fast and too old count as used as well: such enquiries are kept (marked), so one token
    // must not bring in more than one. An old token is remembered for another full period.
    used.push({ nonce, expiresAt: Math.max(Number(issued), now) + this.opts.maxAgeMs });
    return timing;
  }
}
