import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import {
  IPC,
  IPC_SENDS,
  type BridgeResult,
  type IpcHandlers,
  type IpcName,
  type IpcSendName,
} from '../../contract/ipc';
import type { PanelRouteName } from '@cabana/shared/api/contract';
import { registerIpcHandlers } from '../../electron/main/ipc';

export type IpcHandle = (event: unknown, ...args: unknown[]) => Promise<BridgeResult<unknown>> | BridgeResult<unknown>;
export type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** What main registered: invoke handles by channel, and `listeners` for the preload's messages. */
export class FakeIpcMain extends Map<string, IpcHandle> {
  readonly listeners = new Map<string, IpcListener>();
}

/**
 * Main's own registration on a stand-in `ipcMain`: a call goes through the sender check, the
 * argument validation and the handler, as one from the app's page would. A channel registered
 * twice throws, as Electron's `ipcMain.handle` does.
 */
export function registerOnFakeIpcMain(
  handlers: IpcHandlers,
  isTrusted: (event: IpcMainInvokeEvent) => boolean = () => true,
): FakeIpcMain {
  const handles = new FakeIpcMain();
  const ipcMain = {
    handle(channel: string, fn: IpcHandle) {
      if (handles.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handles.set(channel, fn);
    },
    on(channel: string, fn: IpcListener) {
      if (handles.listeners.has(channel)) throw new Error(`Second listener for '${channel}'`);
      handles.listeners.set(channel, fn);
    },
  } as unknown as Pick<IpcMain, 'handle' | 'on'>;
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

/** Calls a panel row of the HTTP contract through `api:call`, as the renderer's AdminApi does. */
export function apiCaller(handles: ReadonlyMap<string, IpcHandle>) {
  const call = ipcCaller(handles);
  return (name: PanelRouteName, input?: unknown): Promise<BridgeResult<unknown>> =>
    call('apiCall', input === undefined ? { name } : { name, input });
}

/** Sends one of the preload's own messages, from a trusted frame unless `event` says otherwise. */
export function ipcSender(handles: FakeIpcMain) {
  return (name: IpcSendName, args: unknown[], event: unknown = {}): void => {
    const listener = handles.listeners.get(IPC_SENDS[name].channel);
    if (!listener) throw new Error(`No listener registered for ${name}`);
    listener(event, ...args);
  };
}
