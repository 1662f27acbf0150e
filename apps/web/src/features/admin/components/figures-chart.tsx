import { useTranslation } from '../../../lib/i18n';
import type { FiguresDay } from '@slotwise/shared/marketplace-figures-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * Bookings and cancellations by UTC day (docs/product.md §19.6): a picture of the table the
 * overview renders beside it for assistive technology.
 */
export function FiguresChart({ days }: { days: readonly FiguresDay[] }) {
  const { t } = useTranslation();
  const data = days.map((day) => ({
    day: day.day.slice(5),
    bookings: day.bookings,
    canceled: day.canceled,
  }));
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: 240 }}
      data={data}
      accessibilityLayer={false}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
      <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
      <Tooltip cursor={{ fill: '#f1f5f9' }} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar
        dataKey="bookings"
        name={t(MODERATION_TEXTS.bookings)}
        fill="#4f46e5"
        radius={[3, 3, 0, 0]}
        isAnimationActive={false}
      />
      <Bar
        dataKey="canceled"
        name={t(MODERATION_TEXTS.canceled)}
        fill="#f59e0b"
        radius={[3, 3, 0, 0]}
        isAnimationActive={false}
      />
    </BarChart>
  );
}
