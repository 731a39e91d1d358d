const number = (n: number, decimals: number) => n.toLocaleString('es-CO', { maximumFractionDigits: decimals });

/**
 * A file size as people in Colombia read it: "512 B", "340 KB", "3,4 MB", "1,2 GB" (1 KB = 1024
 * bytes, as file managers count). A size that would round to 1024 of one unit is shown in the
 * next one ("1 MB", not "1024 KB").
 */
export function formatBytes(bytes: number): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0;
  if (size < 1024) return `${size} B`;
  const kb = size / 1024;
  if (Math.round(kb) < 1024) return `${number(kb, 0)} KB`;
  const mb = kb / 1024;
  if (Math.round(mb * 10) / 10 < 1024) return `${number(mb, 1)} MB`;
  return `${number(mb / 1024, 1)} GB`;
}
