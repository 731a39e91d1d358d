import { ownerText } from '@cabana/shared/domain/i18n/lang';
import { useI18n } from '../../i18n/i18n';

/**
 * The owner's house rules, one per line: the English ones on English pages when the owner wrote
 * them, otherwise the Spanish ones, marked `lang="es"` there (issue 32).
 */
export function HouseRules({ es, en }: { es: string; en: string | undefined }) {
  const { lang } = useI18n();
  const shown = ownerText(lang, es, en);
  return (
    <ul lang={shown.lang === lang ? undefined : shown.lang}>
      {shown.text
        .split('\n')
        .map((rule) => rule.trim())
        .filter(Boolean)
        .map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
    </ul>
  );
}
