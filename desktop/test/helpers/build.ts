import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const desktopDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `npm test` builds the desktop before vitest; a test run on its own builds it here. */
export async function ensureDesktopBuild(): Promise<void> {
  const built = ['dist/index.html', 'dist-electron/main.js', 'dist-electron/preload.cjs'].every((f) =>
    existsSync(path.join(desktopDir, f)),
  );
  if (!built) await promisify(execFile)('npx', ['vite', 'build'], { cwd: desktopDir });
}
