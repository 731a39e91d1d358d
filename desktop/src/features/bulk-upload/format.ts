import { formatBytes } from '@cabana/shared/domain/lib/format-bytes';
import type { QueueItemState, QueueSummary } from '../../../contract/ipc';

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

export const STATE_LABEL: Record<QueueItemState, string> = {
  queued: 'En espera',
  preparing: 'Preparando',
  uploading: 'Subiendo',
  done: 'Subida',
  failed: 'Falló',
  cancelled: 'Cancelada',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function summaryText(s: QueueSummary): string {
  const parts = [
    plural(s.uploaded, 'subida', 'subidas'),
    plural(s.failed, 'fallida', 'fallidas'),
    plural(s.cancelled, 'cancelada', 'canceladas'),
    plural(s.skipped, 'omitida', 'omitidas'),
  ];
  let text = `Subida terminada: ${parts.join(', ')}.`;
  if (s.bytesOriginal > 0) {
    const saved = Math.round((1 - s.bytesSent / s.bytesOriginal) * 100);
    text += ` Se enviaron ${formatBytes(s.bytesSent)} de ${formatBytes(s.bytesOriginal)} originales`;
    text += saved > 0 ? ` (${saved} % menos)` : '';
    text += ` en ${formatDuration(s.ms)}.`;
  }
  return text;
}
