import { MailAndCalendarSettings } from './components/mail-and-calendar-settings';
import { YourDataSection } from './components/your-data-section';

/**
 * /client/account (the profile menu's 'Account'): the client's email and calendar settings, and
 * their data (docs/product.md §19.5).
 */
export function ClientAccountPage() {
  return (
    <section aria-labelledby="account-title" className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
      <title>Account · Slotwise</title>
      <h1 id="account-title" className="text-2xl font-bold text-slate-900">
        Account
      </h1>
      <MailAndCalendarSettings />
      <div className="mt-6">
        <YourDataSection />
      </div>
    </section>
  );
}
