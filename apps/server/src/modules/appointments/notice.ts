import { MESSAGES } from '@slotwise/shared/texts';
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
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

const hhmm = (time: string) => time.slice(0, 5);
const when = (t: { day: string; startTime: string; endTime: string }) =>
  `${formatDay(t.day)}, ${hhmm(t.startTime)}–${hhmm(t.endTime)}`;

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
  const actorName = fullName(byClient ? notice.client : notice.provider);
  const service = notice.serviceType;
  let title: string;
  let message: string;
  switch (notice.type) {
    case 'booked':
      title = MESSAGES.titleNewAppointment;
      message = `${actorName} booked ${service} on ${when(notice)}.`;
      break;
    case 'canceled':
      title = byClient ? MESSAGES.titleCanceledByClient : MESSAGES.titleCanceledByProvider;
      message = byClient
        ? `${actorName} canceled ${service} on ${when(notice)}.`
        : `${actorName} canceled your ${service} appointment on ${when(notice)}.`;
      break;
    case 'rescheduled': {
      title = byClient ? MESSAGES.titleRescheduledByClient : MESSAGES.titleRescheduledByProvider;
      const from = notice.previous ? ` from ${when(notice.previous)}` : '';
      message = `${actorName} moved ${service}${from} to ${when(notice)}.`;
      break;
    }
  }
  return {
    userId: recipient,
    type: NOTIFICATION_TYPE[notice.type],
    title,
    message,
    appointmentId: notice.appointmentId,
  };
}

/** The one builder of a change: its notice's text is computed here, once. */
export function changeOf(parts: Omit<AppointmentChange, 'told'>): AppointmentChange {
  return { ...parts, told: toldOf(parts.notice) };
}
