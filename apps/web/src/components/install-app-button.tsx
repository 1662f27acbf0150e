import { useTranslation } from '../lib/i18n';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { useInstallPrompt } from '../lib/install-prompt';

interface InstallAppButtonProps {
  className?: string;
  /** As an item of a menu (the client's profile menu). */
  role?: 'menuitem';
  tabIndex?: number;
  /** After the browser's dialog closed (a menu closes itself). */
  onDone?: () => void;
}

/**
 * 'Install app' (docs/product.md §20.1): only where the browser offered installation, and the
 * browser's own dialog opens on the click only.
 */
export function InstallAppButton({ className, role, tabIndex, onDone }: InstallAppButtonProps) {
  const { t } = useTranslation();
  const install = useInstallPrompt();
  if (!install) return null;
  return (
    <button
      type="button"
      role={role}
      tabIndex={tabIndex}
      onClick={() => void install().finally(() => onDone?.())}
      className={
        className ??
        'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50'
      }
    >
      {t(PHONE_UI_TEXTS.installApp)}
    </button>
  );
}
