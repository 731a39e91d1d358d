import { ownerText } from '@cabana/shared/domain/i18n/lang';
import { useI18n } from '../../i18n/i18n';

/**
 * A text the owner writes in the panel: the English version on English pages when there is one;
 * otherwise the Spanish text, marked `lang="es"` there so it is read out as Spanish.
 */
export function OwnerText({ es, en }: { es: string; en?: string | undefined }) {
  const { lang } = useI18n();
  const shown = ownerText(lang, es, en);
  return <span lang={shown.lang === lang ? undefined : shown.lang}>{shown.text}</span>;
}
