import type { Locale } from '@slotwise/shared/locales';
import { Outlet } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useSession } from '../lib/session';
import { SkipLink } from './skip-link';

/**
 * The header's switch, signed in: the choice is saved to the account (docs/product.md §21.1).
 * Fetched on use, so the landing page's JavaScript stays as it was.
 */
function saveToAccount(locale: Locale): void {
  void import('../features/accounts/api/update-locale')
    .then(({ updateLocale }) => updateLocale(locale))
    .catch(() => {
      // Kept on this device; the account keeps its previous language.
    });
}

/** Marketing pages (landing, about): site header, content, footer. */
export function PublicLayout() {
  const { session } = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader onLanguageChosen={session ? saveToAccount : undefined} />
      {/* At least a screen tall: the footer starts below the fold, so a page whose content
          arrives after its first render (a provider's page, its slots and reviews) does not
          push a visible footer down (a layout shift, docs/decisions/080-page-weight.md). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
