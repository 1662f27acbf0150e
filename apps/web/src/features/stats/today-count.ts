import { msg } from '@slotwise/shared/locales';

/**
 * The 'Today's Appointments' card counts the list under it: booked appointments on today's local
 * date (docs/product.md §4, §14.3). Its caption says so. The server's `todayCount` (booked or
 * completed in the provider's zone) is no longer shown: it disagreed with the list whenever
 * some of today's were completed or the browser's date differed from the provider's.
 */
export const TODAY_COUNT_CAPTION = msg('Booked today');
