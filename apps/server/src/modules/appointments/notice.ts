import { INTL_LOCALES } from '@slotwise/shared/locales';
import type { Locale } from '@slotwise/shared/locales';
import { MESSAGES } from '@slotwise/shared/texts';
import { translate } from '../../lib/i18n';
import type { NotificationType } from '@slotwise/shared/enums';
import type { NewNotification } from '../notifications/service';
import type { AppointmentChange, AppointmentNotice } from './change';

const fullName = (p: { firstName: string; lastName: string }) =>
  p.lastName && p.lastName !== '-' ? `${p.firstName} ${p.lastName}` : p.firstName;

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with one
// (it was a tenth of the server's CPU time in bench/'s booking storm).
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * 'Tue, Nov 24, 2026' (the web's day format with its year, docs/product.md §14.5) from a wall-clock
 * `YYYY-MM-DD` (no zone: it is the provider's date).
 */
export function formatDay(day: string, locale?: Locale | null): string {
  return dayFormatOf(locale).format(new Date(`${day}T00:00:00Z`));
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** The same day format in the recipient's language ('Do., 26. Nov. 2026'), built once each. */
function dayFormatOf(locale: Locale | null | undefined): Intl.DateTimeFormat {
  if (!locale || locale === 'en') return dayFormat;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  return format;
}

const hhmm = (time: string) => time.slice(0, 5);
const when = (t: { day: string; startTime: string; endTime: string }, locale?: Locale | null) =>
  `${formatDay(t.day, locale)}, ${hhmm(t.startTime)}–${hhmm(t.endTime)}`;

const NOTIFICATION_TYPE: Record<AppointmentNotice['type'], NotificationType> = {
  booked: 'new',
  canceled: 'canceled',
  rescheduled: 'rescheduled',
};

/**
 * What the *other* party is told of a change: the titles of docs/product.md (notifications), and
 * a message that names who did what, and when the appointment is (the provider's wall clock).
 */
function toldOf(notice: AppointmentNotice): NewNotification {
  const byClient = notice.actor.role === 'client';
  const recipient = byClient ? notice.provider.userId : notice.client.userId;
  // Worded in the recipient's language when stored (docs/product.md §21.1).
  const l = (byClient ? notice.provider : notice.client).locale;
  const name = fullName(byClient ? notice.client : notice.provider);
  const service = notice.serviceType;
  const at = when(notice, l);
  let title: string;
  let message: string;
  switch (notice.type) {
    case 'booked':
      title = MESSAGES.titleNewAppointment;
      message = translate(l, '{{name}} booked {{service}} on {{when}}.', {
        name,
        service,
        when: at,
      });
      break;
    case 'canceled':
      title = byClient ? MESSAGES.titleCanceledByClient : MESSAGES.titleCanceledByProvider;
      message = byClient
        ? translate(l, '{{name}} canceled {{service}} on {{when}}.', { name, service, when: at })
        : translate(l, '{{name}} canceled your {{service}} appointment on {{when}}.', {
            name,
            service,
            when: at,
          });
      break;
    case 'rescheduled': {
      title = byClient ? MESSAGES.titleRescheduledByClient : MESSAGES.titleRescheduledByProvider;
      message = notice.previous
        ? translate(l, '{{name}} moved {{service}} from {{from}} to {{when}}.', {
            name,
            service,
            from: when(notice.previous, l),
            when: at,
          })
        : translate(l, '{{name}} moved {{service}} to {{when}}.', { name, service, when: at });
      break;
    }
  }
  return {
    userId: recipient,
    type: NOTIFICATION_TYPE[notice.type],
    title: translate(l, title),
    message,
    appointmentId: notice.appointmentId,
  };
}

/** The one builder of a change: its notice's text is computed here, once. */
export function changeOf(parts: Omit<AppointmentChange, 'told'>): AppointmentChange {
  return { ...parts, told: toldOf(parts.notice) };
}
