import { openStore, type StoreOptions } from '../../src/db/store';

/** A store as the test servers open theirs: every save checks that the change tracking saw every change. */
export const openTestStore = (dataDir: string, opts: StoreOptions = {}) =>
  openStore(dataDir, { verify: true, ...opts });
