import { useTranslation } from '../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { Earnings } from '@slotwise/shared/payments-schemas';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { useState } from 'react';
import { LoadFailed } from '../../components/load-failed';
import { SegmentedControl } from '../../components/segmented-control';
import { failureMessage } from '../../lib/failure-message';
import {
  addDays,
  formatMonth,
  formatShortDate,
  localDateKey,
  formatMoney,
} from '../../lib/date-time-format';
import { earningsCsvUrl, useEarnings, type EarningsRange } from './api/get-earnings';
import { useDownloadEarningsCsv } from './api/get-earnings-csv';

const GROUPS = [
  { value: 'week', label: msg('By week') },
  { value: 'month', label: msg('By month') },
] as const;

/** The figures of a period and of the whole range, in the order they are shown. */
const FIGURES = [
  { key: 'gross_cents', label: msg('Gross') },
  { key: 'refunds_cents', label: msg('Refunds') },
  { key: 'fees_cents', label: msg('Platform fees') },
  { key: 'cancellation_fees_cents', label: msg('Cancellation fees') },
  { key: 'net_cents', label: msg('Net') },
] as const;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The last 8 weeks up to today. */
function defaultRange(): EarningsRange {
  const today = localDateKey();
  return { from: addDays(today, -55), to: today, group: 'week' };
}

/**
 * /dashboard/earnings (docs/product.md §16, docs/decisions/068-payments.md): the provider's takings
 * over a range (the last 8 weeks at first), by week or by month: the totals, a row per period,
 * and the ledger rows of the same range as a CSV download.
 */
export function EarningsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const valid = DAY_PATTERN.test(range.from) && DAY_PATTERN.test(range.to);
  const [shown, setShown] = useState(range);
  // Only a complete range is asked for; a half-typed date keeps the last one on screen.
  if (
    valid &&
    (shown.from !== range.from || shown.to !== range.to || shown.group !== range.group)
  ) {
    setShown(range);
  }
  const earnings = useEarnings(shown);
  const download = useDownloadEarningsCsv();
  const csvRange = { from: shown.from, to: shown.to };

  return (
    <section aria-labelledby="earnings-title" className="mx-auto max-w-5xl p-4 sm:p-6">
      <title>{`${t(PAYMENT_TEXTS.earningsTitle)} · Slotwise`}</title>
      <h1 id="earnings-title" className="text-2xl font-bold text-slate-900">
        {t(PAYMENT_TEXTS.earningsTitle)}
      </h1>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <DateInput
          id="earnings-from"
          label={t('From')}
          value={range.from}
          onChange={(from) => setRange({ ...range, from })}
        />
        <DateInput
          id="earnings-to"
          label={t('To')}
          value={range.to}
          onChange={(to) => setRange({ ...range, to })}
        />
        <SegmentedControl
          legend={t('Group by')}
          options={GROUPS.map((option) => ({ ...option, label: t(option.label) }))}
          value={range.group}
          onChange={(group) => setRange({ ...range, group })}
          className=""
        />
        <a
          href={earningsCsvUrl(csvRange)}
          download
          onClick={(event) => {
            event.preventDefault();
            download.mutate(csvRange);
          }}
          className="rounded-md border border-indigo-300 bg-white px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {t(PAYMENT_TEXTS.downloadCsv)}
        </a>
      </div>
      {earnings.data ? (
        <EarningsFigures earnings={earnings.data} group={shown.group} />
      ) : earnings.isError ? (
        <LoadFailed className="mt-4" onRetry={() => void earnings.refetch()}>
          {failureMessage(earnings.error, t('Failed to load the earnings'))}
        </LoadFailed>
      ) : (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('Loading earnings...')}
        </p>
      )}
    </section>
  );
}

function DateInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
      />
    </div>
  );
}

function EarningsFigures({ earnings, group }: { earnings: Earnings; group: 'week' | 'month' }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, earnings.currency);
  return (
    <>
      <dl aria-label={t('Totals')} className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">{t(figure.label)}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              {money(earnings[figure.key])}
            </dd>
          </div>
        ))}
      </dl>
      {earnings.periods.length === 0 ? (
        <p className="mt-6 text-sm text-slate-700">{t(PAYMENT_TEXTS.noEarnings)}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-sm">
            <caption className="sr-only">
              {group === 'week' ? t('Earnings by week') : t('Earnings by month')}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-start text-slate-600">
                <th scope="col" className="py-2 pe-3 font-medium">
                  {group === 'week' ? t('Week of') : t('Month')}
                </th>
                {FIGURES.map((figure) => (
                  <th key={figure.key} scope="col" className="py-2 pe-3 text-end font-medium">
                    {t(figure.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {earnings.periods.map((period) => (
                <tr key={period.start} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pe-3 text-start font-medium text-slate-800">
                    {group === 'week'
                      ? formatShortDate(period.start.slice(0, 10))
                      : formatMonth(period.start.slice(0, 10))}
                  </th>
                  {FIGURES.map((figure) => (
                    <td key={figure.key} className="py-2 pe-3 text-end tabular-nums">
                      {money(period[figure.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
