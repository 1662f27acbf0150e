import { seatsLeftText as sharedSeatsLeftText } from '@slotwise/shared/appointments-series-schemas';
import { durationText as sharedDurationText } from '@slotwise/shared/policies-schemas';
import { translate } from '../../../lib/i18n';

/** "2 hours", "90 minutes", "1 day", in the screen's language. */
export function durationText(minutes: number): string {
  return sharedDurationText(minutes, translate);
}

/** "3 of 12 left" (a class), null for a one-client slot (SPEC shows no count there). */
export function seatsLeftText(slot: { capacity?: number; seats_left?: number }): string | null {
  return sharedSeatsLeftText(slot, translate);
}
