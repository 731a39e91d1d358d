import { describe, expect, it } from 'vitest';
import { Limiter } from '../src/auth/rate-limits';
import { TestClock } from '../../test-support/clock';

describe('Limiter (fixed window on the app clock)', () => {
  const make = (clock: TestClock) => new Limiter(2, 60_000, 'Espera.', { now: () => clock.now() });

  it('refuses the call after the last allowed one until the window has passed, per key', () => {
    const clock = new TestClock();
    const limiter = make(clock);
    limiter.consume('a');
    limiter.consume('a');
    expect(() => limiter.consume('a')).toThrow('Espera.');
    expect(() => limiter.check('a')).toThrow('Espera.');
    expect(limiter.consume('b')).toBeUndefined();
    clock.advance(59_000);
    expect(() => limiter.check('a')).toThrow('Espera.');
    clock.advance(1_000);
    expect(limiter.check('a')).toBeUndefined();
    expect(limiter.consume('a')).toBeUndefined();
  });

  it('check never counts; penalize counts without throwing; reset forgets the key', () => {
    const clock = new TestClock();
    const limiter = make(clock);
    for (let i = 0; i < 5; i++) limiter.check('a');
    limiter.penalize('a');
    limiter.penalize('a');
    expect(limiter.penalize('a')).toBeUndefined();
    expect(() => limiter.check('a')).toThrow('Espera.');
    limiter.reset('a');
    expect(limiter.check('a')).toBeUndefined();
  });

  it('a window starts at the first call of a key and does not slide with later ones', () => {
    const clock = new TestClock();
    const limiter = make(clock);
    limiter.consume('a');
    clock.advance(50_000);
    limiter.consume('a');
    clock.advance(10_000);
    // 60 s after the first call: a fresh window, although the second call was 10 s ago.
    limiter.consume('a');
    limiter.consume('a');
    expect(() => limiter.consume('a')).toThrow('Espera.');
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
