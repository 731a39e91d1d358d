import { describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENTS, type DesktopBridge } from '../electron/lib/bridge-contract';

const electron = vi.hoisted(() => {
  const state = {
    exposed: new Map<string, unknown>(),
    invoked: [] as { channel: string; args: unknown[] }[],
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
      webUtils: { getPathForFile: (f: { name: string }) => `/home/dueño/${f.name}` },
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
  });

  it('each function invokes its own channel with one argument object', async () => {
    electron.state.invoked.length = 0;
    const bytes = new Uint8Array([1, 2, 3]);
    await bridge.getConnection();
    await bridge.setServer('https://brisasdelgolfo.co');
    await bridge.getSession();
    await bridge.login('a@b.co', 'clave');
    await bridge.logout();
    await bridge.getPrice();
    await bridge.setPrice(90_000);
    await bridge.listImages();
    await bridge.listPendingImages();
    await bridge.uploadImage({ uploadId: 'u', fileName: 'a.jpg', bytes, title: 't', description: 'd' });
    await bridge.cancelImageUpload('u');
    await bridge.updateImage('i1', { title: 'Nuevo' });
    await bridge.deleteImage('i1');
    await bridge.approveImage('i1');
    await bridge.listEnquiries();
    await bridge.setEnquiryStatus('e1', 'respondida');
    await bridge.deleteEnquiry('e1');
    await bridge.getUploads();
    await bridge.addUploadPaths(['/fotos']);
    await bridge.pickUploadFiles(true);
    await bridge.setUploadTitle('q1', 'Playa');
    await bridge.startUploads();
    await bridge.retryFailedUploads();
    await bridge.cancelUploads();
    await bridge.clearFinishedUploads();
    const channels = electron.state.invoked.map((c) => c.channel);
    expect([...channels].sort()).toEqual(Object.values(CHANNELS).sort());
    expect(electron.state.invoked.every((c) => c.args.length === 1)).toBe(true);
    const byChannel = Object.fromEntries(electron.state.invoked.map((c) => [c.channel, c.args[0]]));
    expect(byChannel[CHANNELS.sessionLogin]).toEqual({ email: 'a@b.co', password: 'clave' });
    expect(byChannel[CHANNELS.imagesUpload]).toEqual({
      uploadId: 'u',
      fileName: 'a.jpg',
      bytes,
      title: 't',
      description: 'd',
    });
    expect(byChannel[CHANNELS.uploadsAddFiles]).toEqual({ paths: ['/fotos'] });
  });

  it('events subscribe and unsubscribe; dropped files resolve to local paths', () => {
    const seen: unknown[] = [];
    const stop = bridge.onUploadsChanged((s) => seen.push(s));
    const listeners = () => electron.state.listeners.get(EVENTS.uploadsChanged) ?? [];
    expect(listeners()).toHaveLength(1);
    listeners()[0]!({ sender: 'ipc' }, { running: true });
    expect(seen).toEqual([{ running: true }]);
    stop();
    expect(listeners()).toHaveLength(0);
    expect(bridge.getPathForFile({ name: 'playa.jpg' } as File)).toBe('/home/dueño/playa.jpg');
    const thumbs: unknown[] = [];
    const stopThumbs = bridge.onUploadThumbnail((t) => thumbs.push(t));
    electron.state.listeners.get(EVENTS.uploadThumbnail)![0]!({}, { id: 'q1', dataUrl: 'data:image/jpeg;base64,AA' });
    expect(thumbs).toEqual([{ id: 'q1', dataUrl: 'data:image/jpeg;base64,AA' }]);
    stopThumbs();
    expect(electron.state.listeners.get(EVENTS.uploadThumbnail)).toHaveLength(0);
  });
});
