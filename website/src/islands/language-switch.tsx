import type { SyntheticEvent } from 'react';
import type { Lang } from '@cabana/shared/domain/i18n/lang';

/**
 * The same page in the other language (`lang`), with its name in that language (`label`). What
 * the visitor chose that the page keeps in its query string (the dates and people on the plans
 * page, the guest page's link) goes along: the link takes the query as it is when it is focused
 * or followed. Those pages make it an island; elsewhere it is a plain link (the server's markup).
 */
export default function LanguageSwitch({ to, label, lang }: { to: string; label: string; lang: Lang }) {
  const update = (e: SyntheticEvent<HTMLAnchorElement>) => {
    e.currentTarget.href = to + window.location.search;
  };
  return (
    <a href={to} hrefLang={lang} lang={lang} className="site-nav__link" onFocus={update} onClick={update}>
      {label}
    </a>
  );
}
