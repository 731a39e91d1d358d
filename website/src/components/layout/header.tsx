import { cleanPath, paths } from '../../config/paths';
import { useSettings } from '../../lib/page-data';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';

const NAV = [
  { to: paths.plans, label: 'Planes' },
  { to: paths.gallery, label: 'Galería' },
  { to: paths.contact, label: 'Contacto' },
] as const;

/** Links between public pages are plain document loads: each page is rendered (and cached) by the server. */
export function Header({ path }: { path: string }) {
  const current = cleanPath(path);
  const { name } = useSettings();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a href={paths.home} className="brand">
          <Icon path={ICONS.wave} size={28} className="brand__mark" />
          <span className="brand__text">
            <span className="brand__name">{name}</span>
            <span className="brand__place">Tolú · Coveñas</span>
          </span>
        </a>
        <nav aria-label="Principal" className="site-nav">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <a href={item.to} className="site-nav__link" aria-current={current === item.to ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
