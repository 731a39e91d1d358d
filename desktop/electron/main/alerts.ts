import { app, Notification, type BrowserWindow } from 'electron';
import { ALERTS_POLL_MS, createAlertPoller } from '../lib/alert-poller';

/**
 * The owner's alerts on the desktop: a native notification for each new request (later payments
 * and receipts) and the count waiting on the app's badge, polled through the same generic API call
 * the panel uses (`call`, the `apiCall` IPC handler). Clicking a notification brings the window up.
 */
export function startAlertNotifications(deps: {
  call: (name: 'getAlerts') => Promise<unknown>;
  window: () => BrowserWindow | null;
  intervalMs?: number;
}) {
  const poller = createAlertPoller({
    fetchAlerts: () => deps.call('getAlerts'),
    notify({ title, body }) {
      if (!Notification.isSupported()) return;
      const notice = new Notification({ title, body });
      notice.on('click', () => {
        const win = deps.window();
        if (!win || win.isDestroyed()) return;
        if (win.isMinimized()) win.restore();
        win.show();
        win.focus();
      });
      notice.show();
    },
    setBadge: (count) => void app.setBadgeCount(count),
    intervalMs: deps.intervalMs ?? ALERTS_POLL_MS,
    onError: (err) => console.error('[desktop] alerts', err),
  });
  poller.start();
  return poller;
}
