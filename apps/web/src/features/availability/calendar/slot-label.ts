import type { WindowSlot } from '../api/get-timeslot-window';
import { formatDay, formatTimeRange } from '../slot-format';

/** The name of the performance measure around a week's render, layout to commit. */
export const WEEK_RENDER_MEASURE = 'calendar-week-render';
/** From the same start to the first frame painted with the week (what the bench reports). */
export const WEEK_PAINT_MEASURE = 'calendar-week-paint';
/** The mark its measure starts from: set when a week's layout is computed. */
export const WEEK_RENDER_START = 'calendar-week-render-start';

export function clientName(slot: WindowSlot): string {
  return [slot.client_first_name, slot.client_last_name].filter(Boolean).join(' ');
}

/**
 * What a screen reader says for a block: state, who, what, when. `dayLabel`: the slot's day
 * already formatted (the calendar formats each visible day once, not once per block).
 */
export function slotLabel(slot: WindowSlot, dayLabel = formatDay(slot.day)): string {
  const when = `${dayLabel}, ${formatTimeRange(slot)}`;
  if (!slot.is_booked) return `Available, ${slot.type}, ${when}`;
  const name = clientName(slot);
  return `Booked${name ? ` by ${name}` : ''}, ${slot.type}, ${when}`;
}
