import { LIMITS } from '@cabana/shared/config/limits';

/** "IMG_2034-atardecer.jpg" → "IMG 2034 atardecer": a caption the owner can keep or edit. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const withoutExt = base.replace(/\.[^.]+$/, '');
  const title = withoutExt.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (title || 'Foto').slice(0, LIMITS.titleMax).trim();
}

/** Sizes as the owner reads them: "3,4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString('es-CO', { maximumFractionDigits: 0 })} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-CO', { maximumFractionDigits: 1 })} MB`;
}
