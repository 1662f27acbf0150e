import { useTranslation } from '../../../lib/i18n';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { InstallAppButton } from '../../../components/install-app-button';

/** What a menu item needs to take part in the menu: spread onto the item's button or link. */
export interface MenuItemProps {
  role: 'menuitem';
  tabIndex: -1;
  className: string;
}

// Keyboard focus keeps the app's focus ring (index.css), drawn inside the item.
const ITEM_CLASS =
  'flex w-full items-center justify-between gap-2 px-4 py-2 text-start text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus-visible:-outline-offset-2 disabled:opacity-50';

interface ProfileMenuProps {
  /** The signed-in user's full name (null while it is not known yet). */
  name: string | null;
  imageUrl: string | null;
  /** The 'Logout' item (the app's logout button), given the menu item props to spread. */
  renderLogout: (props: MenuItemProps) => ReactNode;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/**
 * The client header's profile menu (docs/product.md §2): a button with the user's picture and name opening
 * a menu with 'Appointments' (/client/appointments), 'Waitlist' (/waitlist, docs/product.md §17),
 * 'Account' (/client/account: email and calendar settings), 'Install app' where the browser
 * offers it (§20.1) and 'Logout'.
 *
 * ARIA menu button: aria-haspopup and aria-expanded on the button; opening moves focus to the
 * first item (ArrowUp opens on the last); ArrowDown/ArrowUp/Home/End move between items; Escape
 * closes and returns focus to the button; Tab or a click elsewhere closes it.
 */
export function ProfileMenu({ name, imageUrl, renderLogout }: ProfileMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menuRef.current);
    (focusOnOpen === 'last' ? items.at(-1) : items[0])?.focus();

    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen]);

  const openMenu = (focus: 'first' | 'last') => {
    setFocusOnOpen(focus);
    setOpen(true);
  };

  const closeMenu = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        closeMenu(true);
        break;
      case 'Tab':
        closeMenu(false);
        break;
    }
  };

  const itemProps: MenuItemProps = { role: 'menuitem', tabIndex: -1, className: ITEM_CLASS };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-full p-1 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:rounded-md sm:pe-2"
      >
        <Avatar src={imageUrl} name={name} alt="" size="sm" />
        <span className="sr-only max-w-40 truncate sm:not-sr-only">
          {name ?? t('Account menu')}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="hidden size-4 text-slate-600 sm:block"
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute end-0 z-40 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <Link {...itemProps} to="/client/appointments" onClick={() => closeMenu(false)}>
            {t('Appointments')}
          </Link>
          <Link {...itemProps} to="/waitlist" onClick={() => closeMenu(false)}>
            {t('Waitlist')}
          </Link>
          <Link {...itemProps} to="/client/account" onClick={() => closeMenu(false)}>
            {t('Account')}
          </Link>
          {/* docs/product.md §20.1: only where the browser offers installation. */}
          <InstallAppButton {...itemProps} onDone={() => closeMenu(true)} />
          {renderLogout(itemProps)}
        </div>
      ) : null}
    </div>
  );
}
