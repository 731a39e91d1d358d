/**
 * Named moments of the write paths where the crash suite (server/test/crash.test.ts) kills the
 * server: `CABANA_CRASH_AT=<name>[:<nth>]` makes the nth time that point is reached (the first by
 * default) a SIGKILL of this process, as a power cut or the OOM killer would end it there. The
 * process's configuration reads the variable (env.ts, cli/cli-env.ts) and its entry point arms it
 * once, at start (`armCrashPoint`); unarmed, `crashPoint` does nothing.
 */
export const CRASH_POINTS = {
  'store:before-journal': 'a save staged, its journal line not yet written',
  'store:after-journal-write': 'the journal line written, not yet fdatasynced',
  'store:after-journal': 'the journal line synced, the save not yet acknowledged',
  'store:compaction-start': 'a compaction started, no file written out yet',
  'store:between-renames': 'a write-out renamed one collection file in, not the others',
  'store:journal-swapped': 'a compaction renamed its new journal in, the folder not yet synced',
  'store:split-before-remove':
    'a collection an earlier version kept in one file written as segment files, the single file not yet removed',
  'images:variants-staged': "a photo's variants written in .staging, not yet moved into images/",
  'images:before-record': "a photo's variants in images/, its record not yet saved",
  'images:before-file-removal': "a photo's record removed and saved, its files still there",
  'bookings:before-save': "a booking's transition and its e-mails staged in memory, not yet saved",
  'bookings:saved-not-sent': "a booking's transition and its e-mails saved, the e-mails not yet handed to the sender",
  'payments:applied-not-answered': "a gateway's event applied and saved, not yet answered 200",
  'tra:answered-not-saved': "MinCIT answered a guest's TRA code, not yet saved on the booking",
  'mail:sent-not-marked': 'an e-mail handed to the SMTP server, not yet marked sent',
  'backup:archiving': 'a backup archive partly written under its temporary name',
  'backup:before-rename': 'a backup archive complete and verified, not yet under its final name',
} as const;

export type CrashPoint = keyof typeof CRASH_POINTS;

export interface CrashTarget {
  point: CrashPoint;
  nth: number;
}

/** Parses `CABANA_CRASH_AT`: undefined when unset or naming no point. */
export function parseCrashAt(value: string | undefined): CrashTarget | undefined {
  const m = /^([a-z-]+:[a-z-]+)(?::(\d+))?$/.exec(value?.trim() ?? '');
  if (!m || !Object.hasOwn(CRASH_POINTS, m[1]!)) return undefined;
  return { point: m[1] as CrashPoint, nth: Math.max(1, Number(m[2] ?? 1)) };
}

// Process-wide, as what it does is: the process that reaches the point ends.
let target: CrashTarget | undefined;
let seen = 0;

/** Makes `crashPoint` kill this process at `at` (from CABANA_CRASH_AT); undefined disarms it. */
export function armCrashPoint(at: CrashTarget | undefined): void {
  target = at;
  seen = 0;
}

/** Kills the process here when it was armed with this point (see CRASH_POINTS); otherwise nothing. */
export function crashPoint(point: CrashPoint): void {
  if (target?.point !== point || ++seen !== target.nth) return;
  process.kill(process.pid, 'SIGKILL');
}
