/** The store's writes, one after the other: each runs once the one before has settled, failed or not. */
export class SaveQueue {
  private chain: Promise<void> = Promise.resolve();

  run(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Settles once every write queued so far has. */
  idle(): Promise<void> {
    return this.chain;
  }
}
