/**
 * The site's links: inline in a wide header; on a phone, where they do not fit, behind a menu
 * button that opens a drawer with the same links (and `children`, e.g. Log In / Register).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon, MenuIcon } from './Icons';

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

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

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
        <div className="drawer-backdrop" onClick={() => setOpen(false)}>
          <div
            className="nav-drawer"
            role="dialog"
            aria-label="Menu"
            aria-modal="true"
            onClick={(event) => {
              event.stopPropagation();
              // Following any link in it (even to the page already shown) closes the drawer.
              if ((event.target as Element).closest('a')) setOpen(false);
            }}
          >
            <div className="row between">
              <span className="muted small">Menu</span>
              <button type="button" className="icon-btn" aria-label="Close menu" onClick={() => setOpen(false)}>
                <CloseIcon size={20} />
              </button>
            </div>
            {children && <div className="drawer-actions">{children}</div>}
            <nav className="drawer-links">
              {links.map(([label, to]) => (
                <NavLink key={to} to={to}>
                  {label}
                </NavLink>
              ))}
            </nav>
          </div>
        </div>
      )}
    </>
  );
}
