import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ADMIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The panel is mounted by two hosts (website over HTTP, desktop over its preload bridge), so it
 * may reach the outside world only through the AdminApi it is given, and visitor text must
 * never become markup.
 */
const FORBIDDEN: [RegExp, string][] = [
  [/\bfetch\s*\(/, 'fetch: talk to the server through AdminApi'],
  [/XMLHttpRequest/, 'XMLHttpRequest: uploads go through AdminApi.uploadImage'],
  [/window\.location|location\.(href|assign|replace)/, 'location: navigation belongs to the host'],
  [/document\.cookie/, 'cookies: the session belongs to the host'],
  [/localStorage|sessionStorage/, 'storage: hints belong to the host'],
  [/\b(BrowserRouter|HashRouter|MemoryRouter|create\w*Router)\b/, 'a router: each host provides its own'],
  [/from ['"](electron|node:)/, 'Node/Electron: the panel runs in a sandboxed renderer'],
  [/dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML/, 'HTML injection: visitor text must stay text'],
  [/from ['"]\.\.\/\.\.\//, 'imports from outside the shared package'],
];

describe('admin panel boundaries', () => {
  it('reaches the outside only through AdminApi and never renders HTML', async () => {
    const files = (await readdir(ADMIN_DIR)).filter((f) => /\.tsx?$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['admin-panel.tsx', 'login-form.tsx', 'admin-api.ts']));
    const problems: string[] = [];
    for (const file of files) {
      const source = await readFile(join(ADMIN_DIR, file), 'utf8');
      for (const [pattern, why] of FORBIDDEN) if (pattern.test(source)) problems.push(`${file}: ${why}`);
    }
    expect(problems).toEqual([]);
  });

  it('styles only adm- prefixed classes, so it never restyles a host page', async () => {
    const css = await readFile(join(ADMIN_DIR, 'admin.css'), 'utf8');
    const classes = [...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
    expect(classes.length).toBeGreaterThan(10);
    expect(classes.filter((c) => !c?.startsWith('adm-'))).toEqual([]);
  });
});
