import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { UserConfig } from '../../../schemas/api/user.ts';
import { navReselected } from '../../lib/nav-reselect.ts';
import { navLinks } from './nav-links.ts';
import { shell } from './shell-store.ts';

export function NavLinks({ config }: { config: UserConfig }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { gameMessageCount } = useSnapshot(shell);
  const links = navLinks(config, gameMessageCount);
  if (links.length === 0) return null;
  return (
    <nav className="nav-links" aria-label={t('Navigation')}>
      {links.map((link) => (
        <Link
          key={link.route}
          href={link.href}
          className={location.startsWith(link.href) ? 'nav-link active' : 'nav-link'}
          onClick={(event) => {
            // The shown page's link again: the page may ask to reset itself instead (spec 1 section 2).
            if (location.startsWith(link.href) && navReselected(link.route)) event.preventDefault();
          }}
        >
          {t(link.label)}
        </Link>
      ))}
    </nav>
  );
}
