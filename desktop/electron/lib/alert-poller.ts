import { ApiError } from '@cabana/shared/api/errors';
import { AlertsSchema, type AlertItem } from '@cabana/shared/domain/schemas/overview';

/** How often the desktop app asks the server what waits for the owner. */
export const ALERTS_POLL_MS = 60_000;

export interface AlertPollerOptions {
  /** GET /api/avisos through main's generic API call; rejects with a 401 while nobody is signed in. */
  fetchAlerts(): Promise<unknown>;
  /** A native notification for one new item (or for the summary of what was waiting at sign-in). */
  notify(notice: { title: string; body: string }): void;
  /** The dock or taskbar badge: how many things wait (0 hides it). */
  setBadge(count: number): void;
  intervalMs?: number;
  onError?(err: unknown): void;
}

/**
 * Polls the alerts while the app runs, with no Electron import (main/alerts.ts wires it to
 * `Notification` and `app.setBadgeCount`). Items carry stable ids: each poll notifies only the ones
 * the previous poll did not have. The first answer after signing in tells what was already waiting
 * in one summary notification instead of one per item; signed out, the badge is cleared.
 */
export function createAlertPoller(opts: AlertPollerOptions) {
  let seen: Set<string> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let inFlight: Promise<void> | null = null;

  function summary(items: readonly AlertItem[]) {
    const n = items.length;
    return { title: `${n} ${n === 1 ? 'aviso espera' : 'avisos esperan'} tu respuesta`, body: items[0]!.body };
  }

  async function once(): Promise<void> {
    try {
      const alerts = AlertsSchema.parse(await opts.fetchAlerts());
      if (seen === null) {
        if (alerts.items.length > 0) opts.notify(summary(alerts.items));
      } else {
        // Oldest first, as they arrived.
        for (const item of [...alerts.items].reverse())
          if (!seen.has(item.id)) opts.notify({ title: item.title, body: item.body });
      }
      seen = new Set(alerts.items.map((i) => i.id));
      opts.setBadge(alerts.count);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        seen = null;
        opts.setBadge(0);
      } else opts.onError?.(err);
    }
  }

  return {
    /** One poll now (a poll already running is waited for instead of starting another). */
    poll(): Promise<void> {
      inFlight ??= once().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    start(): void {
      if (timer) return;
      void this.poll();
      timer = setInterval(() => void this.poll(), opts.intervalMs ?? ALERTS_POLL_MS);
      timer.unref?.();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
