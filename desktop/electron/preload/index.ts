import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { IPC, IPC_EVENTS, listenerName, type DesktopBridge } from '../../contract/ipc';

// Reading the names from the contract bundles zod and the schemas into this file (about 95 kB,
// parsed once per window): the price of having no second list of channels to keep in step.

// One named function per contract entry, each sending exactly one argument on its own channel:
// the page can reach nothing else of ipcRenderer.
const invokers = Object.entries(IPC).map(([name, { channel }]) => [
  name,
  (arg?: unknown) => ipcRenderer.invoke(channel, arg),
]);

const subscribers = Object.entries(IPC_EVENTS).map(([event, { channel }]) => [
  listenerName(event as keyof typeof IPC_EVENTS),
  (listener: (payload: unknown) => void) => {
    // The page's listener never sees the IpcRendererEvent (it carries `sender`).
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
]);

const bridge = {
  ...Object.fromEntries([...invokers, ...subscribers]),
  getPathForFile: (file: File) => {
    try {
      return webUtils.getPathForFile(file);
    } catch {
      return '';
    }
  },
} as DesktopBridge;

contextBridge.exposeInMainWorld('cabanaDesktop', bridge);
