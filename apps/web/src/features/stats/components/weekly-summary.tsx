import { useTranslation } from '../../../lib/i18n';
import { lazy, Suspense } from 'react';
import { WEEKLY_CHART_SIZE, type WeeklySlice } from '../weekly-summary-data';

const WeeklySummaryChart = lazy(async () => ({
  default: (await import('./weekly-summary-chart')).WeeklySummaryChart,
}));

/** docs/product.md §2 Weekly Summary: the pie with its legend beside it (below it on narrow screens). */
export function WeeklySummary({ slices }: { slices: WeeklySlice[] }) {
  const { t } = useTranslation();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
      <div
        aria-hidden="true"
        data-testid="weekly-summary-chart"
        style={{ width: WEEKLY_CHART_SIZE, height: WEEKLY_CHART_SIZE }}
        className="shrink-0"
      >
        <Suspense
          fallback={<div className="size-full rounded-full border-[36px] border-slate-100" />}
        >
          <WeeklySummaryChart slices={slices} />
        </Suspense>
      </div>
      <div className="min-w-0">
        <ul aria-label={t('Weekly Summary legend')} className="space-y-3">
          {slices.map((slice) => (
            <li key={slice.key} className="flex items-center gap-3 text-sm">
              <span
                aria-hidden="true"
                data-testid={`legend-swatch-${slice.key}`}
                className="size-3.5 shrink-0 rounded-sm"
                style={{ backgroundColor: slice.color }}
              />
              <span className="text-slate-700">{t(slice.label)}</span>
              <span className="ms-auto ps-4 font-semibold text-slate-900">{slice.value}</span>
            </li>
          ))}
        </ul>
        {total === 0 ? (
          <p className="mt-3 text-sm text-slate-500">
            {t('No bookings, cancellations or reschedules yet this week.')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
