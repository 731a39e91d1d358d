import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectClean,
  makeJpeg,
  newPage,
  startSite,
  withoutExpectedNetworkErrors,
  type Site,
  gotoHydrated,
} from './helpers';
import type * as UploadHelper from '@cabana/shared/browser/upload';

/**
 * The shared browser upload helper (shared/src/browser/upload.ts) in real Chromium against the real
 * server: the forms' own tests cover it as the visitor sees it, these pin its contract (fields,
 * progress, error parsing, cancellation) for every host that uses it.
 */

const HELPER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/src/browser/upload.ts');

let site: Site;
let helperSource: string;
let photo: Buffer;

/** The helper as one classic script exposing `window.cabanaUpload`, bundled the way the site is. */
async function bundleHelper(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: HELPER, formats: ['iife'], name: 'cabanaUpload', fileName: 'upload' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('no bundle');
  return chunk.code;
}

beforeAll(async () => {
  [site, helperSource, photo] = await Promise.all([startSite(), bundleHelper(), makeJpeg(640, 480, 3)]);
});
afterAll(async () => {
  await site?.close();
});

/** A page of the site (same origin as the API, its CSP on) with the helper loaded. */
async function helperPage(): Promise<{ page: Page; problems: Awaited<ReturnType<typeof newPage>>['problems'] }> {
  const context = await site.browser.newContext(DESKTOP);
  const opened = await newPage(context);
  await gotoHydrated(opened.page, site.server.url + '/imagenes');
  // Through the DevTools protocol, which the page's CSP does not govern (as runAxe does).
  await opened.page.evaluate(helperSource);
  return opened;
}

interface Outcome {
  image?: { title: string; description: string; tags: string[]; uploaded_by?: string; status: string };
  error?: {
    name: string;
    status: number;
    code: string;
    message: string;
    fields: Record<string, string>;
    retryAfter?: number;
  };
  progress: number[];
}

interface UploadInput {
  fields: Record<string, string>;
  /** The photo made for this file unless given. */
  file?: { bytes: Buffer; name: string; type: string };
  /** Abort the signal before calling, or once the request is on its way. */
  abort?: 'before' | 'after-start';
}

/** Runs the helper in the page and reports how it settled, with the progress it reported. */
async function upload(page: Page, { fields, file, abort }: UploadInput): Promise<Outcome> {
  const { bytes, name, type } = file ?? { bytes: photo, name: 'foto.jpg', type: 'image/jpeg' };
  return page.evaluate(
    async ({ base64, name, type, fields, abort }) => {
      const { uploadImage } = (window as unknown as { cabanaUpload: typeof UploadHelper }).cabanaUpload;
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const controller = new AbortController();
      if (abort === 'before') controller.abort();
      const progress: number[] = [];
      const promise = uploadImage({
        baseUrl: '/api',
        file: new File([data], name, { type }),
        fields: fields as { title: string },
        onProgress: (f) => progress.push(f),
        signal: controller.signal,
      });
      if (abort === 'after-start') {
        await (window as unknown as { uploadStarted: Promise<void> }).uploadStarted;
        controller.abort();
      }
      try {
        const image = await promise;
        return { image, progress };
      } catch (err) {
        const e = err as Outcome['error'] & Error;
        return {
          progress,
          error: {
            name: e.name,
            status: e.status,
            code: e.code,
            message: e.message,
            fields: e.fields,
            retryAfter: e.retryAfter,
          },
        };
      }
    },
    { base64: bytes.toString('base64'), name, type, fields, abort },
  );
}

async function pendingTitles(): Promise<string[]> {
  const cookie = await site.server.loginCookie();
  const res = await fetch(`${site.server.apiUrl}/imagenes/pendientes`, { headers: { cookie } });
  return ((await res.json()) as { title: string }[]).map((i) => i.title);
}

describe('shared uploadImage in the browser', () => {
  it('sends the fields and the file, reports progress up to 1, and returns the stored image', async () => {
    const { page, problems } = await helperPage();
    const outcome = await upload(page, {
      fields: {
        title: 'Kiosco al atardecer',
        description: 'Desde la playa.',
        tags: 'playa,kiosco',
        uploaded_by: 'Ana',
      },
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.image).toMatchObject({
      title: 'Kiosco al atardecer',
      description: 'Desde la playa.',
      tags: ['playa', 'kiosco'],
      uploaded_by: 'Ana',
      status: 'pending',
    });
    expect(outcome.progress.length).toBeGreaterThan(0);
    expect(outcome.progress.every((f, i, all) => f > 0 && f <= 1 && (i === 0 || f >= all[i - 1]!))).toBe(true);
    expect(outcome.progress.at(-1)).toBe(1);
    expectClean(problems);
    await page.context().close();
  });

  it("rejects with the server's Spanish message, code and field errors", async () => {
    const { page, problems } = await helperPage();
    const notImage = await upload(page, {
      file: { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'falsa.jpg', type: 'image/jpeg' },
      fields: { title: 'Falsa' },
    });
    expect(notImage.error).toMatchObject({ name: 'ApiError', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(notImage.error!.message).toMatch(/imagen/i);

    const longTitle = await upload(page, { fields: { title: 'a'.repeat(121) } });
    expect(longTitle.error).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(longTitle.error!.fields.title).toMatch(/120 caracteres/);
    expect(await pendingTitles()).not.toContain('Falsa');
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 415/, /status of 400/]));
    await page.context().close();
  });

  it('reads Retry-After, and a body that is not JSON (a proxy page) as a generic Spanish error', async () => {
    const { page, problems } = await helperPage();
    await page.route('**/api/imagenes/upload', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '120', 'content-type': 'application/json' },
        body: JSON.stringify({ error: 'Demasiadas fotos seguidas.', code: 'RATE_LIMITED' }),
      }),
    );
    const limited = await upload(page, { fields: { title: 'A' } });
    expect(limited.error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Demasiadas fotos seguidas.',
      retryAfter: 120,
    });
    await page.unrouteAll();
    await page.route('**/api/imagenes/upload', (route) =>
      route.fulfill({ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' }),
    );
    const proxy = await upload(page, { fields: { title: 'B' } });
    expect(proxy.error).toMatchObject({ status: 502, code: 'INTERNAL', message: 'Error del servidor (502).' });
    await page.unrouteAll();
    await page.route('**/api/imagenes/upload', (route) => route.abort('connectionrefused'));
    const offline = await upload(page, { fields: { title: 'C' } });
    expect(offline.error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(offline.error!.message).toMatch(/conectar con el servidor/);
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 429/, /status of 502/, /ERR_CONNECTION_REFUSED/]));
    await page.context().close();
  });

  it('cancels with CANCELLED, before the request or on its way, and nothing is stored', async () => {
    const { page, problems } = await helperPage();
    let requests = 0;
    // Hold the request in the browser so the abort surely comes while it is on its way.
    await page.route('**/api/imagenes/upload', async (route) => {
      requests++;
      const cancelled = page.waitForEvent('requestfailed', { predicate: (r) => r === route.request(), timeout: 5_000 });
      await page.evaluate(() => (window as unknown as { startUpload: () => void }).startUpload());
      // Until the page gives up on the request (at most 5 s), then let it go.
      await cancelled.catch(() => undefined);
      await route.abort().catch(() => undefined);
    });
    await page.evaluate(() => {
      const w = window as unknown as { uploadStarted: Promise<void>; startUpload: () => void };
      w.uploadStarted = new Promise<void>((resolve) => (w.startUpload = resolve));
    });

    const before = await upload(page, { fields: { title: 'Cancelada antes' }, abort: 'before' });
    expect(before.error).toEqual({
      name: 'ApiError',
      status: 0,
      code: 'CANCELLED',
      message: 'Subida cancelada.',
      fields: {},
      retryAfter: undefined,
    });
    expect(requests).toBe(0);

    const during = await upload(page, { fields: { title: 'Cancelada en camino' }, abort: 'after-start' });
    expect(during.error).toMatchObject({ status: 0, code: 'CANCELLED', message: 'Subida cancelada.' });
    expect(requests).toBe(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expect(await pendingTitles()).not.toContain('Cancelada en camino');
    expectClean(problems);
    await page.context().close();
  });
});
