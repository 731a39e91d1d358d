import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { JOURNAL_FILE, journalHeader } from './folder';
import type { JournalWriter } from './journal-writer';
import type { SaveQueue } from './save-queue';
import type { StoreFiles } from './store-files';
import type { DurableFs } from '../lib/durable-fs';
import { crashPoint } from '../lib/crash-points';

interface CompactorDeps {
  dir: string;
  fs: DurableFs;
  journal: JournalWriter;
  files: StoreFiles;
  queue: SaveQueue;
  /** Journal size that starts a compaction (bytes). */
  compactBytes: number;
  onError?: (err: unknown) => void;
}

/**
 * Folds the journal into the collection files beside the running saves, then swaps in the next
 * journal generation; started when the journal fills or when a save removed someone's data.
 */
export class Compactor {
  private running: Promise<void> | undefined;
  /** Files changed since the last compaction, with the journal entry that last changed them. */
  readonly sinceCompaction = new Map<string, { seq: number; text: string | null }>();
  /** The last save that removed data: its old content must leave the journal soon (privacy). */
  scrubSeq = 0;
  private compactedUpTo: number;
  /** Set when the store closes: no compaction starts after. */
  closed = false;

  constructor(private readonly deps: CompactorDeps) {
    this.compactedUpTo = deps.journal.seq;
  }

  /** The compaction under way, if any. */
  get current(): Promise<void> | undefined {
    return this.running;
  }

  maybe() {
    const { journal, compactBytes } = this.deps;
    if (this.running || this.closed || journal.seq <= this.compactedUpTo) return;
    if (journal.bytes > compactBytes || this.scrubSeq > this.compactedUpTo) this.start();
  }

  /**
   * Writes the journal's files out beside the running saves, then prepares the next journal
   * generation (a synced temp file holding the lines after those files) also beside them. The
   * save queue is held only to copy the lines appended meanwhile and to rename the new journal
   * in; the folder's fsync that makes the rename durable runs after, and saves acknowledged
   * before it ends wait for it (syncDir), so none is acknowledged on a journal a crash could undo.
   */
  private start() {
    const { dir, fs, journal, files, queue } = this.deps;
    const upTo = journal.seq;
    const texts = new Map([...this.sinceCompaction].map(([name, v]) => [name, v.text]));
    const nextGen = journal.gen + 1;
    const tmp = path.join(dir, `.${JOURNAL_FILE}.${randomBytes(6).toString('hex')}.tmp`);
    let next: FileHandle | undefined;
    this.running = (async () => {
      crashPoint('store:compaction-start');
      await files.writeOut(texts);
      // 'a': appends land at the end, also after a failed append is cut back (truncate).
      next = await fs.open(tmp, 'ax', 0o600);
      const copied = journal.lines.filter((l) => l.seq > upTo);
      let copiedUpTo = copied.at(-1)?.seq ?? upTo;
      await next.writeFile(journalHeader(nextGen) + copied.map((l) => l.line).join(''));
      await next.sync();
      await queue.run(async () => {
        const later = journal.lines.filter((l) => l.seq > copiedUpTo);
        if (later.length > 0) {
          await next!.write(later.map((l) => l.line).join(''));
          await next!.datasync();
          copiedUpTo = later.at(-1)!.seq;
        }
        await fs.rename(tmp, journal.path);
        crashPoint('store:journal-swapped');
        journal.adopt(next!, nextGen, upTo);
        next = undefined;
        for (const [name, v] of [...this.sinceCompaction]) if (v.seq <= upTo) this.sinceCompaction.delete(name);
        this.compactedUpTo = upTo;
      });
      await journal.syncDir();
    })().then(
      () => {
        this.running = undefined;
        this.maybe();
      },
      async (err: unknown) => {
        this.running = undefined;
        if (next) {
          await next.close().catch(() => undefined);
          await fs.rm(tmp, { force: true }).catch(() => undefined);
        }
        this.deps.onError?.(err);
      },
    );
  }
}
