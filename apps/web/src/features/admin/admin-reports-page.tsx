import { useTranslation } from '../../lib/i18n';
import type { ReportAction, ReportItem } from '@slotwise/shared/moderation-schemas';
import {
  MODERATION_TEXTS,
  REPORT_ACTION_LABELS,
  REPORT_STATUS_LABELS,
} from '@slotwise/shared/moderation-texts';
import { useId, useState } from 'react';
import { ListState } from '../../components/list-state';
import { LoadMore } from '../../components/load-more';
import { useReports, type ReportStatusFilter } from './api/get-reports';
import { useResolveReport } from './api/resolve-report';
import { NoteDialog } from './components/note-dialog';
import { ReportCard, TargetSummary } from './components/report-card';

const STATUSES: ReportStatusFilter[] = ['open', 'dismissed', 'actioned', 'all'];

/**
 * /admin/reports (docs/product.md §19.3, §19.6): the queue, oldest first, each report with its
 * age, reporter and what was reported, and Dismiss / Hide review / Suspend provider, each asking
 * for the note.
 */
export function AdminReportsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReportStatusFilter>('open');
  const [acting, setActing] = useState<{ report: ReportItem; action: ReportAction } | null>(null);
  const reports = useReports(status);
  const resolve = useResolveReport();
  const selectId = useId();
  const items = reports.data?.pages.flatMap((page) => page.reports) ?? [];

  return (
    <section aria-labelledby="admin-reports-title" className="space-y-4">
      <title>{t('Reports · Admin · Slotwise')}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-reports-title" className="text-xl font-semibold text-slate-900">
          {t(MODERATION_TEXTS.reportsTitle)}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            {t(MODERATION_TEXTS.statusLabel)}
          </label>
          <select
            id={selectId}
            value={status}
            onChange={(event) => setStatus(event.target.value as ReportStatusFilter)}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-900"
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(REPORT_STATUS_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListState
        query={reports}
        items={items}
        texts={{
          loading: t(MODERATION_TEXTS.loadingReports),
          failed: t(MODERATION_TEXTS.loadReportsFailed),
          empty: t(MODERATION_TEXTS.noReports),
        }}
      >
        <ul className="space-y-3">
          {items.map((report) => (
            <li key={report.id}>
              <ReportCard
                report={report}
                onAction={(r, action) => setActing({ report: r, action })}
              />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={reports.hasNextPage}
          loading={reports.isFetchingNextPage}
          onLoadMore={() => void reports.fetchNextPage()}
          label={t(MODERATION_TEXTS.loadMore)}
        />
      </ListState>
      {acting ? (
        <NoteDialog
          title={t(REPORT_ACTION_LABELS[acting.action])}
          confirmLabel={t(REPORT_ACTION_LABELS[acting.action])}
          about={<TargetSummary report={acting.report} />}
          busy={resolve.isPending}
          send={(note) =>
            resolve.mutateAsync({ reportId: acting.report.id, action: acting.action, note })
          }
          onClose={() => setActing(null)}
        />
      ) : null}
    </section>
  );
}
