import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import type { z } from 'zod';
import { ApiError } from '@cabana/shared/api/errors';
import {
  IPC,
  IPC_SENDS,
  type BridgeError,
  type BridgeResult,
  type IpcHandlers,
  type IpcName,
  type IpcSendName,
} from '../../contract/ipc';

export const INVALID_ARGS = 'La aplicación envió datos no válidos.';

export const FORBIDDEN_SENDER: BridgeResult<never> = {
  ok: false,
  error: { status: 403, code: 'FORBIDDEN', message: 'Mensaje rechazado: no viene de la aplicación.' },
};

const INVALID: BridgeResult<never> = {
  ok: false,
  error: { status: 400, code: 'VALIDATION', message: INVALID_ARGS },
};

function toBridgeError(err: unknown): BridgeError {
  if (err instanceof ApiError) {
    return {
      status: err.status,
      code: err.code,
      message: err.message,
      ...(Object.keys(err.fields).length ? { fields: err.fields } : {}),
    };
  }
  // Unexpected: keep the details in main's log, give the renderer a plain Spanish sentence.
  console.error('[desktop] unexpected error', err);
  return { status: 500, code: 'INTERNAL', message: 'Ocurrió un error inesperado en la aplicación.' };
}

/**
 * Registers one `ipcMain.handle` per contract entry and one `ipcMain.on` per preload message.
 * Before its handler runs, each checks the sending frame, that the call carries exactly one
 * argument and that the entry's schema accepts it; an invoke's answer, or its error, goes back as
 * a result envelope. A message has no answer: one that fails a check is dropped.
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'on'>,
  handlers: IpcHandlers,
  isTrusted: (event: IpcMainInvokeEvent | IpcMainEvent) => boolean,
): void {
  for (const name of Object.keys(IPC_SENDS) as IpcSendName[]) {
    const { channel, args: schema } = IPC_SENDS[name] as { channel: string; args: z.ZodType };
    const run = handlers[name] as (args: unknown) => void;
    if (typeof run !== 'function') throw new Error(`No IPC handler for ${name}`);
    ipcMain.on(channel, (event, ...args: unknown[]) => {
      if (!isTrusted(event) || args.length > 1) return;
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) return;
      try {
        run(parsed.data);
      } catch (err) {
        console.error('[desktop] unexpected error', err);
      }
    });
  }
  for (const name of Object.keys(IPC) as IpcName[]) {
    const { channel, args: schema } = IPC[name] as { channel: string; args: z.ZodType };
    const run = handlers[name] as (args: unknown) => unknown;
    if (typeof run !== 'function') throw new Error(`No IPC handler for ${name}`);
    ipcMain.handle(channel, async (event, ...args: unknown[]): Promise<BridgeResult<unknown>> => {
      if (!isTrusted(event)) return FORBIDDEN_SENDER;
      // Exactly one argument per channel: extra ones are a malformed call.
      if (args.length > 1) return INVALID;
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) return INVALID;
      try {
        return { ok: true, value: await run(parsed.data) };
      } catch (err) {
        return { ok: false, error: toBridgeError(err) };
      }
    });
  }
}
