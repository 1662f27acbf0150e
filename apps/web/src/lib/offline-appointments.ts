import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { OFFLINE_APPOINTMENTS_KEY } from './session';

/**
 * The client's upcoming appointments as last loaded on this device, for the appointments page
 * offline (docs/product.md §20.1, docs/decisions/073-phones.md). One account's at a time;
 * signing out forgets them (session.ts).
 */
export interface OfflineAppointments {
  userId: string;
  /** When they were loaded, ms since the epoch. */
  savedAt: number;
  appointments: ClientAppointment[];
}

export function keepOfflineAppointments(
  userId: string,
  appointments: ClientAppointment[],
  savedAt: number = Date.now(),
): void {
  const value: OfflineAppointments = { userId, savedAt, appointments };
  try {
    window.localStorage.setItem(OFFLINE_APPOINTMENTS_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled: there is simply nothing to show offline.
  }
}

/** The kept list of `userId`, or null (none, another account's, unreadable). */
export function offlineAppointments(userId: string): OfflineAppointments | null {
  try {
    const raw = window.localStorage.getItem(OFFLINE_APPOINTMENTS_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<OfflineAppointments>;
    if (
      value.userId !== userId ||
      typeof value.savedAt !== 'number' ||
      !Array.isArray(value.appointments)
    ) {
      return null;
    }
    return value as OfflineAppointments;
  } catch {
    return null;
  }
}
