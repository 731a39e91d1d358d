/**
 * One feed file, parsed in a worker thread of its own (see feed-parser.ts): whatever the file
 * makes ical.js do, the server's event loop keeps answering, and the thread's deadline and heap
 * limit end it. Built as its own entry (server/scripts/build.ts) and, from the source, started
 * through lib/tsx-worker.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FeedBudgetError, FeedParseError, parseFeed } from './parse-feed';
import type { ParseJob, ParseReply } from './feed-parser';

const port = parentPort!;
const job = workerData as ParseJob;
const reply = (message: ParseReply) => port.postMessage(message);

// The deadline starts now: loading this module is not the feed's doing.
reply({ kind: 'started' });
try {
  reply({ kind: 'events', events: parseFeed(job.text, job.today, { steps: job.steps }, job.hours) });
} catch (err) {
  if (!(err instanceof FeedParseError)) throw err;
  reply({ kind: 'refused', message: err.message, overBudget: err instanceof FeedBudgetError });
}
