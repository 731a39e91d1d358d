/**
 * `npm start` runs the server through this launcher: the build of src/main.ts (dist/main.js,
 * made by `npm run build`, docs/decisions/015-server-build.md) on plain node, in a child
 * process whose C allocator keeps at most two arenas (docs/decisions/010-server-memory.md).
 *
 * sharp (libvips) encodes photos on libuv's worker threads, and glibc gives threads their own
 * malloc arenas (up to 8 per core), each keeping the memory of the largest photo it ever
 * handled: 8 uploads of 12-MP photos took the server to 450-490 MB, 255-275 MB with two arenas.
 * glibc reads MALLOC_ARENA_MAX once, before any JavaScript runs, so whoever starts the process
 * must set it: this launcher, or `Environment=MALLOC_ARENA_MAX=2` in a systemd unit that runs
 * `node server/dist/main.js` itself (deploy/cabana.service). A value already set is kept.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What the server process's environment needs on top of the operator's. */
export const SERVER_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' };

/** Ours, unless the operator set a value (an empty one counts as unset, as glibc reads it). */
const serverEnv = (env) =>
  Object.fromEntries(Object.entries(SERVER_PROCESS_ENV).map(([name, value]) => [name, env[name] || value]));

function launch() {
  const main = fileURLToPath(new URL('./dist/main.js', import.meta.url));
  if (!existsSync(main)) {
    console.error(`Cannot start: ${main} is missing. Build the server first: npm run build`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [main, ...process.argv.slice(2)], {
    env: { ...process.env, ...serverEnv(process.env) },
    // The IPC channel closes if this launcher dies, even by SIGKILL: the server then stops too
    // instead of holding the data folder's lock as an orphan.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) launch();
