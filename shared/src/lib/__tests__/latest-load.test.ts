import { describe, expect, it } from 'vitest';
import { LatestLoad } from '../latest-load';
import { deferred } from './deferred';

describe('LatestLoad', () => {
  it('gives the data of a load, or its error, and never rejects', async () => {
    const runner = new LatestLoad<number>();
    expect(await runner.run(() => Promise.resolve(7))).toEqual({ status: 'ok', data: 7 });
    const boom = new Error('sin conexión');
    expect(await runner.run(() => Promise.reject(boom))).toEqual({ status: 'failed', error: boom });
    // A loader that throws before returning a promise counts as a failed load too.
    expect(
      await runner.run(() => {
        throw boom;
      }),
    ).toEqual({ status: 'failed', error: boom });
  });

  it('drops the answer of a load overtaken by a newer one, even when it arrives last', async () => {
    const runner = new LatestLoad<string>();
    const slow = deferred<string>();
    const fast = deferred<string>();
    const signals: AbortSignal[] = [];
    const first = runner.run((signal) => {
      signals.push(signal);
      return slow.promise;
    });
    const second = runner.run((signal) => {
      signals.push(signal);
      return fast.promise;
    });
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    fast.resolve('nuevo');
    expect(await second).toEqual({ status: 'ok', data: 'nuevo' });
    slow.resolve('viejo');
    expect(await first).toEqual({ status: 'cancelled' });
  });

  it('drops the error of an overtaken load as well', async () => {
    const runner = new LatestLoad<string>();
    const slow = deferred<string>();
    const first = runner.run(() => slow.promise);
    const second = runner.run(() => Promise.resolve('bien'));
    slow.reject(new Error('tarde'));
    expect(await first).toEqual({ status: 'cancelled' });
    expect(await second).toEqual({ status: 'ok', data: 'bien' });
  });

  it('cancel() aborts the load in flight and drops its answer (a component unmounting)', async () => {
    const runner = new LatestLoad<string>();
    const pending = deferred<string>();
    let seen: AbortSignal | undefined;
    const run = runner.run((signal) => {
      seen = signal;
      return pending.promise;
    });
    runner.cancel();
    expect(seen?.aborted).toBe(true);
    pending.resolve('demasiado tarde');
    expect(await run).toEqual({ status: 'cancelled' });
    // Nothing in flight: harmless, and the runner keeps working.
    runner.cancel();
    expect(await runner.run(() => Promise.resolve('otra vez'))).toEqual({ status: 'ok', data: 'otra vez' });
  });

  it('a finished load is not aborted by a later cancel', async () => {
    const runner = new LatestLoad<number>();
    let seen: AbortSignal | undefined;
    await runner.run((signal) => {
      seen = signal;
      return Promise.resolve(1);
    });
    runner.cancel();
    expect(seen?.aborted).toBe(false);
  });
});
