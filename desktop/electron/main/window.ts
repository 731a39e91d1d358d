import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';

/** Window options per the Electron security checklist: the renderer gets no Node at all. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 760,
    minHeight: 560,
    show: false,
    title: 'Administración',
    backgroundColor: '#f6f3ee',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  };
}

export function createMainWindow(opts: {
  preloadPath: string;
  load: (win: BrowserWindow) => Promise<void>;
}): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(opts.preloadPath));
  win.once('ready-to-show', () => win.show());
  void opts.load(win);
  return win;
}
