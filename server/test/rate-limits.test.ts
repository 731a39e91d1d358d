import { describe, expect, it } from 'vitest';
import { Limiter } from '../src/auth/rate-limits';
import { TestClock } from '../../test-support/clock';

describe('Limiter (fixed window on the app clock)', () => {
  const make = (clock: TestClock) => new Limiter(2, 60_000, 'Espera.', () => clock.now());

  it('refuses the call after the last allowed one until the window has passed, per key', async () => {
    const clock = new TestClock();
    const limiter = make(clock);
    await limiter.consume('a');
    await limiter.consume('a');
    await expect(limiter.consume('a')).rejects.toThrow('Espera.');
    await expect(limiter.check('a')).rejects.toThrow('Espera.');
    await expect(limiter.consume('b')).resolves.toBeUndefined();
    clock.advance(59_000);
    await expect(limiter.check('a')).rejects.toThrow('Espera.');
    clock.advance(1_000);
    await expect(limiter.check('a')).resolves.toBeUndefined();
    await expect(limiter.consume('a')).resolves.toBeUndefined();
  });

  it('check never counts; penalize counts without throwing; reset forgets the key', async () => {
    const clock = new TestClock();
    const limiter = make(clock);
    for (let i = 0; i < 5; i++) await limiter.check('a');
    await limiter.penalize('a');
    await limiter.penalize('a');
    await expect(limiter.penalize('a')).resolves.toBeUndefined();
    await expect(limiter.check('a')).rejects.toThrow('Espera.');
    await limiter.reset('a');
    await expect(limiter.check('a')).resolves.toBeUndefined();
  });

  it('a window starts at the first call of a key and does not slide with later ones', async () => {
    const clock = new TestClock();
    const limiter = make(clock);
    await limiter.consume('a');
    clock.advance(50_000);
    await limiter.consume('a');
    clock.advance(10_000);
    // 60 s after the first call: a fresh window, although the second call was 10 s ago.
    await limiter.consume('a');
    await limiter.consume('a');
    await expect(limiter.consume('a')).rejects.toThrow('Espera.');
  });
});

describe('TestClock', () => {
  it('follows real time and only moves forward', () => {
    const clock = new TestClock();
    const before = Date.now();
    clock.advance(10_000);
    expect(clock.now()).toBeGreaterThanOrEqual(before + 10_000);
    expect(() => clock.advance(-1)).toThrow();
  });
});
