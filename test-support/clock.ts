import { BUSINESS } from '@cabana/shared/domain/config/business';
import { addDays, zoneOffsetMs } from '@cabana/shared/domain/pricing/dates';
import { cabinInstant } from '@cabana/shared/domain/pricing/booking';
import type { Clock } from '../server/src/clock';

/**
 * The app's clock for tests: it follows real time, plus whatever the test skipped with
 * `advance`, so an expiry or a rate-limit window can pass without a sleep. Following real time
 * (rather than standing still) keeps every other timestamp ordered as in production.
 */
export class TestClock implements Clock {
  #skipped = 0;

  now(): number {
    return Date.now() + this.#skipped;
  }

  /**
   * Moves on to the next 10:00 at the cabin unless it is already between 10:00 and 12:00 there:
   * a hold accepted then ends in the day (holds that would end at night move to 09:00, issue 29),
   * so a test can let it lapse by advancing its hours, whatever the hour the suite runs at.
   */
  toCabinMorning(): void {
    const now = this.now();
    const local = now + zoneOffsetMs(now, BUSINESS.timeZone);
    const hour = new Date(local).getUTCHours();
    if (hour >= 10 && hour < 12) return;
    const day = new Date(local).toISOString().slice(0, 10);
    const target = cabinInstant(hour < 10 ? day : addDays(day, 1), '10:00');
    this.advance(target - now);
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`a test clock only moves forward (asked for ${ms} ms)`);
    this.#skipped += ms;
  }
}
