import type { BookingTerms, CancellationPolicyId } from '@cabana/shared/domain/schemas/booking';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import type { Settings } from '@cabana/shared/domain/schemas/settings';

/** A policy's id with its words in both languages, as the guest read them. */
export function policyTerms(id: CancellationPolicyId): BookingTerms['cancellationPolicy'] {
  const words = (lang: 'es' | 'en') => {
    const w = policyWords(id, lang);
    return { name: w.name, rules: [...w.rules] };
  };
  return { id, words: { es: words('es'), en: words('en') } };
}

/** The booking terms of the settings now. */
export function frozenTerms(settings: Settings, at: string, source: BookingTerms['source']): BookingTerms {
  return {
    cancellationPolicy: policyTerms(settings.cancellationPolicy),
    houseRules: settings.houseRules,
    ...(settings.houseRulesEn ? { houseRulesEn: settings.houseRulesEn } : {}),
    checkInTime: settings.checkInTime,
    checkOutTime: settings.checkOutTime,
    depositPercent: settings.depositPercent,
    balanceDueDays: settings.balanceDueDays,
    cleaningFee: settings.cleaningFee,
    frozenAt: at,
    source,
  };
}
