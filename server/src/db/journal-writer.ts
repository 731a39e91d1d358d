import path from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { JOURNAL_FILE, journalHeader, resetJournal, type JournalContent } from './folder';
import { fsyncDir, NotDurableError, type DurableFs } from '../lib/durable-fs';
import { crashPoint } from '../lib/crash-points';

/**
 * The open journal of one store (docs/decisions/012): appends each save's line, fdatasynced,
 * cuts back a line a failed append may have left in part, and takes over the next generation a
 * compaction prepared (`adopt`), whose rename the folder's fsync makes durable (`syncDir`).
 */
export class JournalWriter {
  private handle: FileHandle | undefined;
  /** The journal's generation (its first line). */
  gen: number;
  /** The last entry written. */
  seq: number;
  /** The journal's size. */
  bytes: number;
  /** Lines of the current journal, for the new journal a compaction starts. */
  lines: { seq: number; line: string }[] = [];
  /** A failed append may have left part of a line: cut back to here before the next one. */
  private cutTo: number | undefined;
  readonly path: string;
  /** Set once a journal swap is renamed in until the folder is synced: saves acknowledged meanwhile wait for it. */
  private dirUnsynced = false;
  private dirSync: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly fs: DurableFs,
    journal: JournalContent,
  ) {
    this.path = path.join(dir, JOURNAL_FILE);
    this.gen = journal.gen;
    this.seq = journal.entries.reduce((max, e) => Math.max(max, e.seq), 0);
    this.bytes = journal.goodLength;
    this.cutTo = journal.torn ? journal.goodLength : undefined;
  }

  syncDir(): Promise<void> {
    if (!this.dirUnsynced) return Promise.resolve();
    this.dirSync ??= fsyncDir(this.dir, this.fs).then(
      () => {
        this.dirUnsynced = false;
        this.dirSync = undefined;
      },
      (err: unknown) => {
        this.dirSync = undefined;
        throw new NotDurableError(err);
      },
    );
    return this.dirSync;
  }

  /** Writes a save's line and fdatasyncs it; on failure the next append first cuts it back. */
  async append(line: string) {
    this.handle ??= await this.fs.open(this.path, 'a', 0o600);
    if (this.cutTo !== undefined) {
      await this.handle.truncate(this.cutTo);
      await this.handle.sync();
      this.cutTo = undefined;
    }
    const before = this.bytes;
    try {
      crashPoint('store:before-journal');
      await this.handle.write(line);
      crashPoint('store:after-journal-write');
      await this.handle.datasync();
      crashPoint('store:after-journal');
    } catch (err) {
      this.cutTo = before;
      throw err;
    }
    this.bytes += Buffer.byteLength(line);
  }

  /** The appended line of entry `seq` is durable. */
  recorded(seq: number, line: string) {
    this.seq = seq;
    this.lines.push({ seq, line });
  }

  /** Starts the next generation, empty (once its files hold all the journal's changes). */
  async restart() {
    this.gen += 1;
    await resetJournal(this.dir, this.gen, '', this.fs);
    this.bytes = Buffer.byteLength(`${JSON.stringify({ journal: 1, gen: this.gen })}\n`);
    this.cutTo = undefined;
  }

  /**
   * A compaction renamed `next` in as the journal of generation `gen`, holding the lines after
   * `upTo`: appends go there from now on; the folder is not yet synced (syncDir).
   */
  adopt(next: FileHandle, gen: number, upTo: number) {
    const old = this.handle;
    this.handle = next;
    this.dirUnsynced = true;
    this.gen = gen;
    this.lines = this.lines.filter((l) => l.seq > upTo);
    this.bytes =
      Buffer.byteLength(journalHeader(gen)) + this.lines.reduce((sum, l) => sum + Buffer.byteLength(l.line), 0);
    this.cutTo = undefined;
    void old?.close().catch(() => undefined);
  }

  async close() {
    await this.syncDir().catch(() => undefined);
    await this.handle?.close();
    this.handle = undefined;
  }
}
