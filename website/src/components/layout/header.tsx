import { guestBookingOf, otherLanguagePath, pageOf } from '../../config/paths';
import { Island } from '../../islands/island';
import LanguageSwitch from '../../islands/language-switch';
import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';

const NAV = ['plans', 'gallery', 'contact'] as const;

/** Links between public pages are plain document loads: each page is rendered (and cached) by the server. */
export function Header({ path }: { path: string }) {
  const page = pageOf(path);
  const other = otherLanguagePath(path);
  const { name } = useSettings();
  const { m, href, lang } = useI18n();
  const switchProps = other
    ? ({ to: other, label: m.common.switchTo, lang: lang === 'es' ? 'en' : 'es' } as const)
    : null;
  // Only the pages that keep what the visitor chose in their query need code for the link.
  const keepsQuery = page?.key === 'plans' || guestBookingOf(path) !== null;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a href={href('home')} className="brand">
          <Icon path={ICONS.wave} size={28} className="brand__mark" />
          <span className="brand__text">
            <span className="brand__name">{name}</span>
            <span className="brand__place">{m.common.place}</span>
          </span>
        </a>
        <nav aria-label={m.common.navLabel} className="site-nav">
          <ul>
            {NAV.map((key) => (
              <li key={key}>
                <a href={href(key)} className="site-nav__link" aria-current={page?.key === key ? 'page' : undefined}>
                  {m.common.nav[key]}
                </a>
              </li>
            ))}
            {switchProps ? (
              <li>
                {keepsQuery ? (
                  <Island name="language-switch" component={LanguageSwitch} props={switchProps} />
                ) : (
                  <LanguageSwitch {...switchProps} />
                )}
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
