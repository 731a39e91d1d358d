import { createHmac } from 'node:crypto';
import { sameText } from '../lib/same-text';
import type { Store } from '../db/store';

/** Query parameter that carries a pending photo's access signature. */
export const ACCESS_PARAM = 'acceso';
const HOUR = 3_600_000;

/**
 * Signed links to pending (unmoderated) photos. The admin sees them in the web panel and in the
 * desktop app, whose `<img>` cannot send a bearer token, so the admin's image lists carry links
 * signed for that image and a few hours; anyone else asking for a pending photo gets 404.
 */
export class MediaAccess {
  constructor(
    readonly store: Store,
    readonly opts: { ttlMs: number; now?: () => number },
  ) {}

  #mac(id: string, expires: number): string {
    // A key of its own, derived from the data file's secret, so no other signature can pass for one.
    const key = createHmac('sha256', Buffer.from(this.store.data.secrets.formTokenKey, 'base64url'))
      .update('pending-media-v1')
      .digest();
    return createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url').slice(0, 22);
  }

  /** `<expires>.<mac>`; rounded up to the hour, so a list fetched twice gives the same (cacheable) links. */
  sign(id: string): string {
    const now = (this.opts.now ?? Date.now)();
    const expires = Math.ceil((now + this.opts.ttlMs) / HOUR) * (HOUR / 1000);
    return `${expires}.${this.#mac(id, expires)}`;
  }

  verify(id: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const m = /^(\d{10,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m) return false;
    const expires = Number(m[1]);
    if (expires * 1000 <= (this.opts.now ?? Date.now)()) return false;
    return sameText(m[2]!, this.#mac(id, expires));
  }
}
