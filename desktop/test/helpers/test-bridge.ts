import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { API, type PanelRouteName } from '@cabana/shared/api/contract';
import { isTextOutput, type RouteSpec } from '@cabana/shared/api/route';
import { IPC } from '../../contract/ipc';
import { MEDIA_SCHEME } from '../../contract/media';
import type { DesktopService } from '../../electron/lib/desktop-service';
import { createIpcHandlers } from '../../electron/lib/ipc-handlers';
import { desktopDir } from './build';
import { registerOnFakeIpcMain } from './ipc';

/** Bindings carry JSON only: byte arrays in an argument object travel as base64. */
interface EncodedBytes {
  __bytesBase64: string;
}

function decodeArg(arg: unknown): unknown {
  if (!arg || typeof arg !== 'object' || Array.isArray(arg)) return arg;
  return Object.fromEntries(
    Object.entries(arg).map(([key, value]) =>
      value && typeof value === 'object' && '__bytesBase64' in value
        ? [key, new Uint8Array(Buffer.from((value as EncodedBytes).__bytesBase64, 'base64'))]
        : [key, value],
    ),
  );
}

/**
 * Runs in the page before anything else: the `electron` module the preload requires, with
 * ipcRenderer wired to the Playwright binding, events to `__desktopEmit`, and webUtils answering
 * paths inside `dir`. Serialised by Playwright, so it must not close over anything.
 */
function installFakeElectron(dir: string): void {
  type Listener = (event: unknown, payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const w = window as unknown as {
    __desktopIpc(kind: 'invoke' | 'send', channel: string, args: unknown[]): Promise<unknown>;
    __desktopEmit(channel: string, payload: unknown): void;
    __desktopElectron?: unknown;
  };
  const toBase64 = (bytes: Uint8Array) => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  const encode = (arg: unknown) =>
    arg && typeof arg === 'object' && !Array.isArray(arg)
      ? Object.fromEntries(
          Object.entries(arg).map(([k, v]) => [k, v instanceof Uint8Array ? { __bytesBase64: toBase64(v) } : v]),
        )
      : arg;
  w.__desktopEmit = (channel, payload) => listeners.get(channel)?.forEach((fn) => fn({}, payload));
  w.__desktopElectron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        (window as unknown as Record<string, unknown>)[key] = api;
      },
    },
    ipcRenderer: {
      invoke: (channel: string, ...args: unknown[]) => w.__desktopIpc('invoke', channel, args.map(encode)),
      // Through the same binding as invoke, so main sees messages in the order the page sent them.
      send: (channel: string, ...args: unknown[]) => void w.__desktopIpc('send', channel, args.map(encode)),
      on: (channel: string, fn: Listener) => {
        listeners.set(channel, (listeners.get(channel) ?? new Set()).add(fn));
      },
      removeListener: (channel: string, fn: Listener) => {
        listeners.get(channel)?.delete(fn);
      },
    },
    webUtils: { getPathForFile: (file: File) => `${dir}/${file.name}` },
  };
}

/**
 * Gives a Chromium page the `window.cabanaDesktop` Electron's renderer gets, from the built
 * preload itself (dist-electron/preload.cjs) run against a stand-in `electron` module. Every call
 * crosses a Playwright binding into main's own registration (argument validation included), the
 * real handlers and the service (which talk to the real server); each answer is also held to its
 * contract result schema (for `api:call`, the output of the HTTP contract row it named). Images
 * on `cabana-media:` are answered by the service's handler, as main's protocol handler answers
 * them. `fixtureDir` stands in for Electron's webUtils.getPathForFile: dropped names resolve there.
 */
export async function installTestBridge(
  page: Page,
  service: DesktopService,
  fixtureDir: string,
  /** Runs after a channel's handler, before the page gets the answer (to stage races in order). */
  afterCall?: (channel: string) => Promise<void>,
): Promise<{ emit(channel: string, payload: unknown): void; contractViolations: string[] }> {
  const handles = registerOnFakeIpcMain(createIpcHandlers(service));
  const results = new Map<string, z.ZodType>(Object.values(IPC).map((entry) => [entry.channel, entry.result]));
  // api:call answers what its row answers: the row's output schema, or nothing for a 204.
  const resultSchema = (channel: string, arg: unknown): z.ZodType => {
    if (channel !== IPC.apiCall.channel) return results.get(channel)!;
    const output = (API[(arg as { name: PanelRouteName }).name] as RouteSpec).output;
    return output === 'empty' ? z.undefined() : isTextOutput(output) ? z.string() : output;
  };
  const contractViolations: string[] = [];
  await page.exposeBinding(
    '__desktopIpc',
    async (_source, kind: 'invoke' | 'send', channel: string, args: unknown[]) => {
      if (kind === 'send') {
        handles.listeners.get(channel)?.({}, ...args.map(decodeArg));
        return undefined;
      }
      const handle = handles.get(channel);
      if (!handle) return { ok: false, error: { status: 404, code: 'NOT_FOUND', message: 'Canal desconocido.' } };
      const decoded = args.map(decodeArg);
      const result = await handle({}, ...decoded);
      if (result.ok) {
        const checked = resultSchema(channel, decoded[0]).safeParse(result.value);
        if (!checked.success) contractViolations.push(`${channel}: ${checked.error.message}`);
      }
      await afterCall?.(channel);
      return result;
    },
  );
  // Stands in for main's protocol.handle: the page's cabana-media: requests reach the service's
  // own handler, which fetches from the real server.
  await page.route(new RegExp(`^${MEDIA_SCHEME}:`), async (route) => {
    const res = await service.handleMediaRequest(new Request(route.request().url()));
    await route.fulfill({
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: Buffer.from(await res.arrayBuffer()),
    });
  });
  const preload = await readFile(path.join(desktopDir, 'dist-electron', 'preload.cjs'), 'utf8');
  await page.addInitScript(installFakeElectron, fixtureDir);
  // The preload is CommonJS: give it `require('electron')`, then leave no trace of it in the page.
  await page.addInitScript({
    content: `(() => {
      const electron = window.__desktopElectron;
      delete window.__desktopElectron;
      const require = (name) => {
        if (name !== 'electron') throw new Error('preload requires ' + name);
        return electron;
      };
      const module = { exports: {} };
      (function (require, module, exports) {
${preload}
      })(require, module, module.exports);
    })();`,
  });
  return {
    contractViolations,
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
