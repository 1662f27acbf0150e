import { useTranslation } from '../../../lib/i18n';
import type { ReportAction, ReportItem } from '@slotwise/shared/moderation-schemas';
import {
  MODERATION_TEXTS,
  REPORT_ACTION_LABELS,
  REPORT_KIND_LABELS,
} from '@slotwise/shared/moderation-texts';
import { formatAge } from '../../../lib/date-time-format';
import { actionsFor } from '../report-actions';

const BUTTON =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50';
const DANGER =
  'rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50';

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
      {children}
    </span>
  );
}

/** What was reported, as it is now: the text, the stars, who wrote it, the provider concerned. */
export function TargetSummary({ report }: { report: ReportItem }) {
  const { t } = useTranslation();
  const { target } = report;
  if (!target) return <p className="text-sm text-slate-600">{t(MODERATION_TEXTS.targetGone)}</p>;
  return (
    <div className="rounded-md border-s-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm">
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        {target.rating !== null ? <span>{`${target.rating}/5`}</span> : null}
        {target.author_name ? (
          <span>{MODERATION_TEXTS.byAuthor(target.author_name, t)}</span>
        ) : null}
        {target.provider_name ? (
          <span>{MODERATION_TEXTS.aboutProvider(target.provider_name, t)}</span>
        ) : null}
        {target.hidden ? <Badge>{t(MODERATION_TEXTS.hiddenBadge)}</Badge> : null}
        {target.suspended ? <Badge>{t(MODERATION_TEXTS.suspendedBadge)}</Badge> : null}
      </p>
      {target.text ? (
        <p className="mt-1 break-words whitespace-pre-line text-slate-900">{target.text}</p>
      ) : null}
    </div>
  );
}

/** One report of the queue: its age, reporter, reason, target and the operator's answers. */
export function ReportCard({
  report,
  onAction,
}: {
  report: ReportItem;
  onAction: (report: ReportItem, action: ReportAction) => void;
}) {
  const { t } = useTranslation();
  const headingId = `report-${report.id}`;
  const others = report.open_on_target - (report.status === 'open' ? 1 : 0);
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {`${t(REPORT_KIND_LABELS[report.kind as keyof typeof REPORT_KIND_LABELS]) ?? report.kind} · ${formatAge(report.created_at)}`}
        </h3>
        <span className="text-sm text-slate-600">
          {MODERATION_TEXTS.reportedBy(report.reporter.name, report.reporter.role, t)}
        </span>
      </header>
      <p className="mt-2 text-sm text-slate-800">
        <span className="font-medium">{t(MODERATION_TEXTS.reason)}: </span>
        <span className="break-words whitespace-pre-line">{report.reason}</span>
      </p>
      <div className="mt-2">
        <TargetSummary report={report} />
      </div>
      {others > 0 ? (
        <p className="mt-2 text-sm text-slate-600">{MODERATION_TEXTS.otherOpen(others, t)}</p>
      ) : null}
      {report.resolution ? (
        <p className="mt-2 text-sm text-slate-700">
          {`${MODERATION_TEXTS.resolvedBy(report.resolution.admin_name, t)} (${
            t(REPORT_ACTION_LABELS[report.resolution.action as ReportAction]) ??
            report.resolution.action
          }, ${formatAge(report.resolution.resolved_at)}): ${report.resolution.note}`}
        </p>
      ) : null}
      {actionsFor(report).length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {actionsFor(report).map((action) => (
            <button
              key={action}
              type="button"
              onClick={() => onAction(report, action)}
              className={action === 'dismiss' ? BUTTON : DANGER}
            >
              {t(REPORT_ACTION_LABELS[action])}
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
