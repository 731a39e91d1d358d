// Moved to test-support/server.ts (one real-server starter for every workspace's tests). This
// re-export only keeps branches written before the move compiling; delete it once they are merged.
export * from '../../../test-support/server';
