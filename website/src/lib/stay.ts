import { BUSINESS } from '@cabana/shared/domain/config/business';
import type { PublicSettings, Settings } from '@cabana/shared/domain/schemas/settings';
import { dateFormat, type Lang } from '@cabana/shared/domain/i18n/lang';

export interface Stay {
  checkIn: string;
  checkOut: string;
  numPeople: number;
}

/** A stay not chosen yet: the usual group size, within the owner's current limits. */
export function defaultStay(s: Pick<Settings, 'minPeople' | 'maxPeople'>): Stay {
  return { checkIn: '', checkOut: '', numPeople: Math.min(s.maxPeople, Math.max(s.minPeople, BUSINESS.defaultPeople)) };
}

const DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};

/** "sáb, 5 de dic de 2026" / "Sat, Dec 5, 2026": dates are calendar days, so format them in UTC to avoid shifts. */
export function formatDay(iso: string, lang: Lang = 'es'): string {
  return dateFormat(lang, DAY).format(new Date(`${iso}T00:00:00Z`));
}

/** Whether a stay of `nights` is held at once on sending (the owner's instant booking, within its longest stay). */
export const isInstant = (s: Pick<PublicSettings, 'instantBooking' | 'instantMaxNights'>, nights: number): boolean =>
  s.instantBooking && nights <= s.instantMaxNights;
