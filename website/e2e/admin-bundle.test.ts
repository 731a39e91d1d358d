import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../test-support/server';
import { E2E_DIST, startSite, type Site } from './helpers';
import { ADMIN_CONTEXT, PANEL_MARKERS, signIn, openAdminPage } from './admin-helpers';

const PRODUCTION_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT_FILES = new Set(['.js', '.mjs', '.css', '.html', '.json', '.txt', '.xml', '.svg', '.webmanifest', '.map']);
/** Code that only the server may hold: any of it in a bundle means the browser sees auth logic. */
const HASHING = /scrypt|argon2|passwordHash|timingSafeEqual/i;

async function textFiles(dir: string): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !TEXT_FILES.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, text: await readFile(path, 'utf8') });
  }
  return out;
}

/** The credentials a build must never hold: the test admin's and whatever this machine sets. */
const SECRETS = [TEST_ADMIN.email, TEST_ADMIN.password, process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD].filter(
  (s): s is string => typeof s === 'string' && s.length > 0,
);

describe('built website assets', () => {
  const builds = [E2E_DIST, ...(existsSync(PRODUCTION_DIST) ? [PRODUCTION_DIST] : [])];

  it.each(builds)('hold no admin credential and no hashing code: %s', async (dir) => {
    const files = await textFiles(dir);
    expect(files.filter((f) => f.path.endsWith('.js')).length).toBeGreaterThan(0);
    // The admin panel is in this build (so the scan covers it), just in its own chunks.
    expect(files.some((f) => f.text.includes('No hay imágenes subidas.'))).toBe(true);
    const leaks: string[] = [];
    for (const f of files) {
      for (const secret of SECRETS) if (f.text.includes(secret)) leaks.push(`${f.path}: ${secret}`);
      const m = HASHING.exec(f.text);
      if (m) leaks.push(`${f.path}: ${m[0]}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('what visitors download', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  /**
   * Scripts and styles the browser fetched for a page. Bodies are read again from the server
   * by URL: the DevTools copy of a response can be evicted on a busy machine.
   */
  async function assetsLoadedBy(path: string, signedIn = false): Promise<Map<string, string>> {
    const context = await site.browser.newContext(ADMIN_CONTEXT);
    const { page } = await openAdminPage(context);
    const urls = new Set<string>();
    page.on('request', (req) => {
      const type = req.resourceType();
      if (type === 'script' || type === 'stylesheet' || type === 'document') urls.add(req.url());
    });
    if (signedIn) await signIn(page, site.server);
    else await page.goto(`${site.server.url}${path}`, { waitUntil: 'networkidle' });
    await context.close();
    const bodies = new Map<string, string>();
    for (const url of urls) {
      if (!url.startsWith(site.server.url)) continue;
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      bodies.set(url, await res.text());
    }
    return bodies;
  }

  // That no public page sends the panel's code or styles is checked on the sweep's visits
  // (public-pages.test.ts), which load every public page already.

  it('loads the panel only once an admin opens it', async () => {
    const bodies = await assetsLoadedBy('/admin', true);
    const all = [...bodies.values()].join('\n');
    for (const marker of PANEL_MARKERS) expect(all).toContain(marker);
  }, 60_000);
});
