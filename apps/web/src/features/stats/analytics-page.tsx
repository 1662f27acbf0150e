import { useTranslation } from '../../lib/i18n';
import type { ProviderAnalytics } from '@slotwise/shared/stats-types';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { ChartSeries } from './components/analytics-charts';
import {
  formatDay,
  formatHour,
  formatLongDay,
  formatMinutes,
  formatPercent,
  plural,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT_NAMES,
} from './analytics-format';
import { useProviderAnalytics } from './api/get-analytics';
import { LoadFailed } from '../../components/load-failed';
import { PageSection } from '../../components/page-section';
import { CardSection } from '../../components/card-section';

const AnalyticsBarChart = lazy(async () => ({
  default: (await import('./components/analytics-charts')).AnalyticsBarChart,
}));

const COLORS = {
  bookings: '#4f46e5',
  cancellations: '#dc2626',
  appointments: '#0d9488',
  published: '#94a3b8',
  booked: '#16a34a',
} as const;

/** Hours always shown on the hour chart (a working day); hours with appointments widen it. */
const DEFAULT_FIRST_HOUR = 8;
const DEFAULT_LAST_HOUR = 18;

interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface ChartSectionProps<Row extends object> {
  title: string;
  /** One or two sentences saying what the chart shows. */
  summary: string;
  rows: Row[];
  labelKey: keyof Row & string;
  series: ChartSeries[];
  unit?: string;
  /** The visually hidden table with the chart's data. */
  columns: Column<Row>[];
}

/** A chart with its heading, its text summary and its data as a visually hidden table. */
function ChartSection<Row extends object>({
  title,
  summary,
  rows,
  labelKey,
  series,
  unit,
  columns,
}: ChartSectionProps<Row>) {
  const titleId = useId();
  return (
    <CardSection titleId={titleId} title={title} className="min-w-0" description={summary}>
      {series.length > 1 ? (
        <ul
          aria-hidden="true"
          className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700"
        >
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm" style={{ backgroundColor: s.color }} />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div aria-hidden="true" className="mt-2 h-60 min-w-0" data-testid="analytics-chart">
        <Suspense fallback={<div className="size-full rounded-md bg-slate-50" />}>
          <AnalyticsBarChart data={rows} labelKey={labelKey} series={series} unit={unit} />
        </Suspense>
      </div>
      {/* A table ignores the height of sr-only, so the wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column, columnIndex) =>
                  columnIndex === 0 ? (
                    <th key={column.header} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header}>{column.cell(row)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </CardSection>
  );
}

function busiest<Row>(rows: Row[], value: (row: Row) => number): Row | null {
  let best: Row | null = null;
  for (const row of rows) {
    if (value(row) > 0 && (best === null || value(row) > value(best))) best = row;
  }
  return best;
}

/** A two-series chart by day; the hidden table has the day, then one column a series. */
function DaySection<Row extends { day: string; label: string }>({
  title,
  summary,
  rows,
  unit,
  series,
  cell,
}: {
  title: string;
  summary: string;
  rows: Row[];
  unit?: string;
  series: (ChartSeries & { key: keyof Row & string })[];
  cell: (value: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ChartSection
      title={title}
      summary={summary}
      rows={rows}
      labelKey="label"
      unit={unit}
      series={series}
      columns={[
        { header: t('Day'), cell: (row) => formatLongDay(row.day) },
        ...series.map((s) => ({ header: s.name, cell: (row: Row) => cell(Number(row[s.key])) })),
      ]}
    />
  );
}

function ActivitySection({ analytics }: { analytics: ProviderAnalytics }) {
  const { t } = useTranslation();
  const rows = analytics.last30Days.map((day) => ({ ...day, label: formatDay(day.day) }));
  const bookings = rows.reduce((sum, row) => sum + row.bookings, 0);
  const cancellations = rows.reduce((sum, row) => sum + row.cancellations, 0);
  const top = busiest(rows, (row) => row.bookings);
  const busiestDay = top
    ? t('Busiest day: {{day}} with {{bookings}}.', {
        day: formatLongDay(top.day),
        bookings: plural(top.bookings, 'booking'),
      })
    : '';
  const summary =
    bookings + cancellations === 0
      ? t('No bookings or cancellations in the last 30 days.')
      : [
          t('In the last 30 days: {{bookings}} and {{cancellations}}.', {
            bookings: plural(bookings, 'booking'),
            cancellations: plural(cancellations, 'cancellation'),
          }),
          busiestDay,
        ]
          .filter(Boolean)
          .join(' ');
  return (
    <DaySection
      title={t('Bookings per day, last 30 days')}
      summary={summary}
      rows={rows}
      series={[
        { key: 'bookings', name: t('Bookings'), color: COLORS.bookings },
        { key: 'cancellations', name: t('Cancellations'), color: COLORS.cancellations },
      ]}
      cell={(value) => value}
    />
  );
}

function UtilisationSection({ analytics }: { analytics: ProviderAnalytics }) {
  const { t } = useTranslation();
  const { utilisation, bookedMinutes, publishedMinutes } = analytics;
  const width = Math.min(100, Math.max(0, utilisation));
  return (
    <CardSection titleId="utilisation-title" title={t('Utilisation')}>
      <p className="mt-2 text-3xl font-bold text-slate-900">{formatPercent(utilisation)}</p>
      <p className="mt-1 text-sm text-slate-600">
        {publishedMinutes === 0
          ? t('You published no time slots in the last 30 days.')
          : t('{{booked}} booked of {{published}} published in the last 30 days.', {
              booked: formatMinutes(bookedMinutes),
              published: formatMinutes(publishedMinutes),
            })}
      </p>
      <div aria-hidden="true" className="mt-4 h-3 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${width}%` }} />
      </div>
    </CardSection>
  );
}

interface AppointmentsRow {
  label: string;
  appointments: number;
}

/** Appointments per weekday or per hour over 90 days: one series, the busiest one named. */
function AppointmentsSection<Row extends AppointmentsRow>({
  title,
  rows,
  header,
  cell,
  describeTop,
}: {
  title: string;
  rows: Row[];
  /** The first column of the hidden table. */
  header: string;
  cell: (row: Row) => ReactNode;
  describeTop: (top: Row) => string;
}) {
  const { t } = useTranslation();
  const top = busiest(rows, (row) => row.appointments);
  return (
    <ChartSection
      title={title}
      summary={top ? describeTop(top) : t('No appointments in the last 90 days.')}
      rows={rows}
      labelKey="label"
      series={[{ key: 'appointments', name: t('Appointments'), color: COLORS.appointments }]}
      columns={[
        { header, cell },
        { header: t('Appointments'), cell: (row) => row.appointments },
      ]}
    />
  );
}

function WeekdaySection({ analytics }: { analytics: ProviderAnalytics }) {
  const { t } = useTranslation();
  const nameOf = (names: readonly string[], weekday: number) => {
    const name = names[weekday];
    return name === undefined ? String(weekday) : t(name);
  };
  const rows = analytics.byWeekday.map((entry) => ({
    ...entry,
    label: nameOf(WEEKDAY_SHORT_NAMES, entry.weekday),
    name: nameOf(WEEKDAY_NAMES, entry.weekday),
  }));
  return (
    <AppointmentsSection
      title={t('Busiest weekdays')}
      rows={rows}
      header={t('Weekday')}
      cell={(row) => row.name}
      describeTop={(top) =>
        t('Over the last 90 days your busiest weekday is {{weekday}}, with {{appointments}}.', {
          weekday: top.name,
          appointments: plural(top.appointments, 'appointment'),
        })
      }
    />
  );
}

function HourSection({ analytics }: { analytics: ProviderAnalytics }) {
  const { t } = useTranslation();
  const withAppointments = analytics.byHour.filter((entry) => entry.appointments > 0);
  const first = Math.min(DEFAULT_FIRST_HOUR, ...withAppointments.map((entry) => entry.hour));
  const last = Math.max(DEFAULT_LAST_HOUR, ...withAppointments.map((entry) => entry.hour));
  const rows = analytics.byHour
    .filter((entry) => entry.hour >= first && entry.hour <= last)
    .map((entry) => ({ ...entry, label: formatHour(entry.hour) }));
  return (
    <AppointmentsSection
      title={t('Busiest hours')}
      rows={rows}
      header={t('Start hour')}
      cell={(row) => row.label}
      describeTop={(top) =>
        t(
          'Over the last 90 days most appointments start between {{from}} and {{until}} ({{appointments}}).',
          {
            from: formatHour(top.hour),
            until: formatHour((top.hour + 1) % 24),
            appointments: plural(top.appointments, 'appointment'),
          },
        )
      }
    />
  );
}

function NextWeekSection({ analytics }: { analytics: ProviderAnalytics }) {
  const { t } = useTranslation();
  const rows = analytics.next7Days.map((day) => ({ ...day, label: formatDay(day.day) }));
  const published = rows.reduce((sum, row) => sum + row.publishedMinutes, 0);
  const booked = rows.reduce((sum, row) => sum + row.bookedMinutes, 0);
  const summary =
    published === 0 && booked === 0
      ? t('Nothing published or booked for today and the next 6 days.')
      : published > 0
        ? t(
            'Today and the next 6 days: {{published}} published, {{booked}} booked ({{percent}}).',
            {
              published: formatMinutes(published),
              booked: formatMinutes(booked),
              percent: formatPercent((booked / published) * 100),
            },
          )
        : t('Today and the next 6 days: {{published}} published, {{booked}} booked.', {
            published: formatMinutes(published),
            booked: formatMinutes(booked),
          });
  return (
    <DaySection
      title={t('Next 7 days')}
      summary={summary}
      rows={rows}
      unit={t(' min')}
      series={[
        { key: 'publishedMinutes', name: t('Published'), color: COLORS.published },
        { key: 'bookedMinutes', name: t('Booked'), color: COLORS.booked },
      ]}
      cell={formatMinutes}
    />
  );
}

/**
 * /dashboard/analytics ('View Full Analytics' at /stats leads here): how the provider's business
 * is doing — bookings and cancellations per day over the last 30 days, utilisation of the
 * published time, busiest weekdays and hours, and the coming week's load. Every chart has a
 * heading, a text summary and its data as a visually hidden table; the charts themselves
 * (recharts) load in a chunk of their own.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const query = useProviderAnalytics();
  return (
    <PageSection titleId="analytics-title" title={t('Analytics')} width="max-w-6xl">
      {query.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          {t('Loading analytics...')}
        </p>
      ) : query.isError ? (
        <LoadFailed className="mt-6" onRetry={() => void query.refetch()}>
          {t('Failed to load analytics: {{reason}}', { reason: query.error.message })}
        </LoadFailed>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t('Days and hours are in your time zone ({{timezone}}).', {
              timezone: query.data.analytics.timezone,
            })}
          </p>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <div className="lg:col-span-2">
              <ActivitySection analytics={query.data.analytics} />
            </div>
            <UtilisationSection analytics={query.data.analytics} />
            <NextWeekSection analytics={query.data.analytics} />
            <WeekdaySection analytics={query.data.analytics} />
            <HourSection analytics={query.data.analytics} />
          </div>
        </>
      )}
    </PageSection>
  );
}
