import { LIMITS } from '@cabana/shared/domain/config/limits';
import { api } from './api';

/** Refresh well before the server's limit, so a page left open overnight still gets through. */
const REFRESH_AFTER_MS = LIMITS.maxFormTokenAgeMs / 2;

/**
 * The signed form token of one form (the server's "minimum fill time" bot check). It is fetched
 * when the visitor starts on the form (`prepare`), not on page load, and again after each
 * successful send because a token is single-use.
 */
export function createFormToken() {
  let token: { value: Promise<string>; at: number } | null = null;

  const refresh = () => {
    const value = api.getFormToken().then((t) => t.token);
    // A failed token fetch is retried at submit time; swallow it here so nothing is unhandled.
    value.catch(() => undefined);
    token = { value, at: Date.now() };
    return value;
  };

  return {
    refresh,
    prepare: () => {
      // refresh() catches its own failures (the next send retries), so nothing to await here.
      if (token === null) void refresh();
    },
    /** The current token, fetching a new one if there is none, the first try failed or it is getting old. */
    async get(): Promise<string> {
      const current = token;
      try {
        if (!current || Date.now() - current.at > REFRESH_AFTER_MS) return await refresh();
        return await current.value;
      } catch {
        try {
          return await refresh();
        } catch {
          // The server is unreachable: the e-mail may still get through.
          return '';
        }
      }
    },
  };
}

export type FormToken = ReturnType<typeof createFormToken>;
