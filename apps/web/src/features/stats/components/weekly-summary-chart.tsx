import { useTranslation } from '../../../lib/i18n';
import { Cell, Pie, PieChart } from 'recharts';
import { WEEKLY_CHART_SIZE, type WeeklySlice } from '../weekly-summary-data';

const EMPTY_COLOR = '#e2e8f0';

/**
 * The Weekly Summary pie (its own chunk: recharts loads only with the dashboard). Decorative
 * for assistive technology: the legend beside it carries the same numbers as text.
 */
export function WeeklySummaryChart({ slices }: { slices: WeeklySlice[] }) {
  const { t } = useTranslation();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const data =
    total > 0
      ? slices
          .filter((slice) => slice.value > 0)
          .map((slice) => ({ ...slice, label: t(slice.label) }))
      : [];
  return (
    <PieChart width={WEEKLY_CHART_SIZE} height={WEEKLY_CHART_SIZE} accessibilityLayer={false}>
      {total > 0 ? (
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          innerRadius={52}
          outerRadius={88}
          paddingAngle={data.length > 1 ? 2 : 0}
          stroke="#ffffff"
          isAnimationActive={false}
          rootTabIndex={-1}
        >
          {data.map((slice) => (
            <Cell key={slice.key} fill={slice.color} name={slice.label} />
          ))}
        </Pie>
      ) : (
        <Pie
          data={[{ label: t('No activity'), value: 1 }]}
          dataKey="value"
          innerRadius={52}
          outerRadius={88}
          fill={EMPTY_COLOR}
          stroke="#ffffff"
          isAnimationActive={false}
          rootTabIndex={-1}
        />
      )}
    </PieChart>
  );
}
