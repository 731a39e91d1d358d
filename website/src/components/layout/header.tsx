import { Link, NavLink } from '../../lib/router';
import { BUSINESS } from '@cabana/shared/config/business';
import { paths } from '../../config/paths';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';

const NAV = [
  { to: paths.plans, label: 'Planes' },
  { to: paths.gallery, label: 'Galería' },
  { to: paths.contact, label: 'Contacto' },
] as const;

export function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand">
          <Icon path={ICONS.wave} size={28} className="brand__mark" />
          <span className="brand__text">
            <span className="brand__name">{BUSINESS.shortName}</span>
            <span className="brand__place">Tolú · Coveñas</span>
          </span>
        </Link>
        <nav aria-label="Principal" className="site-nav">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
