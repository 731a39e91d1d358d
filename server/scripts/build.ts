/**
 * `npm run build` (with the website): the server and its command-line tools as plain JavaScript
 * in server/dist, so production runs them with `node`, without a TypeScript loader
 * (docs/decisions/015-server-build.md).
 *
 * Our code and the workspace's shared/ are bundled; every package from node_modules stays an
 * import (sharp and heic-decode carry native code or WASM and files of their own). The entry
 * points and their shared chunks sit directly in server/dist, the same depth below the
 * repository as server/src/env.ts, so the paths it derives from its own location (REPO_ROOT)
 * hold in both; the HEIC worker is copied beside them, where heic.ts looks for it, and the feed
 * parser's worker is an entry point of its own (parse-worker.js), where feed-parser.ts looks.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const SERVER_DIST = path.join(SERVER_DIR, 'dist');
const WORKER = 'heic-worker.mjs';

const ENTRIES = {
  main: 'src/main.ts',
  'parse-worker': 'src/calendar/parse-worker.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'reset-password': 'src/cli/reset-password.ts',
};

/** Bare imports are packages from node_modules, except the workspace's own TypeScript. */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cabana/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildServer(): Promise<string[]> {
  const result = await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ENTRIES,
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [packagesStayExternal],
    logLevel: 'warning',
    write: false,
  });
  const files = [
    ...result.outputFiles.map((f) => ({ path: f.path, contents: f.contents })),
    { path: path.join(SERVER_DIST, WORKER), contents: await readFile(path.join(SERVER_DIR, 'src/images', WORKER)) },
  ];
  await mkdir(SERVER_DIST, { recursive: true });
  // Each file is replaced whole: a server starting during a rebuild (two test files building at
  // once, a deploy) reads the old or the new file, never half of one. Then what earlier builds
  // left and this one no longer has goes (not another build's temp files).
  for (const file of files) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    await writeFile(tmp, file.contents);
    await rename(tmp, file.path);
  }
  const kept = new Set(files.map((f) => path.basename(f.path)));
  for (const name of await readdir(SERVER_DIST)) {
    if (!kept.has(name) && !name.endsWith('.tmp')) await rm(path.join(SERVER_DIST, name), { recursive: true });
  }
  return [...kept];
}

const started = Date.now();
const built = await buildServer();
console.info(`server/dist: ${built.length} files in ${Date.now() - started} ms`);
