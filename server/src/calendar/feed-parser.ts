import { Worker } from 'node:worker_threads';
import { CALENDAR_LIMITS } from '@cabana/shared/domain/config/calendar';
import {
  DEFAULT_STAY_HOURS,
  FeedBudgetError,
  FeedParseError,
  PARSE_MESSAGES,
  type ParsedEvent,
  type StayHours,
} from './parse-feed';

/** What one feed file may cost: steps of ical.js's expansion, wall time and heap of its worker. */
export interface ParseLimits {
  steps: number;
  timeoutMs: number;
  heapMb: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  steps: CALENDAR_LIMITS.feedParseSteps,
  timeoutMs: CALENDAR_LIMITS.feedParseTimeoutMs,
  heapMb: CALENDAR_LIMITS.feedParseHeapMb,
};

/** What the worker (parse-worker.ts) is given. */
export interface ParseJob {
  text: string;
  today: string;
  steps: number;
  /** Check-in and check-out hours: which nights a timed event blocks. */
  hours: StayHours;
}

/** What the worker answers: once when it starts on the file, then the file's events or why not. */
export type ParseReply =
  | { kind: 'started' }
  | { kind: 'events'; events: ParsedEvent[] }
  | { kind: 'refused'; message: string; overBudget: boolean };

/** The parse was called off (the server is shutting down); says nothing about the feed. */
export class ParseCancelledError extends Error {
  override name = 'ParseCancelledError';
}

// From the build, the worker is a JavaScript file beside this code's chunk (server/dist); from
// the source, a TypeScript module that a small bootstrap loads through tsx.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCE
  ? new URL('../lib/tsx-worker.mjs', import.meta.url)
  : new URL('./parse-worker.js', import.meta.url);
const WORKER_ARGV = FROM_SOURCE ? [new URL('./parse-worker.ts', import.meta.url).href] : [];
/** Loading the worker's code is not the feed's doing, but a thread that never gets going is ended too. */
const START_TIMEOUT_MS = 60_000;

/**
 * Parses feed files off the event loop, one at a time (two cores, and a cabin has a handful of
 * feeds): each file gets a fresh worker thread with a heap limit, and a deadline from the moment
 * it starts on the file. A worker that runs out of either is terminated and the file refused
 * with a FeedBudgetError; its memory goes with the thread.
 */
export class FeedParser {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(readonly limits: ParseLimits = DEFAULT_PARSE_LIMITS) {}

  /** Resolves to the file's events; rejects with FeedParseError (Spanish) or ParseCancelledError. */
  parse(
    text: string,
    today: string,
    signal?: AbortSignal,
    hours: StayHours = DEFAULT_STAY_HOURS,
  ): Promise<ParsedEvent[]> {
    const run = this.#queue.then(() => this.#run({ text, today, steps: this.limits.steps, hours }, signal));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #run(job: ParseJob, signal: AbortSignal | undefined): Promise<ParsedEvent[]> {
    if (signal?.aborted) return Promise.reject(new ParseCancelledError());
    const { timeoutMs, heapMb } = this.limits;
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER, {
        argv: WORKER_ARGV,
        workerData: job,
        resourceLimits: {
          maxOldGenerationSizeMb: heapMb,
          maxYoungGenerationSizeMb: Math.max(4, Math.round(heapMb / 8)),
          stackSizeMb: 4,
        },
      });
      let timer = setTimeout(() => finish(new Error('the feed parser did not start')), START_TIMEOUT_MS);
      let settled = false;
      const onAbort = () => finish(new ParseCancelledError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const finish = (outcome: ParsedEvent[] | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      worker.on('message', (msg: ParseReply) => {
        if (msg.kind === 'started') {
          clearTimeout(timer);
          timer = setTimeout(() => finish(new FeedBudgetError(PARSE_MESSAGES.tooSlow(timeoutMs))), timeoutMs);
        } else if (msg.kind === 'events') {
          finish(msg.events);
        } else {
          finish(msg.overBudget ? new FeedBudgetError(msg.message) : new FeedParseError(msg.message));
        }
      });
      // Anything else the thread throws is no verdict on the feed: it reaches the caller as it is.
      worker.once('error', (err: NodeJS.ErrnoException) =>
        finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FeedBudgetError(PARSE_MESSAGES.tooBig) : err),
      );
      worker.once('exit', (code) => finish(new Error(`the feed parser stopped (exit code ${code}) without an answer`)));
    });
  }
}
