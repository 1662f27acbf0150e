import { translate } from '../../lib/i18n';
import type { WaitlistWindowView } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { formatDate, formatTime } from '../../lib/date-time-format';

/** The end of a day as the API writes it ('24:00'), which a clock time cannot show. */
const END_OF_DAY = '24:00';

function timeText(time: string): string {
  return time.startsWith(END_OF_DAY) ? END_OF_DAY : formatTime(time);
}

/**
 * A window on the provider's wall clock: 'Thu, Nov 26, any time' for a whole day (00:00–24:00),
 * else 'Thu, Nov 26, 09:00–12:00'.
 */
export function windowText(window: WaitlistWindowView, today?: string): string {
  const day = formatDate(window.date, today);
  const wholeDay = window.from.startsWith('00:00') && window.to.startsWith(END_OF_DAY);
  return wholeDay
    ? `${day}, ${translate(WAITLIST_TEXTS.anyTime)}`
    : `${day}, ${timeText(window.from)}–${timeText(window.to)}`;
}
