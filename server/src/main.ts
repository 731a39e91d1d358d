import { ConfigError, readEnv } from './env';
import { DataDirLockedError } from './db/lock';
import { DataFileError } from './db/store';
import { consoleLogger, startServer } from './start';
import { armCrashPoint } from './lib/crash-points';

async function main() {
  const config = readEnv();
  armCrashPoint(config.crashAt);
  const running = await startServer(config, consoleLogger);
  const shown = config.host ? running.url : `http://localhost:${running.port}`;
  console.info(`Cabaña server listening on ${shown} (data in ${config.dataDir})`);
  console.info(`Admin e-mail: ${running.adminEmail}`);
  if (running.initialPasswordFile) {
    // Never the password itself: logs outlive it and reach more people than the operator.
    console.info('');
    console.info(`  A generated admin password is in ${running.initialPasswordFile}`);
    console.info('  (readable only by this user; deleted after the first sign-in).');
    console.info('  Change it any time with: npm run reset-password');
    console.info('');
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal} received, shutting down`);
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
  // Started by server/start.mjs (npm start): its IPC channel closes when the launcher is gone,
  // however it ended, and an orphan must not keep the data folder locked.
  if (process.send) process.on('disconnect', () => stop('launcher gone'));
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
