import { describe, expect, it } from 'vitest';
import { ImageLane } from '../electron/lib/image-lane';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the image lane (one decode at a time in main)', () => {
  it('starts urgent jobs before the background ones already waiting, each kind in its own arrival order', async () => {
    const lane = new ImageLane();
    const gate = deferred();
    const started: string[] = [];
    const job = (name: string) => async () => {
      started.push(name);
      if (name === 'first') await gate.promise;
    };
    const runs = [
      lane.run(job('first')),
      lane.run(job('later-1')),
      lane.run(job('urgent-1'), { urgent: true }),
      lane.run(job('later-2')),
      lane.run(job('urgent-2'), { urgent: true }),
    ];
    expect([lane.running, lane.waiting]).toEqual([true, 4]);
    gate.resolve();
    await Promise.all(runs);
    expect(started).toEqual(['first', 'urgent-1', 'urgent-2', 'later-1', 'later-2']);
    expect([lane.running, lane.waiting]).toEqual([false, 0]);
  });

  it('frees the lane when a job fails, and never runs two at once', async () => {
    const lane = new ImageLane();
    let running = 0;
    let peak = 0;
    const work = async (fail: boolean) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (fail) throw new Error('no se pudo leer');
    };
    const results = await Promise.allSettled([
      lane.run(() => work(true)),
      lane.run(() => work(false), { urgent: true }),
      lane.run(() => work(false)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(peak).toBe(1);
    expect(lane.running).toBe(false);
  });
});
