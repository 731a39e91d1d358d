import type { Page } from 'playwright-core';
import { CHANNELS, EVENTS } from '../../electron/lib/bridge-contract';
import type { DesktopService } from '../../electron/lib/desktop-service';
import { createIpcHandlers } from '../../electron/lib/ipc-handlers';

/**
 * Gives a Chromium page the same `window.cabanaDesktop` the preload gives Electron's renderer,
 * but every call goes through a Playwright binding to the real IPC handlers and service (which
 * talk to the real server). Bytes travel as base64 because bindings carry JSON only.
 * `fixtureDir` stands in for Electron's webUtils.getPathForFile: dropped names resolve there.
 */
export async function installTestBridge(
  page: Page,
  service: DesktopService,
  fixtureDir: string,
  /** Runs after a channel's handler, before the page gets the answer (to stage races in order). */
  afterCall?: (channel: string) => Promise<void>,
): Promise<{ emit(channel: string, payload: unknown): void }> {
  const handlers = createIpcHandlers(service);
  const calls: string[] = [];
  await page.exposeBinding('__desktopInvoke', async (_source, channel: string, arg: unknown) => {
    calls.push(channel);
    const handle = handlers.get(channel as never);
    if (!handle) return { ok: false, error: { status: 404, code: 'NOT_FOUND', message: 'Canal desconocido.' } };
    let result;
    if (arg && typeof arg === 'object' && 'bytesBase64' in arg) {
      const { bytesBase64, ...rest } = arg as { bytesBase64: string };
      result = await handle({ ...rest, bytes: new Uint8Array(Buffer.from(bytesBase64, 'base64')) });
    } else {
      result = await handle(arg);
    }
    await afterCall?.(channel);
    return result;
  });
  await page.addInitScript(
    ({ C, E, dir }) => {
      const listeners = new Map<string, Set<(p: unknown) => void>>();
      const w = window as unknown as {
        __desktopInvoke(channel: string, arg?: unknown): Promise<unknown>;
        __desktopEmit(channel: string, payload: unknown): void;
        cabanaDesktop: unknown;
      };
      const invoke = (channel: string, arg?: unknown) => w.__desktopInvoke(channel, arg);
      const on = (channel: string, fn: (p: unknown) => void) => {
        const set = listeners.get(channel) ?? new Set();
        set.add(fn);
        listeners.set(channel, set);
        return () => set.delete(fn);
      };
      w.__desktopEmit = (channel, payload) => listeners.get(channel)?.forEach((fn) => fn(payload));
      const toBase64 = (bytes: Uint8Array) => {
        let s = '';
        for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(s);
      };
      w.cabanaDesktop = {
        getConnection: () => invoke(C.connectionGet),
        setServer: (serverUrl: string) => invoke(C.connectionSetServer, { serverUrl }),
        getSession: () => invoke(C.sessionGet),
        login: (email: string, password: string) => invoke(C.sessionLogin, { email, password }),
        logout: () => invoke(C.sessionLogout),
        getPrice: () => invoke(C.priceGet),
        setPrice: (precio: number) => invoke(C.priceSet, { precio }),
        listImages: () => invoke(C.imagesList),
        listPendingImages: () => invoke(C.imagesListPending),
        uploadImage: (a: {
          uploadId: string;
          fileName: string;
          bytes: Uint8Array;
          title: string;
          description: string;
        }) =>
          invoke(C.imagesUpload, {
            uploadId: a.uploadId,
            fileName: a.fileName,
            bytesBase64: toBase64(a.bytes),
            title: a.title,
            description: a.description,
          }),
        cancelImageUpload: (uploadId: string) => invoke(C.imagesCancelUpload, { uploadId }),
        updateImage: (id: string, input: unknown) => invoke(C.imagesUpdate, { id, input }),
        deleteImage: (id: string) => invoke(C.imagesDelete, { id }),
        approveImage: (id: string) => invoke(C.imagesApprove, { id }),
        listEnquiries: () => invoke(C.enquiriesList),
        setEnquiryStatus: (id: string, status: string) => invoke(C.enquiriesSetStatus, { id, status }),
        deleteEnquiry: (id: string) => invoke(C.enquiriesDelete, { id }),
        getUploads: () => invoke(C.uploadsGet),
        addUploadPaths: (paths: string[]) => invoke(C.uploadsAddFiles, { paths }),
        pickUploadFiles: (folders: boolean) => invoke(C.uploadsPickFiles, { folders }),
        setUploadTitle: (id: string, title: string) => invoke(C.uploadsSetTitle, { id, title }),
        startUploads: () => invoke(C.uploadsStart),
        retryFailedUploads: () => invoke(C.uploadsRetryFailed),
        cancelUploads: () => invoke(C.uploadsCancel),
        clearFinishedUploads: () => invoke(C.uploadsClearFinished),
        getPathForFile: (file: File) => `${dir}/${file.name}`,
        onUploadsChanged: (fn: (p: unknown) => void) => on(E.uploadsChanged, fn),
        onImageUploadProgress: (fn: (p: unknown) => void) => on(E.imageUploadProgress, fn),
        onUploadThumbnail: (fn: (p: unknown) => void) => on(E.uploadThumbnail, fn),
      };
    },
    { C: CHANNELS, E: EVENTS, dir: fixtureDir },
  );
  return {
    emit(channel, payload) {
      page
        .evaluate(
          ([c, p]) => (window as unknown as { __desktopEmit?(c: string, p: unknown): void }).__desktopEmit?.(c, p),
          [channel, payload] as const,
        )
        .catch(() => undefined);
    },
  };
}
