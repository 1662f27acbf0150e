import { translate } from '../../../lib/i18n';

/** "2 hours", "90 minutes", "1 day": a duration in minutes as people say it. */
export function durationText(minutes: number): string {
  if (minutes % (24 * 60) === 0 && minutes > 0)
    return translate('{{count}} days', { count: minutes / (24 * 60) });
  if (minutes % 60 === 0 && minutes > 0)
    return translate('{{count}} hours', { count: minutes / 60 });
  return translate('{{count}} minutes', { count: minutes });
}

/** "3 of 12 left" (a class), null for a one-client slot (SPEC shows no count there). */
export function seatsLeftText(slot: { capacity?: number; seats_left?: number }): string | null {
  const capacity = slot.capacity ?? 1;
  if (capacity <= 1) return null;
  return translate('{{left}} of {{capacity}} left', {
    left: slot.seats_left ?? capacity,
    capacity,
  });
}
