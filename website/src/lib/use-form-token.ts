import { useCallback, useEffect, useRef } from 'react';
import { LIMITS } from '@cabana/shared/config/limits';
import { api } from './api';

/** Refresh well before the server's limit, so a page left open overnight still gets through. */
const REFRESH_AFTER_MS = LIMITS.maxFormTokenAgeMs / 2;

/**
 * Fetches the signed form token (the server's "minimum fill time" bot check) when the form
 * mounts, and again after each successful send because a token is single-use.
 */
export function useFormToken() {
  const token = useRef<{ value: Promise<string>; at: number } | null>(null);

  const refresh = useCallback(() => {
    const value = api.getFormToken();
    // A failed token fetch is retried at submit time; swallow it here so nothing is unhandled.
    value.catch(() => undefined);
    token.current = { value, at: Date.now() };
    return value;
  }, []);

  useEffect(() => {
    if (token.current === null) refresh();
  }, [refresh]);

  /** The current token, fetching a new one if the first try failed or it is getting old. */
  const get = useCallback(async (): Promise<string> => {
    const current = token.current;
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
  }, [refresh]);

  return { get, refresh };
}
