import { CalendarFeedSection } from './calendar-feed-section';
import { EmailPreferencesSection } from './email-preferences-section';

/**
 * The profile screens' mail and calendar settings: email preferences and the calendar feed.
 * The target of the mails' preference links (`/notification-preferences` leads here).
 */
export function MailAndCalendarSettings() {
  return (
    <div id="notification-preferences" className="mt-6 space-y-6">
      <EmailPreferencesSection />
      <CalendarFeedSection />
    </div>
  );
}
