import type { SyntheticEvent } from 'react';
import { useI18n } from '../../i18n/i18n';

/**
 * The same page in the other language. What the visitor chose that the page keeps in its query
 * string (the dates and people on the plans page) goes along: the link takes the query as it is
 * when it is focused or followed.
 */
export function LanguageSwitch({ to }: { to: string }) {
  const { lang, m } = useI18n();
  const other = lang === 'es' ? 'en' : 'es';
  const update = (e: SyntheticEvent<HTMLAnchorElement>) => {
    e.currentTarget.href = to + window.location.search;
  };
  return (
    <a href={to} hrefLang={other} lang={other} className="site-nav__link" onFocus={update} onClick={update}>
      {m.common.switchTo}
    </a>
  );
}
