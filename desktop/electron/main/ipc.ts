import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { BridgeResult, Channel } from '../lib/bridge-contract';

export const FORBIDDEN_SENDER: BridgeResult<never> = {
  ok: false,
  error: { status: 403, code: 'FORBIDDEN', message: 'Mensaje rechazado: no viene de la aplicación.' },
};

/**
 * Registers one `ipcMain.handle` per channel. Each checks the sending frame before anything
 * else; the handlers themselves validate their argument (see lib/ipc-handlers).
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: ReadonlyMap<Channel, (raw: unknown) => Promise<BridgeResult<unknown>>>,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
): void {
  for (const [channel, handle] of handlers) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrusted(event)) return FORBIDDEN_SENDER;
      // Exactly one argument per channel: extra ones are a malformed call.
      if (args.length > 1) {
        return {
          ok: false,
          error: { status: 400, code: 'VALIDATION', message: 'La aplicación envió datos no válidos.' },
        };
      }
      return handle(args[0]);
    });
  }
}
