import type { Lang } from '../i18n/lang';
import type { OwnerText } from '../schemas/booking';
import type { Settings } from '../schemas/settings';

/**
 * The owner's text in a language: the English one on English pages and e-mails when the owner
 * wrote it, else the Spanish one, with the language it is in (pages mark it `lang="es"`).
 */
export function ownerText(t: OwnerText, lang: Lang): { text: string; lang: Lang } {
  return lang === 'en' && t.en ? { text: t.en, lang: 'en' } : { text: t.es, lang: 'es' };
}

/** What a confirmed guest reads about the trip (issue 32), from the owner's settings. */
export function stayTexts(s: Settings) {
  const both = (es: string | undefined, en: string | undefined): OwnerText => ({ es: es ?? '', en: en ?? '' });
  return {
    /** Who signs ("Mensaje de …"): the owner's name, or the business's. */
    hostName: s.hostName || s.name,
    phone: s.phone,
    address: both(s.address, s.addressEn),
    mapUrl: s.mapUrl,
    directionsTolu: both(s.directionsTolu, s.directionsToluEn),
    directionsCovenas: both(s.directionsCovenas, s.directionsCovenasEn),
    checkInSteps: both(s.checkInSteps, s.checkInStepsEn),
    checkOutSteps: both(s.checkOutSteps, s.checkOutStepsEn),
    arrivalInstructions: both(s.arrivalInstructions, s.arrivalInstructionsEn),
  };
}
