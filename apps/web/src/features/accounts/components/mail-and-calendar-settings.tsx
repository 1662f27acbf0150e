import { CalendarFeedSection } from './calendar-feed-section';
import { ChannelMatrixSection } from './channel-matrix-section';
import { DevicePushSection } from './device-push-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { PhoneNumberSection } from './phone-number-section';

/**
 * The profile screens' notification and calendar settings: SPEC's email preferences, the
 * event × channel matrix, the phone number and this device's push switch (docs/product.md
 * §20.4), and the calendar feed. The target of the mails' preference links
 * (`/notification-preferences` leads here).
 */
export function MailAndCalendarSettings() {
  return (
    <div id="notification-preferences" className="mt-6 space-y-6">
      <EmailPreferencesSection />
      <ChannelMatrixSection />
      <PhoneNumberSection />
      <DevicePushSection />
      <CalendarFeedSection />
    </div>
  );
}
