import type {
  AppointmentCanceledEvent,
  AppointmentRescheduledEvent,
  NewAppointmentEvent,
  NewReviewEvent,
  NotificationItem,
} from '@slotwise/shared/realtime';
import { MESSAGES } from '@slotwise/shared/messages';
import { REVIEW_MESSAGES } from '@slotwise/shared/trust-types';

export type LiveEvent =
  | { name: 'new_appointment'; payload: NewAppointmentEvent }
  | { name: 'appointment_canceled'; payload: AppointmentCanceledEvent }
  | { name: 'appointment_rescheduled'; payload: AppointmentRescheduledEvent }
  | { name: 'new_review'; payload: NewReviewEvent };

export type LiveNotification = Pick<
  NotificationItem,
  'type' | 'title' | 'message' | 'appointmentId'
>;

/** A socket event as the notification the server stores for it (docs/product.md §8 live titles). */
export function liveNotificationFrom(event: LiveEvent): LiveNotification {
  const { message, appointmentId } = event.payload;
  switch (event.name) {
    case 'new_appointment':
      return { type: 'new', title: MESSAGES.titleNewAppointment, message, appointmentId };
    case 'appointment_canceled':
      return {
        type: 'canceled',
        title:
          event.payload.by === 'client'
            ? MESSAGES.titleCanceledByClient
            : MESSAGES.titleCanceledByProvider,
        message,
        appointmentId,
      };
    case 'new_review':
      return { type: 'review', title: REVIEW_MESSAGES.titleNewReview, message, appointmentId };
    case 'appointment_rescheduled':
      return {
        type: 'rescheduled',
        title:
          event.payload.by === 'client'
            ? MESSAGES.titleRescheduledByClient
            : MESSAGES.titleRescheduledByProvider,
        message,
        appointmentId,
      };
  }
}
