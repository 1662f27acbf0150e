import type { AppointmentChangeConsumer } from '../appointments/change-fanout';
import { createNotification } from './service';

export const STORED_NOTIFICATION = 'stored-notification';

/**
 * The other party's stored notification of an appointment change, committed with the change
 * itself (its text is `change.told`, built once by the appointments module).
 */
export const storedNotificationConsumer: AppointmentChangeConsumer = {
  name: STORED_NOTIFICATION,
  async inTransaction(tx, change) {
    await createNotification(tx, change.told);
  },
};
