import { LIMITS } from '../domain/config/limits';
import { formatBytes } from '../domain/lib/format-bytes';

const IMAGE_NAME = /\.(jpe?g|png|webp|avif|heic|heif)$/i;

/**
 * A early, friendly verdict on a chosen file (the server decides by content anyway).
 * Returns a Spanish reason when the file cannot be sent, or null.
 */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return 'El archivo está vacío.';
  if (file.size > LIMITS.maxUploadBytes) return `El archivo supera el máximo de ${formatBytes(LIMITS.maxUploadBytes)}.`;
  const looksLikeImage = file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name);
  if (!looksLikeImage || file.type === 'image/svg+xml') {
    return 'No es una imagen admitida (JPEG, PNG, WebP, AVIF o HEIC).';
  }
  return null;
}

/**
 * A small JPEG data: URL to preview a chosen photo. Downscaled while decoding so dozens of
 * 12-megapixel photos do not fill memory, and a data: URL needs nothing more from the host's
 * CSP than the image placeholders already do. Null when the browser cannot decode it (HEIC).
 */
export async function makeThumbnail(file: Blob, width = 320): Promise<string | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { resizeWidth: width, resizeQuality: 'medium' });
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  } finally {
    bitmap?.close();
  }
}
