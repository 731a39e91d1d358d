import { createContext, useContext } from 'react';
import type { Settings } from '../domain/schemas/settings';
import type { AdminApi } from './admin-api';
import { asErrorLike } from './api-error';

export interface PanelContextValue {
  api: AdminApi;
  /**
   * Turns a failed call into the Spanish message to show. A 401 means the session is gone:
   * the host is told and null comes back, since the panel is about to be unmounted.
   */
  failure: (err: unknown) => string | null;
  /** The host's hook for a settings save the server confirmed (see `AdminPanelProps`). */
  settingsSaved?: (settings: Settings) => void;
}

export const PanelContext = createContext<PanelContextValue | null>(null);

export function usePanel(): PanelContextValue {
  const value = useContext(PanelContext);
  if (!value) throw new Error('Admin sections must be rendered inside <AdminPanel>.');
  return value;
}

/**
 * What the panel shows for a failed call: its Spanish message, or nothing for a 401 (the panel is
 * signing out). `failure` also tells the host; a failed load already did that through the query
 * cache, so its section only needs the message.
 */
export function failureMessage(err: unknown): string | null {
  const e = asErrorLike(err);
  return e.status === 401 ? null : e.message;
}
