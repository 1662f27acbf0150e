import { useTranslation } from '../../lib/i18n';
import type { FiguresResponse } from '@slotwise/shared/marketplace-figures-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { lazy, Suspense } from 'react';
import { ListState } from '../../components/list-state';
import { formatAge, formatNumber, formatMoney } from '../../lib/date-time-format';
import { useFigures } from './api/get-figures';

// recharts loads with the overview only, not with the other tabs.
const FiguresChart = lazy(async () => ({
  default: (await import('./components/figures-chart')).FiguresChart,
}));

const percent = (rate: number) => `${formatNumber(rate * 100)}%`;

function grossText(gross: FiguresResponse['totals']['gross']): string {
  const priced = gross.filter((entry) => entry.currency !== '');
  if (priced.length === 0) return formatMoney(0, 'USD');
  return priced.map((entry) => formatMoney(entry.cents, entry.currency)).join(' · ');
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
      {detail ? <dd className="text-sm text-slate-600">{detail}</dd> : null}
    </div>
  );
}

/**
 * /admin (docs/product.md §19.2, §19.6): the last 30 days — totals, cancel and no-show rates, the
 * open reports with the oldest one's age, and bookings and cancellations by UTC day.
 */
export function AdminOverviewPage() {
  const { t } = useTranslation();
  const figures = useFigures();
  const data = figures.data;
  return (
    <section aria-labelledby="admin-overview-title" className="space-y-6">
      <title>{t('Overview · Admin · Slotwise')}</title>
      <h2 id="admin-overview-title" className="text-xl font-semibold text-slate-900">
        {t(MODERATION_TEXTS.figuresTitle)}
      </h2>
      <ListState
        query={figures}
        texts={{
          loading: t(MODERATION_TEXTS.loadingFigures),
          failed: t(MODERATION_TEXTS.loadFiguresFailed),
        }}
      >
        {data ? (
          <>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Figure
                label={t(MODERATION_TEXTS.bookings)}
                value={formatNumber(data.totals.bookings)}
              />
              <Figure
                label={t(MODERATION_TEXTS.cancelRate)}
                value={percent(data.totals.cancel_rate)}
                detail={`${formatNumber(data.totals.canceled)} ${t(MODERATION_TEXTS.canceled).toLowerCase()}`}
              />
              <Figure
                label={t(MODERATION_TEXTS.noShowRate)}
                value={percent(data.totals.no_show_rate)}
                detail={`${formatNumber(data.totals.no_shows)} ${t(MODERATION_TEXTS.noShows).toLowerCase()}`}
              />
              <Figure
                label={t(MODERATION_TEXTS.openReports)}
                value={formatNumber(data.open_reports)}
                detail={
                  data.oldest_open_report_at
                    ? MODERATION_TEXTS.oldestOpen(formatAge(data.oldest_open_report_at), t)
                    : t(MODERATION_TEXTS.noneOpen)
                }
              />
              <Figure
                label={t(MODERATION_TEXTS.newProviders)}
                value={formatNumber(data.totals.new_providers)}
              />
              <Figure label={t(MODERATION_TEXTS.gross)} value={grossText(data.totals.gross)} />
            </dl>
            <section
              aria-labelledby="admin-chart-title"
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h3 id="admin-chart-title" className="mb-3 text-base font-semibold text-slate-900">
                {t(MODERATION_TEXTS.chartTitle)}
              </h3>
              <div aria-hidden="true">
                <Suspense fallback={<div style={{ height: 240 }} />}>
                  <FiguresChart days={data.days} />
                </Suspense>
              </div>
              <table className="sr-only">
                <caption>{t(MODERATION_TEXTS.chartTitle)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(MODERATION_TEXTS.chartDay)}</th>
                    <th scope="col">{t(MODERATION_TEXTS.bookings)}</th>
                    <th scope="col">{t(MODERATION_TEXTS.canceled)}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{day.day}</th>
                      <td>{day.bookings}</td>
                      <td>{day.canceled}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        ) : null}
      </ListState>
    </section>
  );
}
