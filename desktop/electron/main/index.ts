import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, type BrowserWindow, clipboard, dialog, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import { createDesktopService } from '../lib/desktop-service';
import { createIpcHandlers } from '../lib/ipc-handlers';
import { IPC_EVENTS, type IpcEventName, type IpcEventPayload } from '../../contract/ipc';
import { MEDIA_SCHEME } from '../../contract/media';
import type { PublicSettings } from '@cabana/shared/domain/schemas/settings';
import {
  denyAllPermissions,
  externalHostsFor,
  installNavigationGuards,
  isTrustedSender,
  strictSafeStorage,
  type AppLocation,
} from './security';
import { createMainWindow } from './window';
import { registerIpcHandlers } from './ipc';
import { startAlertNotifications } from './alerts';

const here = path.dirname(fileURLToPath(import.meta.url));
const devServerUrl = process.env.VITE_DEV_SERVER_URL;
const appLocation: AppLocation = {
  url: devServerUrl ?? pathToFileURL(path.join(here, '../dist/index.html')).href,
};

let mainWindow: BrowserWindow | null = null;

// Every renderer is sandboxed, whatever a window's own options say.
app.enableSandbox();

// Photos reach the page through main only (see contract/media.ts). Standard and secure: parsed
// like https URLs and no mixed content from a file:// page; no fetch() or CORS for the page.
// Must be declared before the app is ready.
protocol.registerSchemesAsPrivileged([{ scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true } }]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  let serverOrigin: string | null = null;
  let businessSettings: () => PublicSettings | null = () => null;
  app.on('web-contents-created', (_event, contents) => {
    installNavigationGuards(contents, {
      app: appLocation,
      openExternal: (url) => shell.openExternal(url),
      serverOrigin: () => serverOrigin,
      externalHosts: () => externalHostsFor(businessSettings()),
    });
  });

  app.on('window-all-closed', () => app.quit());

  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    const send = <E extends IpcEventName>(event: E, payload: IpcEventPayload<E>) => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(IPC_EVENTS[event].channel, payload);
    };
    const service = createDesktopService({
      userDataDir: app.getPath('userData'),
      safeStorage: strictSafeStorage(safeStorage),
      pickPaths: async (folders) => {
        const options: Electron.OpenDialogOptions = {
          title: folders ? 'Elegir carpetas con fotos' : 'Elegir fotos',
          properties: folders ? ['openDirectory', 'multiSelections'] : ['openFile', 'multiSelections'],
          ...(folders
            ? {}
            : { filters: [{ name: 'Imágenes', extensions: ['jpg', 'jpeg', 'png', 'webp', 'avif', 'heic', 'heif'] }] }),
        };
        const result = mainWindow
          ? await dialog.showOpenDialog(mainWindow, options)
          : await dialog.showOpenDialog(options);
        return result.canceled ? [] : result.filePaths;
      },
      onQueueChange: (snapshot) => send('uploadsChanged', snapshot),
      onUploadThumbnail: (thumbnail) => send('uploadThumbnail', thumbnail),
      onImageUploadProgress: (progress) => send('imageUploadProgress', progress),
      writeClipboard: (text) => clipboard.writeText(text),
      onConnectionChange: ({ serverUrl }) => {
        serverOrigin = serverUrl ? new URL(serverUrl).origin : null;
      },
    });
    await service.init();
    businessSettings = () => service.currentSettings();
    const { serverUrl } = await service.getConnection();
    serverOrigin = serverUrl ? new URL(serverUrl).origin : null;
    const handlers = createIpcHandlers(service);
    registerIpcHandlers(ipcMain, handlers, (event) => isTrustedSender(event, appLocation));
    protocol.handle(MEDIA_SCHEME, (request) => service.handleMediaRequest(request));

    mainWindow = createMainWindow({
      preloadPath: path.join(here, 'preload.cjs'),
      load: (win) => (devServerUrl ? win.loadURL(devServerUrl) : win.loadFile(path.join(here, '../dist/index.html'))),
    });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
    startAlertNotifications({ call: (name) => Promise.resolve(handlers.apiCall({ name })), window: () => mainWindow });
  });
}
