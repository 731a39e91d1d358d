import { ApiError } from '@cabana/shared/api/errors';
import type { BridgeResult, DesktopBridge } from '../../contract/ipc';

declare global {
  interface Window {
    /** Set by the preload (or by the test bridge). */
    cabanaDesktop?: DesktopBridge;
  }
}

export function getBridge(): DesktopBridge {
  const bridge = window.cabanaDesktop;
  if (!bridge) throw new Error('La aplicación no cargó su puente con el sistema.');
  return bridge;
}

/** Turns a bridge envelope back into a value or the ApiError the shared panel expects. */
export async function unwrap<T>(result: Promise<BridgeResult<T>>): Promise<T> {
  const r = await result;
  if (r.ok) return r.value;
  throw new ApiError(r.error.status, { error: r.error.message, code: r.error.code, fields: r.error.fields });
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Ocurrió un error inesperado.';
}
