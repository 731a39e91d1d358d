import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { newestFirst } from '../domain/lib/newest-first';
import type { AdminApi } from './admin-api';
import { failureMessage, usePanel } from './panel-context';

/** Reservas lists by arrival (issue 33): stays ahead, soonest first, then past ones; every page alike. */
export const PANEL_BOOKING_ORDER = { orden: 'llegada' } as const;

/**
 * What the panel's sections read, one entry per contract row (its name is the query key) and the
 * shape the sections keep it in. Sections that read the same row share one cached answer: the
 * owner's settings, read by Precio, Consultas and Ajustes, show at once in each (and are asked
 * again as each is shown), and a save in Ajustes reaches the other two.
 */
const PANEL_READS = {
  /** The published photos, in the owner's order (pending ones live in `listPendingImages`). */
  listImages: async (api: AdminApi) => (await api.listImages()).filter((i) => i.status !== 'pending'),
  listPendingImages: (api: AdminApi) => api.listPendingImages(),
  getPrice: async (api: AdminApi) => (await api.getPrice()).precio,
  /** The whole settings, how guests pay included (the public row leaves that out). */
  getOwnerSettings: (api: AdminApi) => api.getOwnerSettings(),
  listEnquiries: async (api: AdminApi) => newestFirst(await api.listEnquiries(), (e) => e.createdAt),
  getCalendar: (api: AdminApi) => api.getCalendar(),
  getSeasons: (api: AdminApi) => api.getSeasons(),
  listBookings: (api: AdminApi) => api.listBookings(PANEL_BOOKING_ORDER),
  listOutbox: (api: AdminApi) => api.listOutbox(),
  getOverview: (api: AdminApi) => api.getOverview(),
  getAlerts: (api: AdminApi) => api.getAlerts(),
  /** Whether online payment (Wompi) is on, and the events URL to paste in its dashboard. */
  getPaymentsStatus: (api: AdminApi) => api.getPaymentsStatus(),
  /** The guests' registration duties (issue 34): MinCIT's token, the SIRE codes, the SIRE months. */
  getRegistrationStatus: (api: AdminApi) => api.getRegistrationStatus(),
  /** Guests' reviews and the invitations sent (issue 35). */
  listOwnerReviews: (api: AdminApi) => api.listOwnerReviews(),
} satisfies Record<string, (api: AdminApi) => Promise<unknown>>;

export type PanelRead = keyof typeof PANEL_READS;
export type PanelData<K extends PanelRead> = Awaited<ReturnType<(typeof PANEL_READS)[K]>>;

/** A change to cached data: a new value, or a function of the current one. */
export type PanelUpdate<T> = T | ((current: T) => T);

export interface Loaded<T> {
  /** The last data loaded (or set), null until the first load succeeds. Kept while reloading. */
  data: T | null;
  /**
   * The Spanish message of the last failed load, cleared when one succeeds. Null for a 401: the
   * panel is signing out (the query cache told the host once, see AdminPanel).
   */
  error: string | null;
  /** A load is in flight. */
  loading: boolean;
  /** Loads again (the one in flight is dropped); resolves true if this load succeeded. */
  reload(): Promise<boolean>;
  /** Changes the data after a write the server confirmed; nothing happens before the first load. */
  setData(update: PanelUpdate<T>): void;
}

const applyUpdate = <T>(update: PanelUpdate<T>, current: T | undefined): T | undefined =>
  typeof update === 'function' ? (current === undefined ? undefined : (update as (c: T) => T)(current)) : update;

/**
 * The panel's cache as the sections change it after a write: `set` a row's data (a section that
 * shows it updates at once), `invalidate` rows the write changed on the server (loaded again
 * now if shown, otherwise when next shown).
 */
export function usePanelCache() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      set<K extends PanelRead>(name: K, update: PanelUpdate<PanelData<K>>): void {
        client.setQueryData<PanelData<K>>([name], (current) => applyUpdate(update, current));
      },
      invalidate(...names: PanelRead[]): void {
        for (const name of names) void client.invalidateQueries({ queryKey: [name] });
      },
    }),
    [client],
  );
}

/**
 * A section's data: loaded when the section mounts through the panel's API (what an earlier
 * visit left is shown meanwhile), shared with the other sections that read the same row.
 */
export function usePanelData<K extends PanelRead>(
  name: K,
  /** Asks again every so many milliseconds while shown (the alerts' count). */
  refetchInterval?: number,
): Loaded<PanelData<K>> {
  const { api } = usePanel();
  const query = useQuery({
    queryKey: [name],
    queryFn: () => PANEL_READS[name](api) as Promise<PanelData<K>>,
    refetchInterval,
  });
  const cache = usePanelCache();
  const { refetch } = query;
  const reload = useCallback(async () => (await refetch()).status === 'success', [refetch]);
  const setData = useCallback((update: PanelUpdate<PanelData<K>>) => cache.set(name, update), [cache, name]);
  return {
    data: query.data ?? null,
    error: query.error ? failureMessage(query.error) : null,
    loading: query.isFetching,
    reload,
    setData,
  };
}
