import { useCallback, useEffect, useRef } from 'react';
import { api } from './api';

/**
 * Fetches the signed form token (the server's "minimum fill time" bot check) when the form
 * mounts, and again after each successful send because a token is single-use.
 */
export function useFormToken() {
  const token = useRef<Promise<string> | null>(null);

  const refresh = useCallback(() => {
    const p = api.getFormToken();
    // A failed token fetch is retried at submit time; swallow it here so nothing is unhandled.
    p.catch(() => undefined);
    token.current = p;
    return p;
  }, []);

  useEffect(() => {
    if (token.current === null) refresh();
  }, [refresh]);

  /** The current token, fetching a new one if the first try failed. Empty when unreachable. */
  const get = useCallback(async (): Promise<string> => {
    try {
      return await (token.current ?? refresh());
    } catch {
      try {
        return await refresh();
      } catch {
        return '';
      }
    }
  }, [refresh]);

  return { get, refresh };
}
