import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../db/store';
import type { StoredSession } from '../db/schema';

export interface SessionOptions {
  idleMs: number;
  maxMs: number;
  now?: () => number;
}

export interface ActiveSession {
  email: string;
  kind: StoredSession['kind'];
  expiresAt: Date;
  idHash: string;
}

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');
/** Session ids are 32 random bytes as base64url: 43 characters. */
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Saving every request's "last seen" would mean a disk write per click; this much slack is fine. */
const TOUCH_SAVE_MS = 60_000;

/** Server-side sessions: logout, expiry and a password reset really revoke them. */
export class Sessions {
  readonly #store: Store;
  readonly #idleMs: number;
  readonly #maxMs: number;
  readonly #now: () => number;

  constructor(store: Store, opts: SessionOptions) {
    this.#store = store;
    this.#idleMs = opts.idleMs;
    this.#maxMs = opts.maxMs;
    this.#now = opts.now ?? Date.now;
  }

  #expiresAt(s: StoredSession): number {
    return Math.min(s.lastSeenAt + this.#idleMs, s.createdAt + this.#maxMs);
  }

  /** Starts a session with a fresh id (never reuses one, so a planted id is useless). */
  async create(email: string, kind: StoredSession['kind']): Promise<{ id: string; session: ActiveSession }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.#now();
    const stored: StoredSession = { idHash: hashId(id), email, kind, createdAt: now, lastSeenAt: now };
    this.#prune(now);
    this.#store.data.sessions.push(stored);
    await this.#store.save();
    return { id, session: { email, kind, expiresAt: new Date(this.#expiresAt(stored)), idHash: stored.idHash } };
  }

  /** The live session for this id, refreshing its idle timer; undefined when unknown or expired. */
  async resolve(id: string | undefined): Promise<ActiveSession | undefined> {
    if (!id || !ID_PATTERN.test(id)) return undefined;
    const idHash = hashId(id);
    const now = this.#now();
    const sessions = this.#store.data.sessions;
    const s = sessions.find((x) => x.idHash === idHash);
    if (!s) return undefined;
    if (this.#expiresAt(s) <= now || s.email !== this.#store.data.admin?.email) {
      sessions.splice(sessions.indexOf(s), 1);
      await this.#store.save();
      return undefined;
    }
    const stale = now - s.lastSeenAt > TOUCH_SAVE_MS;
    s.lastSeenAt = now;
    if (stale) await this.#store.save();
    return { email: s.email, kind: s.kind, expiresAt: new Date(this.#expiresAt(s)), idHash };
  }

  async revoke(idHash: string): Promise<void> {
    const sessions = this.#store.data.sessions;
    const i = sessions.findIndex((x) => x.idHash === idHash);
    if (i >= 0) {
      sessions.splice(i, 1);
      await this.#store.save();
    }
  }

  #prune(now: number) {
    const live = this.#store.data.sessions.filter((s) => this.#expiresAt(s) > now);
    this.#store.data.sessions.splice(0, Infinity, ...live);
  }
}
