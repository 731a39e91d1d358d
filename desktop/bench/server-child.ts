// A real server in its own process, so the benchmark's memory figure is the uploader's alone.
import { startTestServer } from '../../test-support/server';

const server = await startTestServer();
process.stdout.write(
  `${JSON.stringify({ url: server.url, email: server.admin.email, password: server.admin.password })}\n`,
);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
