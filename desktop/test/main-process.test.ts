import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { IPC, IPC_SENDS, type IpcHandlers } from '../contract/ipc';
import { registerOnFakeIpcMain } from './helpers/ipc';

/** The Electron module, replaced: the binary cannot run here, the wiring can be checked. */
const electron = vi.hoisted(() => {
  const state = {
    lock: true,
    windows: [] as {
      options: Record<string, unknown>;
      loaded: string[];
      listeners: Map<string, (...a: unknown[]) => void>;
    }[],
    handles: new Map<string, (...a: unknown[]) => unknown>(),
    ipcListeners: new Map<string, (...a: unknown[]) => unknown>(),
    appListeners: new Map<string, (...a: unknown[]) => void>(),
    quit: 0,
    sandboxEnabled: 0,
    permissionRequest: null as null | ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void),
    permissionCheck: null as null | ((...a: unknown[]) => boolean),
    deviceCheck: null as null | ((...a: unknown[]) => boolean),
    opened: [] as string[],
    /** Privileged schemes, with whether the app was ready when they were declared. */
    schemes: [] as { scheme: string; privileges: Record<string, boolean>; afterReady: boolean }[],
    protocols: new Map<string, (request: Request) => Promise<Response>>(),
    userData: '',
    ready: null as null | Promise<void>,
  };
  class BrowserWindow {
    webContents = { send: () => undefined };
    record: (typeof state.windows)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [], listeners: new Map() };
      state.windows.push(this.record);
    }
    once(event: string, fn: () => void) {
      this.record.listeners.set(event, fn);
    }
    on(event: string, fn: () => void) {
      this.record.listeners.set(event, fn);
    }
    loadFile(file: string) {
      this.record.loaded.push(file);
      return Promise.resolve();
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    show() {}
    isDestroyed() {
      return false;
    }
  }
  const defaultSession = {
    setPermissionRequestHandler: (fn: typeof state.permissionRequest) => {
      state.permissionRequest = fn;
    },
    setPermissionCheckHandler: (fn: typeof state.permissionCheck) => {
      state.permissionCheck = fn;
    },
    setDevicePermissionHandler: (fn: typeof state.deviceCheck) => {
      state.deviceCheck = fn;
    },
  };
  return {
    state,
    module: {
      app: {
        requestSingleInstanceLock: () => state.lock,
        enableSandbox: () => {
          state.sandboxEnabled++;
        },
        quit: () => {
          state.quit++;
        },
        on: (event: string, fn: (...a: unknown[]) => void) => {
          state.appListeners.set(event, fn);
        },
        whenReady: () => {
          state.ready = Promise.resolve();
          return state.ready;
        },
        getPath: () => state.userData,
      },
      BrowserWindow,
      ipcMain: {
        handle: (channel: string, fn: (...a: unknown[]) => unknown) => {
          if (state.handles.has(channel)) throw new Error(`second handler for ${channel}`);
          state.handles.set(channel, fn);
        },
        on: (channel: string, fn: (...a: unknown[]) => unknown) => {
          if (state.ipcListeners.has(channel)) throw new Error(`second listener for ${channel}`);
          state.ipcListeners.set(channel, fn);
        },
      },
      session: { defaultSession },
      safeStorage: {
        isEncryptionAvailable: () => false,
        getSelectedStorageBackend: () => 'basic_text',
        encryptString: () => Buffer.alloc(0),
        decryptString: () => '',
      },
      shell: {
        openExternal: (url: string) => {
          state.opened.push(url);
          return Promise.resolve();
        },
      },
      dialog: { showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }) },
      protocol: {
        registerSchemesAsPrivileged: (schemes: { scheme: string; privileges: Record<string, boolean> }[]) => {
          for (const s of schemes) state.schemes.push({ ...s, afterReady: state.ready !== null });
        },
        handle: (scheme: string, fn: (request: Request) => Promise<Response>) => {
          if (state.protocols.has(scheme)) throw new Error(`second handler for ${scheme}`);
          state.protocols.set(scheme, fn);
        },
      },
      webUtils: { getPathForFile: () => '' },
    },
  };
});
vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

const { mainWindowOptions, createMainWindow } = await import('../electron/main/window');
const {
  EXTERNAL_HOSTS,
  installNavigationGuards,
  isAllowedExternalUrl,
  isAppUrl,
  isTrustedSender,
  denyAllPermissions,
  strictSafeStorage,
} = await import('../electron/main/security');
const { FORBIDDEN_SENDER } = await import('../electron/main/ipc');

const APP = { url: pathToFileURL('/opt/Brisas/resources/app.asar/dist/index.html').href };

/** A WebContents stand-in that records the guards installed on it. */
function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  return {
    on: (event: string, fn: (...a: unknown[]) => void) => emitter.on(event, fn),
    setWindowOpenHandler: (fn: typeof openHandler) => {
      openHandler = fn;
    },
    navigate(url: string, event = 'will-navigate') {
      const e = { preventDefault: vi.fn(), url };
      emitter.emit(event, e, url);
      return e.preventDefault.mock.calls.length > 0;
    },
    open: (url: string) => openHandler!({ url }),
    emitter,
  };
}

beforeEach(() => {
  electron.state.opened.length = 0;
});

describe('window options', () => {
  it('turn on every Electron security switch', () => {
    const o = mainWindowOptions('/app/dist-electron/preload.cjs');
    expect(o.webPreferences).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(o.show).toBe(false);
  });

  it('creates the window with those options and shows it when ready', () => {
    const load = vi.fn(() => Promise.resolve());
    createMainWindow({ preloadPath: '/p.cjs', load });
    const win = electron.state.windows.at(-1)!;
    expect((win.options.webPreferences as Record<string, unknown>).sandbox).toBe(true);
    expect(load).toHaveBeenCalledOnce();
    expect(win.listeners.has('ready-to-show')).toBe(true);
  });
});

describe('navigation guards', () => {
  it('block navigation away; allowed links go to the system browser only', () => {
    const contents = fakeContents();
    installNavigationGuards(contents as never, {
      app: APP,
      openExternal: (url) => electron.module.shell.openExternal(url),
      serverOrigin: () => 'https://brisasdelgolfo.co',
    });
    expect(contents.navigate(APP.url)).toBe(false);
    expect(contents.navigate(`${APP.url}#adm-fotos`)).toBe(false);
    expect(contents.navigate('https://evil.example/phish')).toBe(true);
    expect(contents.navigate('file:///etc/passwd')).toBe(true);
    expect(contents.navigate('https://evil.example/', 'will-redirect')).toBe(true);
    expect(contents.navigate('https://wa.me/573005550142?text=Hola')).toBe(true);
    expect(contents.navigate('mailto:huesped@example.com?subject=Reserva')).toBe(true);
    expect(electron.state.opened).toEqual([
      'https://wa.me/573005550142?text=Hola',
      'mailto:huesped@example.com?subject=Reserva',
    ]);

    electron.state.opened.length = 0;
    expect(contents.open('https://wa.me/573005550142')).toEqual({ action: 'deny' });
    expect(contents.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(contents.open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(contents.open('http://wa.me/573005550142')).toEqual({ action: 'deny' });
    expect(contents.open('https://brisasdelgolfo.co/galeria')).toEqual({ action: 'deny' });
    expect(electron.state.opened).toEqual(['https://wa.me/573005550142', 'https://brisasdelgolfo.co/galeria']);

    const webview = { preventDefault: vi.fn() };
    contents.emitter.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    const frameNav = { preventDefault: vi.fn(), url: 'https://evil.example/' };
    contents.emitter.emit('will-frame-navigate', frameNav);
    expect(frameNav.preventDefault).toHaveBeenCalled();
  });

  it('allows only https on known hosts, mailto, or the configured server', () => {
    expect(isAllowedExternalUrl('https://www.instagram.com/brisasdelgolfotolu')).toBe(true);
    expect(isAllowedExternalUrl('https://user:pw@wa.me/1')).toBe(false);
    expect(isAllowedExternalUrl('file:///C:/Windows/system32/calc.exe')).toBe(false);
    expect(isAllowedExternalUrl('smb://evil/share')).toBe(false);
    expect(isAllowedExternalUrl('not a url')).toBe(false);
    expect(isAllowedExternalUrl('http://192.168.1.10:3000/media/a.jpg', 'http://192.168.1.10:3000')).toBe(true);
    expect(isAllowedExternalUrl('http://192.168.1.10:3000/media/a.jpg', null)).toBe(false);
    // Google's redirector would turn an allowed host into any site; the app has no map to open.
    expect(isAllowedExternalUrl('https://www.google.com/url?q=https://evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://maps.google.com/url?q=https://evil.example/')).toBe(false);
    expect(isAllowedExternalUrl(BUSINESS.mapUrl)).toBe(false);
    expect(EXTERNAL_HOSTS.some((host) => /(^|\.)google\./.test(host))).toBe(false);
  });

  it('recognises the app page (file build or dev server) and nothing else', () => {
    expect(isAppUrl(APP.url, APP)).toBe(true);
    expect(isAppUrl(pathToFileURL('/opt/Brisas/resources/app.asar/dist/other.html').href, APP)).toBe(false);
    expect(isAppUrl('http://localhost:5173/src/main.tsx', { url: 'http://localhost:5173/' })).toBe(true);
    expect(isAppUrl('http://localhost:5174/', { url: 'http://localhost:5173/' })).toBe(false);
  });
});

describe('permissions', () => {
  it('every permission request and check is refused', () => {
    denyAllPermissions(electron.module.session.defaultSession as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const cb = vi.fn();
      electron.state.permissionRequest!({}, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    expect(electron.state.permissionCheck!({}, 'media', 'file://', {})).toBe(false);
    expect(electron.state.deviceCheck!({})).toBe(false);
  });
});

describe('token encryption backend', () => {
  it('treats Linux basic_text (a fixed key) as no encryption', () => {
    const safe = (backend: string, available = true) =>
      ({
        isEncryptionAvailable: () => available,
        getSelectedStorageBackend: () => backend,
        encryptString: (s: string) => Buffer.from(s),
        decryptString: (b: Buffer) => b.toString(),
      }) as never;
    expect(strictSafeStorage(safe('basic_text'), 'linux').isEncryptionAvailable()).toBe(false);
    expect(strictSafeStorage(safe('gnome_libsecret'), 'linux').isEncryptionAvailable()).toBe(true);
    expect(strictSafeStorage(safe('kwallet5'), 'linux').isEncryptionAvailable()).toBe(true);
    expect(strictSafeStorage(safe('unknown'), 'darwin').isEncryptionAvailable()).toBe(true);
    expect(strictSafeStorage(safe('gnome_libsecret', false), 'linux').isEncryptionAvailable()).toBe(false);
    expect(strictSafeStorage(safe('unknown'), 'win32').encryptString('x').toString()).toBe('x');
  });
});

describe('IPC sender checks', () => {
  const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

  it('trust only the top frame of the app page', () => {
    expect(isTrustedSender(frame(APP.url) as never, APP)).toBe(true);
    expect(isTrustedSender(frame(APP.url, {}) as never, APP)).toBe(false);
    expect(isTrustedSender(frame('https://evil.example/') as never, APP)).toBe(false);
    expect(isTrustedSender(frame(pathToFileURL('/tmp/evil.html').href) as never, APP)).toBe(false);
    expect(isTrustedSender({ senderFrame: null }, APP)).toBe(false);
  });

  it('refuse untrusted senders before the handler runs, and malformed calls', async () => {
    const handler = vi.fn(() => Promise.resolve({ precio: 90_000 }));
    const handlers = Object.fromEntries(
      [...Object.keys(IPC), ...Object.keys(IPC_SENDS)].map((name) => [name, vi.fn()]),
    ) as unknown as IpcHandlers;
    const handles = registerOnFakeIpcMain({ ...handlers, apiCall: handler }, (event) => isTrustedSender(event, APP));
    const invoke = handles.get(IPC.apiCall.channel)!;
    const getPrice = { name: 'getPrice' };
    expect(await invoke(frame('https://evil.example/'), getPrice)).toEqual(FORBIDDEN_SENDER);
    expect(await invoke(frame(APP.url, {}), getPrice)).toEqual(FORBIDDEN_SENDER);
    expect(handler).not.toHaveBeenCalled();
    expect(await invoke(frame(APP.url), 'a', 'b')).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await invoke(frame(APP.url), getPrice, 'b')).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await invoke(frame(APP.url), { name: 'login' })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(handler).not.toHaveBeenCalled();
    expect(await invoke(frame(APP.url), getPrice)).toEqual({ ok: true, value: { precio: 90_000 } });
    expect(handler).toHaveBeenCalledExactlyOnceWith(getPrice);
  });
});

describe('main entry', () => {
  afterEach(() => {
    vi.resetModules();
  });

  it('locks to one instance, sandboxes, denies permissions, registers one handler per channel, loads the built page', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    electron.state.userData = await mkdtemp(path.join(os.tmpdir(), 'cabana-main-'));
    electron.state.lock = true;
    electron.state.handles.clear();
    electron.state.ipcListeners.clear();
    electron.state.protocols.clear();
    electron.state.schemes.length = 0;
    electron.state.ready = null;
    electron.state.permissionRequest = null;
    const before = electron.state.windows.length;
    try {
      await import('../electron/main/index');
      // Set by the app's whenReady() during the import (TypeScript still sees the null above).
      await (electron.state.ready as Promise<void> | null);
      await vi.waitFor(() => expect(electron.state.windows.length).toBe(before + 1));
      expect(electron.state.sandboxEnabled).toBeGreaterThan(0);
      expect(electron.state.appListeners.has('second-instance')).toBe(true);
      expect(electron.state.permissionRequest).not.toBeNull();
      expect([...electron.state.handles.keys()].sort()).toEqual(
        Object.values(IPC)
          .map((e) => e.channel)
          .sort(),
      );
      const win = electron.state.windows.at(-1)!;
      const prefs = win.options.webPreferences as Record<string, unknown>;
      expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
      expect(String(prefs.preload)).toMatch(/preload\.cjs$/);
      expect(win.loaded[0]).toMatch(/dist[\\/]index\.html$/);

      // A handler registered by main refuses a foreign frame and serves the app page.
      const connectionGet = electron.state.handles.get(IPC.getConnection.channel)!;
      expect(await connectionGet({ senderFrame: { url: 'https://evil.example/', parent: null } })).toEqual(
        FORBIDDEN_SENDER,
      );
      const appUrl = pathToFileURL(win.loaded[0]!).href;
      expect(await connectionGet({ senderFrame: { url: appUrl, parent: null } })).toEqual({
        ok: true,
        value: { serverUrl: null, canRememberSession: false },
      });

      // api:call reaches the service: with no server configured yet, it says so.
      const fromApp = { senderFrame: { url: appUrl, parent: null } };
      const apiCall = electron.state.handles.get(IPC.apiCall.channel)!;
      expect(
        await apiCall({ senderFrame: { url: 'https://evil.example/', parent: null } }, { name: 'getPrice' }),
      ).toEqual(FORBIDDEN_SENDER);
      expect(await apiCall(fromApp, { name: 'getPrice' })).toEqual({
        ok: false,
        error: { status: 400, code: 'VALIDATION', message: 'Primero indica la dirección del servidor.' },
      });

      // uploads:add-files takes a path only once the preload said it was dropped, from the app page.
      const dropped = path.join(electron.state.userData, 'soltada');
      const { mkdir } = await import('node:fs/promises');
      await mkdir(dropped);
      const addFiles = electron.state.handles.get(IPC.addUploadPaths.channel)!;
      const droppedPath = electron.state.ipcListeners.get(IPC_SENDS.droppedPath.channel)!;
      expect(await addFiles(fromApp, { paths: [dropped] })).toMatchObject({ ok: false, error: { status: 403 } });
      droppedPath({ senderFrame: { url: 'https://evil.example/', parent: null } }, dropped);
      expect(await addFiles(fromApp, { paths: [dropped] })).toMatchObject({ ok: false, error: { status: 403 } });
      droppedPath(fromApp, dropped);
      expect(await addFiles(fromApp, { paths: [dropped] })).toEqual({ ok: true, value: { added: 0, skipped: 0 } });

      // Photos come through main's cabana-media: protocol, declared standard and secure before
      // the app is ready, answered by the service (no server configured yet: nothing to show).
      expect(electron.state.schemes).toEqual([
        { scheme: 'cabana-media', privileges: { standard: true, secure: true }, afterReady: false },
      ]);
      const media = electron.state.protocols.get('cabana-media')!;
      expect([...electron.state.protocols.keys()]).toEqual(['cabana-media']);
      expect((await media(new Request('cabana-media://server/AbCdEfGhIjKlMnOp/960.jpg'))).status).toBe(404);
      expect((await media(new Request('cabana-media://server/../api/sesion'))).status).toBe(404);

      // Every web contents created later gets the navigation guards.
      const contents = fakeContents();
      electron.state.appListeners.get('web-contents-created')!({}, contents);
      expect(contents.navigate('https://evil.example/')).toBe(true);
      expect(contents.open('https://evil.example/')).toEqual({ action: 'deny' });
    } finally {
      await rm(electron.state.userData, { recursive: true, force: true });
    }
  });

  it('a second instance quits at once', async () => {
    electron.state.lock = false;
    const quits = electron.state.quit;
    const windows = electron.state.windows.length;
    await import('../electron/main/index');
    expect(electron.state.quit).toBe(quits + 1);
    expect(electron.state.windows.length).toBe(windows);
  });
});
