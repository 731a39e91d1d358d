import { monthOf, shiftMonth, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { Overview } from '@cabana/shared/domain/schemas/overview';
import { attentionGroups } from './overview-attention';
import { MONTHS, nightsPerMonth, requestsPerWeek, revenuePerMonth, stayFigures } from './overview-figures';
import { nightSources, type OverviewInput } from './overview-model';

/**
 * The owner's overview as a pure function of what the store holds (plus "now"): `overviewInput`
 * (overview-input.ts) gathers the input from the data; the figures are tested against hand-made
 * inputs. Each part is its own function of the input (overview-attention.ts, overview-figures.ts),
 * so direct bookings (issue 21) and the e-mail outbox plug in by filling `bookings` and
 * `unsentEmails`. The alerts are alerts.ts.
 */
export function computeOverview(input: OverviewInput, now: number): Overview {
  const today = todayAtCabin(new Date(now));
  const month = monthOf(today);
  const sources = nightSources(input);
  return {
    today,
    attention: attentionGroups(input, sources, today),
    nights: {
      sources,
      past: nightsPerMonth(input, shiftMonth(month, -MONTHS), MONTHS),
      next: nightsPerMonth(input, month, MONTHS),
    },
    revenue: revenuePerMonth(input, shiftMonth(month, -MONTHS), 2 * MONTHS),
    requests: requestsPerWeek(input, today),
    stays: stayFigures(input, today),
  };
}
