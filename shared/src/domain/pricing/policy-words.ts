import type { Lang } from '../i18n/lang';
import { CANCELLATION_POLICIES, type CancellationPolicyId } from './terms';

/** A cancellation policy as guests read it: its name and its rules, one sentence each. */
export interface PolicyWords {
  name: string;
  rules: readonly string[];
}

const KEPT_NOTE_EN =
  'When part of the total is kept, whatever you paid above it is refunded; what has not been paid yet is not charged.';

/** The presets' words in English (the Spanish ones are in CANCELLATION_POLICIES): the same steps. */
const POLICY_WORDS_EN: Record<CancellationPolicyId, PolicyWords> = {
  flexible: {
    name: 'Flexible',
    rules: [
      'Cancel up to 1 day (24 hours) before check-in time: everything paid is refunded.',
      'With less than 24 hours or if you do not arrive: 50 % of the total of the stay is kept.',
      KEPT_NOTE_EN,
    ],
  },
  moderada: {
    name: 'Moderate',
    rules: [
      'Cancel 7 days or more before arrival: everything paid is refunded.',
      'Between 2 and 6 days before: 50 % of the total of the stay is kept.',
      'With less than 2 days or if you do not arrive: no refund.',
      KEPT_NOTE_EN,
    ],
  },
  estricta: {
    name: 'Strict',
    rules: [
      'Cancel 30 days or more before arrival: everything paid is refunded.',
      'Between 14 and 29 days before: 50 % of the total of the stay is kept.',
      'With less than 14 days or if you do not arrive: no refund.',
      KEPT_NOTE_EN,
    ],
  },
};

/** The owner's policy in a guest's language (pages, e-mails). */
export function policyWords(id: CancellationPolicyId, lang: Lang): PolicyWords {
  if (lang === 'en') return POLICY_WORDS_EN[id];
  const { name, rules } = CANCELLATION_POLICIES[id];
  return { name, rules };
}
