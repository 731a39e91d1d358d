import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { IPC, IPC_EVENTS, IPC_SENDS, listenerName, type DesktopBridge, type IpcEventName } from '../contract/ipc';
import { desktopDir } from './helpers/build';

const electron = vi.hoisted(() => {
  const state = {
    exposed: new Map<string, unknown>(),
    invoked: [] as { channel: string; args: unknown[] }[],
    sent: [] as { channel: string; args: unknown[] }[],
    listeners: new Map<string, ((...a: unknown[]) => void)[]>(),
  };
  return {
    state,
    module: {
      contextBridge: {
        exposeInMainWorld: (key: string, api: unknown) => state.exposed.set(key, api),
      },
      ipcRenderer: {
        invoke: (channel: string, ...args: unknown[]) => {
          state.invoked.push({ channel, args });
          return Promise.resolve({ ok: true, value: null });
        },
        send: (channel: string, ...args: unknown[]) => {
          state.sent.push({ channel, args });
        },
        on: (channel: string, fn: (...a: unknown[]) => void) => {
          state.listeners.set(channel, [...(state.listeners.get(channel) ?? []), fn]);
        },
        removeListener: (channel: string, fn: (...a: unknown[]) => void) => {
          state.listeners.set(
            channel,
            (state.listeners.get(channel) ?? []).filter((f) => f !== fn),
          );
        },
      },
      // A File the page made itself has no path; a dropped one does.
      webUtils: {
        getPathForFile: (f: { name: string }) => (f.name.startsWith('hecho-') ? '' : `/home/dueño/${f.name}`),
      },
    },
  };
});
vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

await import('../electron/preload/index');

describe('preload', () => {
  const bridge = electron.state.exposed.get('cabanaDesktop') as DesktopBridge;

  it('exposes one object of plain named functions, nothing of ipcRenderer', () => {
    expect([...electron.state.exposed.keys()]).toEqual(['cabanaDesktop']);
    for (const [name, value] of Object.entries(bridge)) {
      expect(typeof value, name).toBe('function');
      expect(value).not.toBe(electron.module.ipcRenderer.invoke);
      expect(value).not.toBe(electron.module.ipcRenderer.on);
    }
    expect(Object.keys(bridge)).not.toContain('invoke');
    expect(Object.keys(bridge)).not.toContain('send');
    // The preload's own message is not a page function.
    expect(Object.keys(bridge)).not.toContain('droppedPath');
  });

  it('each function invokes its own channel with one argument object', async () => {
    electron.state.invoked.length = 0;
    const bytes = new Uint8Array([1, 2, 3]);
    await bridge.getConnection();
    await bridge.setServer({ serverUrl: 'https://brisasdelgolfo.co' });
    await bridge.getSession();
    await bridge.login({ email: 'a@b.co', password: 'clave' });
    await bridge.logout();
    await bridge.apiCall({ name: 'setEnquiryStatus', input: { id: 'e1', status: 'respondida' } });
    await bridge.uploadImage({ uploadId: 'u', fileName: 'a.jpg', bytes, title: 't', description: 'd' });
    await bridge.cancelImageUpload({ uploadId: 'u' });
    await bridge.copyText({ text: 'https://brisasdelgolfo.co/api/calendario/ical/x.ics' });
    await bridge.getUploads();
    await bridge.addUploadPaths({ paths: ['/fotos'] });
    await bridge.pickUploadFiles({ folders: true });
    await bridge.setUploadTitle({ id: 'q1', title: 'Playa' });
    await bridge.startUploads();
    await bridge.retryFailedUploads();
    await bridge.cancelUploads();
    await bridge.clearFinishedUploads();
    const channels = electron.state.invoked.map((c) => c.channel);
    expect([...channels].sort()).toEqual(
      Object.values(IPC)
        .map((e) => e.channel)
        .sort(),
    );
    expect(electron.state.invoked.every((c) => c.args.length === 1)).toBe(true);
    const byChannel = Object.fromEntries(electron.state.invoked.map((c) => [c.channel, c.args[0]]));
    expect(byChannel[IPC.login.channel]).toEqual({ email: 'a@b.co', password: 'clave' });
    // Every call to the API goes through one channel, with the contract row's name and its input.
    expect(byChannel[IPC.apiCall.channel]).toEqual({
      name: 'setEnquiryStatus',
      input: { id: 'e1', status: 'respondida' },
    });
    expect(byChannel[IPC.copyText.channel]).toEqual({ text: 'https://brisasdelgolfo.co/api/calendario/ical/x.ics' });
    expect(byChannel[IPC.uploadImage.channel]).toEqual({
      uploadId: 'u',
      fileName: 'a.jpg',
      bytes,
      title: 't',
      description: 'd',
    });
    expect(byChannel[IPC.addUploadPaths.channel]).toEqual({ paths: ['/fotos'] });
  });

  it('is derived from the contract: one function per entry and per event, nothing more', async () => {
    const events = Object.keys(IPC_EVENTS) as IpcEventName[];
    expect(listenerName('uploadsChanged')).toBe('onUploadsChanged');
    expect(Object.keys(bridge).sort()).toEqual(
      [...Object.keys(IPC), ...events.map((e) => listenerName(e)), 'getPathForFile'].sort(),
    );
    for (const event of events) {
      const channel = IPC_EVENTS[event].channel;
      const seen: unknown[] = [];
      const subscribe = bridge[listenerName(event)] as (fn: (payload: unknown) => void) => () => void;
      const stop = subscribe((payload) => seen.push(payload));
      expect(electron.state.listeners.get(channel)).toHaveLength(1);
      electron.state.listeners.get(channel)![0]!({ sender: 'ipc' }, { event });
      expect(seen).toEqual([{ event }]);
      stop();
      expect(electron.state.listeners.get(channel)).toHaveLength(0);
    }
    // A page that passes more arguments still sends exactly one.
    electron.state.invoked.length = 0;
    const loose = bridge.login as unknown as (...args: unknown[]) => Promise<unknown>;
    await loose({ email: 'a@b.co', password: 'clave' }, 'extra', { token: true });
    expect(electron.state.invoked).toEqual([
      { channel: IPC.login.channel, args: [{ email: 'a@b.co', password: 'clave' }] },
    ]);
  });

  it('events subscribe and unsubscribe; dropped files resolve to local paths', () => {
    const seen: unknown[] = [];
    const stop = bridge.onUploadsChanged((s) => seen.push(s));
    const listeners = () => electron.state.listeners.get(IPC_EVENTS.uploadsChanged.channel) ?? [];
    expect(listeners()).toHaveLength(1);
    listeners()[0]!({ sender: 'ipc' }, { running: true });
    expect(seen).toEqual([{ running: true }]);
    stop();
    expect(listeners()).toHaveLength(0);
    expect(bridge.getPathForFile({ name: 'playa.jpg' } as File)).toBe('/home/dueño/playa.jpg');
    const thumbs: unknown[] = [];
    const stopThumbs = bridge.onUploadThumbnail((t) => thumbs.push(t));
    electron.state.listeners.get(IPC_EVENTS.uploadThumbnail.channel)![0]!(
      {},
      { id: 'q1', dataUrl: 'data:image/jpeg;base64,AA' },
    );
    expect(thumbs).toEqual([{ id: 'q1', dataUrl: 'data:image/jpeg;base64,AA' }]);
    stopThumbs();
    expect(electron.state.listeners.get(IPC_EVENTS.uploadThumbnail.channel)).toHaveLength(0);
  });

  it('tells main which paths were dropped, and nothing for a File with no path', () => {
    electron.state.sent.length = 0;
    electron.state.invoked.length = 0;
    expect(bridge.getPathForFile({ name: 'muelle.jpg' } as File)).toBe('/home/dueño/muelle.jpg');
    expect(bridge.getPathForFile({ name: 'hecho-en-la-pagina.jpg' } as File)).toBe('');
    expect(electron.state.sent).toEqual([{ channel: IPC_SENDS.droppedPath.channel, args: ['/home/dueño/muelle.jpg'] }]);
    expect(electron.state.invoked).toEqual([]);
  });
});

describe('built preload (dist-electron/preload.cjs)', () => {
  it('carries the channel names only: no zod, no schemas, a few kB', async () => {
    const preload = await readFile(path.join(desktopDir, 'dist-electron', 'preload.cjs'), 'utf8');
    for (const { channel } of [...Object.values(IPC), ...Object.values(IPC_EVENTS), ...Object.values(IPC_SENDS)]) {
      expect(preload).toContain(channel);
    }
    expect(preload).not.toMatch(/zod|safeParse|ZodError/i);
    // Messages of the shared schemas (image titles, the upload size refine) stay out too.
    expect(preload).not.toContain('Escribe un título');
    expect(preload).not.toContain('Tamaño de archivo no válido');
    expect(Buffer.byteLength(preload)).toBeLessThan(8 * 1024);
  });
});
