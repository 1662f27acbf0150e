import { useTranslation } from '../../lib/i18n';
import { LanguageSection } from './components/language-section';
import { MailAndCalendarSettings } from './components/mail-and-calendar-settings';
import { YourDataSection } from './components/your-data-section';

/**
 * /client/account (the profile menu's 'Account'): the client's email and calendar settings, and
 * their data (docs/product.md §19.5), and the screens' language (§21.1).
 */
export function ClientAccountPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-title" className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
      <title>{t('Account · Slotwise')}</title>
      <h1 id="account-title" className="text-2xl font-bold text-slate-900">
        {t('Account')}
      </h1>
      <div className="mt-6">
        <LanguageSection />
      </div>
      <MailAndCalendarSettings />
      <div className="mt-6">
        <YourDataSection />
      </div>
    </section>
  );
}
