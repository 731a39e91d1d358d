import { ConfigError, readEnv } from './env';
import { DataDirLockedError } from './db/lock';
import { DataFileError } from './db/store';
import { consoleLogger, startServer } from './start';

async function main() {
  const config = readEnv();
  const running = await startServer(config, consoleLogger);
  const shown = config.host ? running.url : `http://localhost:${running.port}`;
  console.log(`Cabaña server listening on ${shown} (data in ${config.dataDir})`);
  console.log(`Admin e-mail: ${running.adminEmail}`);
  if (running.generatedPassword) {
    console.log('');
    console.log(`  Generated admin password (shown only this once): ${running.generatedPassword}`);
    console.log('  Change it any time with: npm run reset-password');
    console.log('');
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    running.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DataFileError) {
    console.error(`Cannot start: ${err.message}`);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Cannot start: the port is already in use (${(err as Error).message}). Set PORT to another one.`);
  } else {
    console.error('Cannot start:', err);
  }
  process.exit(1);
});
