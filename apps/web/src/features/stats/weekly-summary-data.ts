import { msg } from '@slotwise/shared/locales';
import type { ProviderStats } from '@slotwise/shared/stats-types';

/** docs/product.md §9 weekly chart colours: booked green, canceled red, rescheduled amber. */
export const WEEKLY_COLORS = {
  booked: '#16a34a',
  canceled: '#dc2626',
  rescheduled: '#f59e0b',
} as const;

/** Side of the square pie chart, in px (the placeholder while it loads has the same size). */
export const WEEKLY_CHART_SIZE = 192;

export interface WeeklySlice {
  key: keyof typeof WEEKLY_COLORS;
  /** A message key: translated where shown. */
  label: string;
  value: number;
  color: string;
}

/** The three slices of docs/product.md §2's Weekly Summary, in legend order. */
export function weeklySlices(stats: ProviderStats): WeeklySlice[] {
  return [
    {
      key: 'booked',
      label: msg('Booked this week'),
      value: stats.bookedThisWeek,
      color: WEEKLY_COLORS.booked,
    },
    {
      key: 'canceled',
      label: msg('Canceled this week'),
      value: stats.canceledThisWeek,
      color: WEEKLY_COLORS.canceled,
    },
    {
      key: 'rescheduled',
      label: msg('Rescheduled this week'),
      value: stats.rescheduledThisWeek,
      color: WEEKLY_COLORS.rescheduled,
    },
  ];
}
