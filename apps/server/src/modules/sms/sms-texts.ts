import { INTL_LOCALES } from '@slotwise/shared/locales';
import type { Locale } from '@slotwise/shared/locales';
import { translate } from '../../lib/i18n';
/**
 * The texts of reminders and waitlist offers (docs/product.md §20.3): short, the time written in
 * the recipient's own zone; sms-queue.ts adds 'Reply STOP to stop texts.'.
 */

/** 'Mon 30 Nov, 14:00' in the zone; in German 'Do., 26. Nov., 14:00'. */
export function shortTimeIn(instant: Date, timeZone: string, locale?: Locale | null): string {
  if (locale && locale !== 'en') {
    return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant);
  }
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${get('weekday')} ${get('day')} ${get('month')}, ${get('hour')}:${get('minute')}`;
}

/** 'Slotwise: Haircut with Pia Barber on Mon 30 Nov, 14:00.' */
export function reminderText(
  what: string,
  startsAt: Date,
  timeZone: string,
  locale?: Locale | null,
): string {
  return translate(locale, 'Slotwise reminder: {{what}} on {{when}}.', {
    what,
    when: shortTimeIn(startsAt, timeZone, locale),
  });
}

/** 'Slotwise: a time opened — Haircut with Pia Barber on …, held for you until 14:15. Book: <link>' */
export function waitlistOfferText(
  offer: { what: string; startsAt: Date; expiresAt: Date; link: string },
  timeZone: string,
): string {
  const until = shortTimeIn(offer.expiresAt, timeZone).split(', ')[1];
  return (
    `Slotwise: a time opened for you, ${offer.what} on ${shortTimeIn(offer.startsAt, timeZone)}. ` +
    `Held until ${until}. Book: ${offer.link}`
  );
}
