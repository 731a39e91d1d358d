import { createRequire } from 'node:module';
import path from 'node:path';
import { runBuild } from '../../test-support/build';
import { desktopDir } from './helpers/build';

/**
 * The desktop-e2e project's one build per run: renderer (dist) and main + preload
 * (dist-electron), as `npm run build -w desktop` makes them, so the tests never see a stale build.
 */
export default async function setup() {
  const vitePkg = createRequire(path.join(desktopDir, 'package.json')).resolve('vite/package.json');
  const viteCli = path.join(path.dirname(vitePkg), 'bin', 'vite.js');
  await runBuild('the desktop app (dist, dist-electron)', [viteCli, 'build'], { cwd: desktopDir });
}
