import type {
  AppointmentCanceledEvent,
  AppointmentRescheduledEvent,
  NewAppointmentEvent,
  NewReviewEvent,
  NotificationItem,
} from '@slotwise/shared/realtime';
import { MESSAGES } from '@slotwise/shared/texts';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { translate } from '../../lib/i18n';

export type LiveEvent =
  | { name: 'new_appointment'; payload: NewAppointmentEvent }
  | { name: 'appointment_canceled'; payload: AppointmentCanceledEvent }
  | { name: 'appointment_rescheduled'; payload: AppointmentRescheduledEvent }
  | { name: 'new_review'; payload: NewReviewEvent };

export type LiveNotification = Pick<
  NotificationItem,
  'type' | 'title' | 'message' | 'appointmentId'
>;

/** The events whose title says who acted (docs/product.md §8 live titles). */
const BY_WHOM = {
  appointment_canceled: {
    type: 'canceled',
    client: MESSAGES.titleCanceledByClient,
    provider: MESSAGES.titleCanceledByProvider,
  },
  appointment_rescheduled: {
    type: 'rescheduled',
    client: MESSAGES.titleRescheduledByClient,
    provider: MESSAGES.titleRescheduledByProvider,
  },
} as const;

/**
 * A socket event as the notification the server stores for it (docs/product.md §8 live titles):
 * the title in the screen's language; the message comes worded by the server.
 */
export function liveNotificationFrom(event: LiveEvent): LiveNotification {
  const { message, appointmentId } = event.payload;
  switch (event.name) {
    case 'new_appointment':
      return {
        type: 'new',
        title: translate(MESSAGES.titleNewAppointment),
        message,
        appointmentId,
      };
    case 'new_review':
      return {
        type: 'review',
        title: translate(REVIEW_MESSAGES.titleNewReview),
        message,
        appointmentId,
      };
    case 'appointment_canceled':
    case 'appointment_rescheduled': {
      const titles = BY_WHOM[event.name];
      const title = event.payload.by === 'client' ? titles.client : titles.provider;
      return { type: titles.type, title: translate(title), message, appointmentId };
    }
  }
}
