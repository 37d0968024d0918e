/**
 * The site's links: inline in a wide header; on a phone, where they do not fit, behind a menu
 * button that opens a drawer with the same links (and `children`, e.g. Log In / Register).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { MenuIcon } from '../components/Icons';
import Overlay from '../components/Overlay';

export type NavLinks = [label: string, to: string][];

export const SITE_LINKS: NavLinks = [
  ['Buy Crypto', '/buy-crypto'],
  ['Markets', '/markets'],
  ['Trade', '/trade'],
  ['Futures', '/derivatives'],
  ['Earn', '/earn'],
];

export function SiteNavLinks({ links = SITE_LINKS }: { links?: NavLinks }) {
  return (
    <nav className="nav">
      {links.map(([label, to]) => (
        <NavLink key={to} to={to}>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

export function SiteMenu({ links = SITE_LINKS, children }: { links?: NavLinks; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      <button
        type="button"
        className="icon-btn menu-toggle"
        aria-label="Menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon size={22} />
      </button>
      {open && (
        <Overlay label="Menu" className="nav-drawer" onClose={close}>
          {children && <div className="drawer-actions">{children}</div>}
          <nav className="drawer-links">
            {links.map(([label, to]) => (
              <NavLink key={to} to={to}>
                {label}
              </NavLink>
            ))}
          </nav>
        </Overlay>
      )}
    </>
  );
}
