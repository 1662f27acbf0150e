import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link, NavLink, useLocation } from 'react-router';
import { msg } from '@slotwise/shared/locales';
import type { Locale } from '@slotwise/shared/locales';
import { HOME_PATH, useSession } from '../lib/session';
import { BrandLink } from './brand-logo';
import { LanguageSwitch } from './language-switch';
import { OutlineIcon } from './outline-icon';

interface NavItem {
  label: string;
  /** In-page anchor on the landing page (without '#'), or a route path. */
  anchor?: string;
  to?: string;
}

// docs/product.md §2 (Landing page): Home, How It Works, Categories, About, Contact, Sign Up, Login.
const PAGE_LINKS: readonly NavItem[] = [
  { label: msg('Home'), to: '/' },
  { label: msg('How It Works'), anchor: 'how-it-works' },
  { label: msg('Categories'), anchor: 'categories' },
  { label: msg('About'), to: '/about' },
  { label: msg('Contact'), anchor: 'contact' },
];

const linkBase = 'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100';
const linkClass = `${linkBase} text-slate-700 hover:text-slate-900`;
const activeLinkClass = `${linkBase} text-indigo-700`;

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (item.anchor) {
    // The contact details live in the footer of every public page; the other sections only on
    // the landing page, so elsewhere they link to '/#section'.
    const inPage = pathname === '/' || item.anchor === 'contact';
    return inPage ? (
      <a href={`#${item.anchor}`} className={linkClass} onClick={onNavigate}>
        {t(item.label)}
      </a>
    ) : (
      <Link to={`/#${item.anchor}`} className={linkClass} onClick={onNavigate}>
        {t(item.label)}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.to ?? '/'}
      end
      className={({ isActive }) => (isActive ? activeLinkClass : linkClass)}
      onClick={onNavigate}
    >
      {t(item.label)}
    </NavLink>
  );
}

export function SiteHeader({
  onLanguageChosen,
}: {
  /** After the switch has changed the screens (signed in: saved to the account). */
  onLanguageChosen?: (locale: Locale) => void;
} = {}) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  // Signed in (e.g. back on a public provider page after login): their own area, not 'Login'.
  const { session } = useSession();
  const home = session ? HOME_PATH[session.role] : null;
  // Signed in: the way to one's own area; signed out: sign-up (with Login beside it).
  // An operator's own area is /admin (docs/product.md §19.1).
  const cta = home
    ? { to: home, label: session?.role === 'admin' ? t('Admin') : t('My account') }
    : { to: '/register', label: t('Sign Up') };
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  // Close the mobile menu whenever the location changes (link followed, back button).
  const [lastLocation, setLastLocation] = useState(location);
  if (lastLocation !== location) {
    setLastLocation(location);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus inside the menu would be lost when it hides: it goes back to the menu button.
      if (menuRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink
          className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900"
          ariaLabel={t('Slotwise home')}
        />

        <nav aria-label={t('Main')} className="hidden items-center gap-1 md:flex">
          {PAGE_LINKS.map((item) => (
            <NavEntry key={item.label} item={item} />
          ))}
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch onChosen={onLanguageChosen} />
          <Link
            to={cta.to}
            className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700"
          >
            {cta.label}
          </Link>
          {home ? null : (
            <Link to="/login" className={linkClass}>
              {t('Login')}
            </Link>
          )}
        </div>

        <button
          ref={buttonRef}
          type="button"
          className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{t('Menu')}</span>
          <OutlineIcon>
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </OutlineIcon>
        </button>
      </div>

      <nav
        ref={menuRef}
        id={menuId}
        aria-label={t('Mobile')}
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {PAGE_LINKS.map((item) => (
            <li key={item.label} className="flex flex-col">
              <NavEntry item={item} onNavigate={closeMenu} />
            </li>
          ))}
          <li className="mt-2 flex flex-col">
            <Link
              to={cta.to}
              onClick={closeMenu}
              className="rounded-lg bg-indigo-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-700"
            >
              {cta.label}
            </Link>
          </li>
          <li className="mt-2 flex flex-col">
            <LanguageSwitch onChosen={onLanguageChosen} />
          </li>
          {home ? null : (
            <li className="flex flex-col">
              <Link to="/login" className={linkClass} onClick={closeMenu}>
                {t('Login')}
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
