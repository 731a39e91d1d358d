/**
 * `npm start` runs the server through this launcher: src/main.ts in a child process whose C
 * allocator keeps at most two arenas (docs/decisions/010-server-memory.md).
 *
 * sharp (libvips) encodes photos on libuv's worker threads, and glibc gives threads their own
 * malloc arenas (up to 8 per core), each keeping the memory of the largest photo it ever
 * handled: 8 uploads of 12-MP photos took the server to 450-490 MB, 255-275 MB with two arenas.
 * glibc reads MALLOC_ARENA_MAX once, before any JavaScript runs, so whoever starts the process
 * must set it: this launcher, or `Environment=MALLOC_ARENA_MAX=2` in a systemd unit that runs
 * `node --import tsx server/src/main.ts` itself. A value already set is kept.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What the server process's environment needs on top of the operator's. */
export const SERVER_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' };

/** Ours, unless the operator set a value (an empty one counts as unset, as glibc reads it). */
const serverEnv = (env) =>
  Object.fromEntries(Object.entries(SERVER_PROCESS_ENV).map(([name, value]) => [name, env[name] || value]));

function launch() {
  const main = fileURLToPath(new URL('./src/main.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const child = spawn(process.execPath, ['--import', pathToFileURL(tsx).href, main, ...process.argv.slice(2)], {
    env: { ...process.env, ...serverEnv(process.env) },
    // The IPC channel closes if this launcher dies, even by SIGKILL: the server then stops too
    // instead of holding the data folder's lock as an orphan.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) launch();
