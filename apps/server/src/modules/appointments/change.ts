import type { Locale } from '@slotwise/shared/locales';
import type { AppointmentEventType, UserRole } from '@slotwise/shared/enums';
import type { ClientAppointment, ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import type { NewNotification } from '../notifications/service';

/**
 * What one booking, cancel or reschedule changed: built once by the command that made it
 * (book.ts, cancel.ts, reschedule.ts) and handed to every consumer through change-fanout.ts.
 */

export interface AppointmentTime {
  /** `YYYY-MM-DD`, the provider's wall-clock date. */
  day: string;
  /** `HH:MM:SS`, the provider's wall clock. */
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
}

export interface AppointmentParty {
  userId: string;
  firstName: string;
  lastName: string;
  /** Their saved language: what they are told is worded in it (docs/product.md §21.1). */
  locale?: Locale | null;
}

export interface ChangeActor {
  role: UserRole;
  userId: string;
}

/** The facts of a change: who did what to which appointment, and when it is (or was). */
export interface AppointmentNotice extends AppointmentTime {
  type: AppointmentEventType;
  appointmentId: string;
  actor: ChangeActor;
  provider: AppointmentParty & { providerId: string };
  client: AppointmentParty;
  serviceType: string;
  /** Reschedule only: the time the appointment had before. */
  previous: AppointmentTime | null;
}

export interface AppointmentChange {
  /** The appointment as the client sees it (GET /appointment/view). */
  clientView: ClientAppointment;
  /** The appointment as the provider sees it (GET /appointment/provider/view). */
  providerView: ProviderAppointment;
  notice: AppointmentNotice;
  /**
   * What the other party is told, text computed ONCE (notice.ts): the stored notification and
   * the socket event both say exactly this.
   */
  told: NewNotification;
  /**
   * A seat held for its payment (docs/decisions/068-payments.md): only the slots' effects apply
   * (pages showing free slots update); nobody is told of a booking until it is paid.
   */
  held?: boolean;
  /** Slots whose availability changed: what pages showing free slots must update. */
  slots: { taken: string[]; freed: string[] };
}

export interface ProviderActor {
  userId: string;
  providerId: string;
}
