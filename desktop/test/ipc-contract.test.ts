import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, expectTypeOf, it, vi, type Mock } from 'vitest';
import { ApiError } from '@cabana/shared/api/errors';
import { API, PANEL_ROUTE_NAMES } from '@cabana/shared/api/contract';
import type { RouteSpec } from '@cabana/shared/api/route';
import type { Image } from '@cabana/shared/domain/schemas/image';
import type { EnquiryStatus } from '@cabana/shared/domain/schemas/enquiry';
import { EVENT_CHANNELS, INVOKE_CHANNELS, SEND_CHANNELS } from '../contract/channels';
import {
  attachChannels,
  IPC,
  IPC_EVENTS,
  IPC_SENDS,
  type ApiCallArgs,
  type BridgeResult,
  type DesktopBridge,
  type IpcHandlers,
  type IpcName,
  type IpcSendName,
  type QueueSnapshot,
} from '../contract/ipc';
import { createIpcHandlers } from '../electron/lib/ipc-handlers';
import type { DesktopService } from '../electron/lib/desktop-service';
import { FORBIDDEN_SENDER, INVALID_ARGS } from '../electron/main/ipc';
import { isTrustedSender } from '../electron/main/security';
import { ipcSender, registerOnFakeIpcMain } from './helpers/ipc';

const APP = { url: pathToFileURL('/opt/Brisas/resources/app.asar/dist/index.html').href };
const fromApp = { senderFrame: { url: APP.url, parent: null } };
const fromForeignFrame = { senderFrame: { url: APP.url, parent: { url: APP.url } } };
const fromElsewhere = { senderFrame: { url: 'https://evil.example/', parent: null } };
const INVALID = { ok: false, error: { status: 400, code: 'VALIDATION', message: INVALID_ARGS } };

const names = Object.keys(IPC) as IpcName[];
const sendNames = Object.keys(IPC_SENDS) as IpcSendName[];

/** One spy per contract entry (invokes answer their own name) and per preload message. */
function spyHandlers() {
  const spies: Record<string, Mock> = Object.fromEntries([
    ...names.map((name) => [name, vi.fn(() => Promise.resolve(name))] as const),
    ...sendNames.map((name) => [name, vi.fn()] as const),
  ]);
  return { spies, handlers: spies as unknown as IpcHandlers };
}

function register(handlers: IpcHandlers) {
  return registerOnFakeIpcMain(handlers, (event) => isTrustedSender(event, APP));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('IPC contract', () => {
  it('names every channel once, as resource:action', () => {
    const channels = [...Object.values(IPC), ...Object.values(IPC_EVENTS), ...Object.values(IPC_SENDS)].map(
      (entry) => entry.channel,
    );
    expect(new Set(channels).size).toBe(channels.length);
    for (const channel of channels) expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
  });

  it('main registers exactly one handler per entry, and the real handlers cover every entry', () => {
    const handles = register(spyHandlers().handlers);
    expect([...handles.keys()].sort()).toEqual(
      Object.values(IPC)
        .map((e) => e.channel)
        .sort(),
    );
    expect([...handles.listeners.keys()]).toEqual(Object.values(IPC_SENDS).map((e) => e.channel));
    const real = createIpcHandlers({} as DesktopService);
    expect(Object.keys(real).sort()).toEqual([...names, ...sendNames].sort());
    for (const name of [...names, ...sendNames]) expect(typeof real[name], name).toBe('function');
  });

  it('refuses to start with an entry left without a handler', () => {
    const { spies } = spyHandlers();
    const { login: _login, ...withoutLogin } = spies;
    expect(() => register(withoutLogin as unknown as IpcHandlers)).toThrow(/login/);
  });

  it('refuses a message from a foreign frame or page on every channel, before its handler runs', async () => {
    const { spies, handlers } = spyHandlers();
    const handles = register(handlers);
    for (const { channel } of Object.values(IPC)) {
      const handle = handles.get(channel)!;
      expect(await handle(fromElsewhere, undefined), channel).toEqual(FORBIDDEN_SENDER);
      expect(await handle(fromForeignFrame, undefined), channel).toEqual(FORBIDDEN_SENDER);
      expect(await handle({ senderFrame: null }, undefined), channel).toEqual(FORBIDDEN_SENDER);
    }
    for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a bad argument, or more than one, on every channel, before its handler runs', async () => {
    const { spies, handlers } = spyHandlers();
    const handles = register(handlers);
    for (const { channel } of Object.values(IPC)) {
      const handle = handles.get(channel)!;
      // Argument objects are strict and argument-less channels take nothing: an unknown key fails both.
      expect(await handle(fromApp, { unexpected: true }), channel).toEqual(INVALID);
      expect(await handle(fromApp, 'texto'), channel).toEqual(INVALID);
      expect(await handle(fromApp, undefined, undefined), channel).toEqual(INVALID);
    }
    for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled();
  });

  it('hands the checked argument to the handler and its answer, or its error, back as data', async () => {
    const { spies, handlers } = spyHandlers();
    const handles = register({
      ...handlers,
      apiCall: () => {
        throw new ApiError(400, { error: 'El precio es muy bajo.', code: 'VALIDATION', fields: { precio: 'Bajo' } });
      },
      getUploads: () => {
        throw new Error('disk on fire');
      },
    });
    const call = (name: IpcName, ...args: unknown[]) => handles.get(IPC[name].channel)!(fromApp, ...args);

    expect(await call('getConnection')).toEqual({ ok: true, value: 'getConnection' });
    expect(await call('login', { email: 'a@b.co', password: 'clave' })).toEqual({ ok: true, value: 'login' });
    expect(spies.login).toHaveBeenCalledExactlyOnceWith({ email: 'a@b.co', password: 'clave' });
    const bytes = new Uint8Array([0xff, 0xd8, 0xff]);
    await call('uploadImage', { uploadId: 'u1', fileName: 'a.jpg', bytes, title: 'Playa', description: '' });
    expect(spies.uploadImage).toHaveBeenCalledExactlyOnceWith({
      uploadId: 'u1',
      fileName: 'a.jpg',
      bytes,
      title: 'Playa',
      description: '',
    });
    // The shared schemas' own rules apply too (a title within its bound).
    expect(await call('setUploadTitle', { id: 'q1', title: 'x'.repeat(10_000) })).toEqual(INVALID);
    expect(spies.setUploadTitle).not.toHaveBeenCalled();

    expect(await call('apiCall', { name: 'setPrice', input: { precio: 1 } })).toEqual({
      ok: false,
      error: { status: 400, code: 'VALIDATION', message: 'El precio es muy bajo.', fields: { precio: 'Bajo' } },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await call('getUploads')).toEqual({
      ok: false,
      error: { status: 500, code: 'INTERNAL', message: 'Ocurrió un error inesperado en la aplicación.' },
    });
    expect(logged).toHaveBeenCalledOnce();
  });

  it('api:call takes the name of a panel row and an object input that crosses as JSON, nothing else', async () => {
    const { spies, handlers } = spyHandlers();
    const handles = register(handlers);
    const api = (args: unknown) => handles.get(IPC.apiCall.channel)!(fromApp, args);

    // Rows the panel does not call through it: the session (its own channels keep the token in
    // main), the multipart upload (its own channel, with progress), the public forms, the iCal
    // export, the feed list, the guest's booking rows; and names that are no row at all.
    const notPanel = [
      'login',
      'getSession',
      'logout',
      'uploadImage',
      'sendEnquiry',
      'getFormToken',
      'requestBooking',
      'getGuestBooking',
      'cancelGuestBooking',
      'uploadGuestReceipt',
    ];
    for (const name of [...notPanel, 'calendarExport', 'listFeeds', 'health', 'toString', '__proto__', '']) {
      expect(await api({ name }), name).toEqual(INVALID);
      expect(await api({ name, input: {} }), name).toEqual(INVALID);
    }
    expect(PANEL_ROUTE_NAMES.some((name) => [...notPanel, 'listFeeds'].includes(name))).toBe(false);
    for (const input of ['texto', 42, null, ['a'], true]) {
      expect(await api({ name: 'setPrice', input }), JSON.stringify(input)).toEqual(INVALID);
    }
    expect(await api({ name: 'getPrice', extra: 1 })).toEqual(INVALID);
    expect(await api({ input: {} })).toEqual(INVALID);
    // What cannot go to the server as JSON stops here: a cycle, a BigInt, an absurd size (the
    // structured clone of IPC carries all three).
    const cyclic: Record<string, unknown> = { name: 'Brisas' };
    cyclic.self = cyclic;
    expect(await api({ name: 'updateSettings', input: cyclic })).toEqual(INVALID);
    expect(await api({ name: 'updateSettings', input: { copPerUsd: 4100n } })).toEqual(INVALID);
    expect(await api({ name: 'updateSettings', input: { tagline: 'x'.repeat(70_000) } })).toEqual(INVALID);
    expect(spies.apiCall).not.toHaveBeenCalled();

    // The right shape reaches main's handler as it is: the row's own rules are checked there.
    const input = { id: 'e1', status: 'respondida' };
    expect(await api({ name: 'setEnquiryStatus', input })).toEqual({ ok: true, value: 'apiCall' });
    expect(spies.apiCall).toHaveBeenLastCalledWith({ name: 'setEnquiryStatus', input });
    expect(await api({ name: 'getPrice' })).toEqual({ ok: true, value: 'apiCall' });
    expect(spies.apiCall).toHaveBeenLastCalledWith({ name: 'getPrice' });
    // Up to twice the server's JSON limit passes on, for the server to answer as it would the web.
    expect(await api({ name: 'updateSettings', input: { tagline: 'x'.repeat(40_000) } })).toEqual({
      ok: true,
      value: 'apiCall',
    });
    expect(spies.apiCall).toHaveBeenCalledTimes(3);
  });

  it('every panel row with a path parameter names its own 404, which main answers for a malformed id', () => {
    for (const name of PANEL_ROUTE_NAMES) {
      const spec: RouteSpec = API[name];
      if (spec.params) expect(spec.notFound, name).toMatch(/^No encontramos /);
    }
  });

  it('takes the preload’s message only from the app’s top frame, with one valid path', () => {
    const { spies, handlers } = spyHandlers();
    const send = ipcSender(register(handlers));
    send('droppedPath', ['/home/dueño/playa.jpg'], fromElsewhere);
    send('droppedPath', ['/home/dueño/playa.jpg'], fromForeignFrame);
    send('droppedPath', [42], fromApp);
    send('droppedPath', [''], fromApp);
    send('droppedPath', ['/a', '/b'], fromApp);
    expect(spies.droppedPath).not.toHaveBeenCalled();
    send('droppedPath', ['/home/dueño/playa.jpg'], fromApp);
    expect(spies.droppedPath).toHaveBeenCalledExactlyOnceWith('/home/dueño/playa.jpg');
  });

  it('builds each table from channels.ts, whose names the schemas must match key for key', () => {
    expect(Object.fromEntries(Object.entries(IPC).map(([k, v]) => [k, v.channel]))).toEqual(INVOKE_CHANNELS);
    expect(Object.fromEntries(Object.entries(IPC_EVENTS).map(([k, v]) => [k, v.channel]))).toEqual(EVENT_CHANNELS);
    expect(Object.fromEntries(Object.entries(IPC_SENDS).map(([k, v]) => [k, v.channel]))).toEqual(SEND_CHANNELS);
    expectTypeOf<keyof typeof IPC>().toEqualTypeOf<keyof typeof INVOKE_CHANNELS>();
    expectTypeOf<(typeof IPC)['login']['channel']>().toEqualTypeOf<'session:login'>();
    const channels = { a: 'x:a', b: 'x:b' } as const;
    // @ts-expect-error: a channel without its schemas does not compile
    expect(() => attachChannels(channels, { a: {} })).toThrow(/b/);
    // @ts-expect-error: schemas without a channel do not compile
    expect(() => attachChannels(channels, { a: {}, b: {}, c: {} })).toThrow(/c/);
    expect(attachChannels(channels, { a: { n: 1 }, b: { n: 2 } })).toEqual({
      a: { channel: 'x:a', n: 1 },
      b: { channel: 'x:b', n: 2 },
    });
  });

  it('derives the types: the bridge takes each entry’s argument, handlers must cover every entry', () => {
    expectTypeOf<Parameters<DesktopBridge['login']>>().toEqualTypeOf<[{ email: string; password: string }]>();
    expectTypeOf<Parameters<DesktopBridge['getConnection']>>().toEqualTypeOf<[]>();
    expectTypeOf<Parameters<DesktopBridge['onUploadsChanged']>>().toEqualTypeOf<[(snapshot: QueueSnapshot) => void]>();
    // api:call is generic: each panel row's own input and answer, checked when compiling.
    const bridge = {} as DesktopBridge;
    expectTypeOf(bridge.apiCall<'getPrice'>).returns.toEqualTypeOf<Promise<BridgeResult<{ precio: number }>>>();
    expectTypeOf(bridge.apiCall<'deleteImage'>).returns.toEqualTypeOf<Promise<BridgeResult<void>>>();
    expectTypeOf(bridge.apiCall<'listImages'>).returns.toEqualTypeOf<Promise<BridgeResult<Image[]>>>();
    type StatusInput = ApiCallArgs<'setEnquiryStatus'>['input'];
    expectTypeOf<StatusInput>().toExtend<{ id: string; status: EnquiryStatus }>();
    expectTypeOf<{ id: string; status: EnquiryStatus }>().toExtend<StatusInput>();
    const neverCalled = () => [
      // @ts-expect-error: a row's input is its own (the price is a number)
      bridge.apiCall({ name: 'setPrice', input: { precio: '90000' } }),
      // @ts-expect-error: a row with a path parameter needs its input
      bridge.apiCall({ name: 'deleteImage' }),
      // @ts-expect-error: only the panel's rows: signing in has its own channel
      bridge.apiCall({ name: 'login', input: { email: 'a@b.co', password: 'x' } }),
    ];
    expect(typeof neverCalled).toBe('function');
    const { spies } = spyHandlers();
    const { logout: _logout, ...rest } = spies as unknown as IpcHandlers;
    // @ts-expect-error: a contract entry without its handler does not compile
    const incomplete: IpcHandlers = rest;
    expect(Object.keys(incomplete)).not.toContain('logout');
  });
});
