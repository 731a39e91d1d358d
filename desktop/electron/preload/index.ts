import { contextBridge, ipcRenderer, webUtils } from 'electron';
// The names only: ipc.ts would bring zod and the shared schemas into this file (about 95 kB,
// parsed in every window). Its types cost nothing.
import { EVENT_CHANNELS, INVOKE_CHANNELS, SEND_CHANNELS, listenerName, type EventName } from '../../contract/channels';
import type { DesktopBridge } from '../../contract/ipc';

// One named function per contract entry, each sending exactly one argument on its own channel:
// the page can reach nothing else of ipcRenderer.
const invokers = Object.entries(INVOKE_CHANNELS).map(([name, channel]) => [
  name,
  (arg?: unknown) => ipcRenderer.invoke(channel, arg),
]);

const subscribers = Object.entries(EVENT_CHANNELS).map(([event, channel]) => [
  listenerName(event as EventName),
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
    let filePath: string;
    try {
      filePath = webUtils.getPathForFile(file);
    } catch {
      return '';
    }
    // Only a File the owner dropped (or picked) has a path. Main hears of it before the page can
    // ask for it to be uploaded: messages from one frame reach main in the order they were sent.
    if (filePath) ipcRenderer.send(SEND_CHANNELS.droppedPath, filePath);
    return filePath;
  },
} as DesktopBridge;

contextBridge.exposeInMainWorld('cabanaDesktop', bridge);
