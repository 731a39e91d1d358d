/**
 * The real server in its own process (so the load generator and the references never share its
 * event loop or memory). Prints one JSON line with its URL and pid, stops on SIGTERM.
 *   tsx server/bench/server-child.ts <dataDir> [websiteDist]   (BENCH_SERVER_ENV: JSON of settings to override)
 */
import { startTestServer } from '../fixtures/server';

const [dataDir, websiteDist] = process.argv.slice(2);
// BENCH_SERVER_ENV: settings a bench overrides (JSON), e.g. the tests' store verification off.
const env = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const server = await startTestServer({
  env,
  ...(dataDir ? { dataDir } : {}),
  ...(websiteDist ? { websiteDist } : {}),
});
process.stdout.write(
  `${JSON.stringify({ url: server.url, pid: process.pid, email: server.admin.email, password: server.admin.password })}\n`,
);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
