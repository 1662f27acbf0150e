import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The Analytics page's bar charts (a chunk of their own: recharts loads only when the page
 * does). They are pictures of the tables the page renders beside them for assistive technology.
 */

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

interface AnalyticsBarChartProps {
  data: object[];
  /** Field holding each bar group's label. */
  labelKey: string;
  series: ChartSeries[];
  /** Suffix for values in the tooltip and the axis (e.g. ' min'). */
  unit?: string;
  height?: number;
}

/** A responsive bar chart with one bar per series in each group. */
export function AnalyticsBarChart({
  data,
  labelKey,
  series,
  unit,
  height = 240,
}: AnalyticsBarChartProps) {
  return (
    <BarChart
      responsive
      style={{ width: '100%', height }}
      data={data}
      accessibilityLayer={false}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
      <XAxis
        dataKey={labelKey}
        tick={{ fontSize: 12 }}
        interval="preserveStartEnd"
        minTickGap={8}
      />
      <YAxis allowDecimals={false} tick={{ fontSize: 12 }} unit={unit} width={unit ? 64 : 40} />
      <Tooltip cursor={{ fill: '#f1f5f9' }} />
      {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
      {series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.name}
          fill={s.color}
          unit={unit}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
