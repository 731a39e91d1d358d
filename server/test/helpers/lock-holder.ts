/** Child process for the lock tests: takes the data folder's lock, says so, holds it for a while. */
import { lockDataDir } from '../../src/db/lock';

const [dir, holdMs = '1000'] = process.argv.slice(2);
try {
  const lock = await lockDataDir(dir!, 'lock-holder');
  console.log('locked');
  setTimeout(() => {
    lock.release();
    process.exit(0);
  }, Number(holdMs));
} catch (err) {
  console.log(`refused: ${(err as Error).message}`);
  process.exit(3);
}
