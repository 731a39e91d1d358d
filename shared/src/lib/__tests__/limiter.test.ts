import { describe, expect, it } from 'vitest';
import { Limiter, mapLimited } from '../limiter';
import { deferred } from './deferred';

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Limiter', () => {
  it('runs at most `concurrency` jobs, the rest in arrival order', async () => {
    const limiter = new Limiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.promise;
        return i * 10;
      }),
    );
    // The slots are taken synchronously: callers can read the counts right away.
    expect([limiter.running, limiter.waiting]).toEqual([2, 2]);
    await settle();
    expect(started).toEqual([0, 1]);

    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect([limiter.running, limiter.waiting]).toEqual([2, 1]);

    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 10, 20, 30]);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a job that fails, and passes the failure on', async () => {
    const limiter = new Limiter(1);
    const failing = limiter.run(() => Promise.reject(new Error('falló')));
    const thrown = limiter.run(() => {
      throw new Error('lanzó');
    });
    const next = limiter.run(() => 'siguiente');
    await expect(failing).rejects.toThrow('falló');
    await expect(thrown).rejects.toThrow('lanzó');
    await expect(next).resolves.toBe('siguiente');
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('hands a freed slot to the next job without ever exceeding the limit', async () => {
    const limiter = new Limiter(3);
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        limiter.run(async () => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          seen.push(limiter.running);
          // Uneven job lengths, so slots free up in a mixed order.
          for (let n = 0; n < i % 4; n++) await settle();
          inFlight--;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(Math.max(...seen)).toBe(3);
  });

  it('starts jobs run ahead before the ones already waiting, in their own arrival order', async () => {
    const limiter = new Limiter(1);
    const gate = deferred();
    const started: string[] = [];
    const job = (name: string) => async () => {
      started.push(name);
      if (name === 'first') await gate.promise;
    };
    const runs = [
      limiter.run(job('first')),
      limiter.run(job('later-1')),
      limiter.run(job('urgent-1'), { ahead: true }),
      limiter.run(job('later-2')),
      limiter.run(job('urgent-2'), { ahead: true }),
    ];
    expect([limiter.running, limiter.waiting]).toEqual([1, 4]);
    gate.resolve();
    await Promise.all(runs);
    expect(started).toEqual(['first', 'urgent-1', 'urgent-2', 'later-1', 'later-2']);

    // Once the urgent ones are gone, a new one goes ahead of what waits again.
    const gate2 = deferred();
    const again: string[] = [];
    const more = [
      limiter.run(async () => {
        again.push('a');
        await gate2.promise;
      }),
      limiter.run(() => void again.push('b')),
      limiter.run(() => void again.push('c'), { ahead: true }),
    ];
    gate2.resolve();
    await Promise.all(more);
    expect(again).toEqual(['a', 'c', 'b']);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('refuses a concurrency that would run nothing or make no sense', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => new Limiter(bad)).toThrow(RangeError);
  });
});

describe('mapLimited', () => {
  it('keeps results in input order whatever order the jobs end in', async () => {
    const gates = [deferred<string>(), deferred<string>(), deferred<string>()];
    let running = 0;
    let peak = 0;
    const result = mapLimited(['a', 'b', 'c'], 2, async (_item, index) => {
      running++;
      peak = Math.max(peak, running);
      const value = await gates[index]!.promise;
      running--;
      return value;
    });
    await settle();
    gates[1]!.resolve('B');
    await settle();
    gates[2]!.resolve('C');
    gates[0]!.resolve('A');
    expect(await result).toEqual(['A', 'B', 'C']);
    expect(peak).toBe(2);
  });

  it('resolves at once for no items', async () => {
    expect(await mapLimited([], 2, () => 1)).toEqual([]);
  });
});
