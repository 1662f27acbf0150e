import { useTranslation } from '../../lib/i18n';
import { AUDIT_ACTION_LABELS, MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { ListState } from '../../components/list-state';
import { LoadMore } from '../../components/load-more';
import { formatInstantWhen } from '../../lib/date-time-format';
import { useAuditLog } from './api/get-audit-log';

/** /admin/audit (docs/product.md §19.3): every operator action, newest first, with its note. */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="admin-audit-title" className="space-y-4">
      <title>{t('Audit log · Admin · Slotwise')}</title>
      <h2 id="admin-audit-title" className="text-xl font-semibold text-slate-900">
        {t(MODERATION_TEXTS.auditTitle)}
      </h2>
      <ListState
        query={log}
        items={entries}
        texts={{
          loading: t(MODERATION_TEXTS.loadingAudit),
          failed: t(MODERATION_TEXTS.loadAuditFailed),
          empty: t(MODERATION_TEXTS.noAudit),
        }}
      >
        <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {entries.map((entry) => (
            <li key={entry.id} className="p-4 text-sm">
              <p className="flex flex-wrap gap-x-3 text-slate-700">
                <time dateTime={entry.created_at}>{formatInstantWhen(entry.created_at)}</time>
                <span className="font-semibold text-slate-900">{entry.admin.name}</span>
                <span>{t(AUDIT_ACTION_LABELS[entry.action])}</span>
                <span className="break-all text-slate-500">{`${entry.target_kind} ${entry.target_id}`}</span>
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-900">{entry.note}</p>
            </li>
          ))}
        </ol>
        <LoadMore
          hasMore={log.hasNextPage}
          loading={log.isFetchingNextPage}
          onLoadMore={() => void log.fetchNextPage()}
          label={t(MODERATION_TEXTS.loadMore)}
        />
      </ListState>
    </section>
  );
}
