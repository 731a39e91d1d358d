import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { IPC, type BridgeResult, type IpcHandlers, type IpcName } from '../../contract/ipc';
import { registerIpcHandlers } from '../../electron/main/ipc';

export type IpcHandle = (event: unknown, ...args: unknown[]) => Promise<BridgeResult<unknown>> | BridgeResult<unknown>;

/**
 * Main's own registration on a stand-in `ipcMain`: a call goes through the sender check, the
 * argument validation and the handler, as one from the app's page would. A channel registered
 * twice throws, as Electron's `ipcMain.handle` does.
 */
export function registerOnFakeIpcMain(
  handlers: IpcHandlers,
  isTrusted: (event: IpcMainInvokeEvent) => boolean = () => true,
): Map<string, IpcHandle> {
  const handles = new Map<string, IpcHandle>();
  const ipcMain = {
    handle(channel: string, fn: IpcHandle) {
      if (handles.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handles.set(channel, fn);
    },
  } as unknown as Pick<IpcMain, 'handle'>;
  registerIpcHandlers(ipcMain, handlers, isTrusted);
  return handles;
}

/** Calls a contract entry by name, from a trusted frame, with exactly the arguments given. */
export function ipcCaller(handles: ReadonlyMap<string, IpcHandle>) {
  return async (name: IpcName, ...args: unknown[]): Promise<BridgeResult<unknown>> => {
    const handle = handles.get(IPC[name].channel);
    if (!handle) throw new Error(`No handler registered for ${name}`);
    return handle({}, ...args);
  };
}
