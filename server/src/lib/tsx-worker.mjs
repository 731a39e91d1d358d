// Starts a worker thread written in TypeScript when the server runs from its source (tests,
// `npm run dev:server`): Node 20 does not hand tsx's loader on to worker threads, so the thread
// registers it itself, then loads the module named by the last argument. The build bundles
// workers to JavaScript of their own and never uses this file (docs/decisions/015-server-build.md).
// Plain JavaScript, so node loads it as it is.
import { register } from 'tsx/esm/api';

register();
await import(process.argv.at(-1));
