/** socket.io contract (docs/product.md §10.7 real time), shared by the server and the web client. */

import type { NotificationType } from './enums';

export const SOCKET_PATH = '/socket.io';

export interface NewAppointmentEvent {
  message: string;
  appointmentId: string;
}

export interface AppointmentCanceledEvent {
  message: string;
  by: 'client' | 'provider';
  appointmentId: string;
}

export interface AppointmentRescheduledEvent {
  message: string;
  by: 'client' | 'provider';
  appointmentId: string;
}

/** To the provider: a client reviewed one of their appointments (also stored as a notification). */
export interface NewReviewEvent {
  message: string;
  reviewId: string;
  appointmentId: string;
  rating: number;
}

/** A message for the recipient (never sent to the sender or anyone else). */
export interface NewMessageEvent {
  conversationId: string;
  message: {
    id: string;
    body: string;
    sender_id: string;
    created_at: string;
    read_at: string | null;
  };
}

/** Live availability: only slot ids travel, never who booked. */
export interface SlotAvailabilityEvent {
  providerId: string;
  /** Slots that just became unavailable (booked). */
  taken: string[];
  /** Slots that just became free again (canceled / rescheduled away). */
  freed: string[];
}

/** To one client: a freed slot is held for them (docs/decisions/069-waitlist.md). */
export interface WaitlistOfferEvent {
  offerId: string;
  timeslotId: string;
  expiresAt: string;
}

export interface ServerToClientEvents {
  new_appointment: (event: NewAppointmentEvent) => void;
  appointment_canceled: (event: AppointmentCanceledEvent) => void;
  appointment_rescheduled: (event: AppointmentRescheduledEvent) => void;
  slots_changed: (event: SlotAvailabilityEvent) => void;
  new_review: (event: NewReviewEvent) => void;
  new_message: (event: NewMessageEvent) => void;
  waitlist_offer: (event: WaitlistOfferEvent) => void;
}

export interface ClientToServerEvents {
  /** Start receiving `slots_changed` for one provider's page. */
  watch_provider: (providerId: string, ack?: (result: { ok: boolean }) => void) => void;
  unwatch_provider: (providerId: string) => void;
}

export interface NotificationItem {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  appointmentId: string | null;
  read: boolean;
  is_read: boolean;
  created_at: string;
  /** Same instant as created_at (docs/product.md §3 lists both `time` and `created_at`). */
  time: string;
}
