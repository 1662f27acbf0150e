import { useTranslation } from '../../../lib/i18n';
import type { CalendarConnection } from '@slotwise/shared/calendar-sync-schemas';
import { CALENDAR_SYNC_TEXTS } from '@slotwise/shared/calendar-sync-texts';
import { useId } from 'react';
import { formatInstantWhen } from '../../../lib/date-time-format';

const BUTTON =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50';

interface CalendarConnectionItemProps {
  connection: CalendarConnection;
  syncing: boolean;
  onSync: () => void;
  onRemove: () => void;
}

/**
 * One connected calendar (docs/product.md §18.1): its name and kind, the last and next sync,
 * how much busy time was read, the last error in words (red), "Sync now" and "Remove".
 */
export function CalendarConnectionItem({
  connection,
  syncing,
  onSync,
  onRemove,
}: CalendarConnectionItemProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const when = (iso: string | null) =>
    iso ? formatInstantWhen(iso) : t(CALENDAR_SYNC_TEXTS.never);
  return (
    <li aria-labelledby={nameId} className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={nameId} className="font-medium break-words text-slate-900">
            {connection.name}
          </p>
          <p className="text-xs break-all text-slate-600">
            {t(CALENDAR_SYNC_TEXTS.kindName[connection.kind])} · {connection.url}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className={BUTTON} onClick={onSync} disabled={syncing}>
            {syncing ? t(CALENDAR_SYNC_TEXTS.syncing) : t(CALENDAR_SYNC_TEXTS.syncNow)}
          </button>
          <button type="button" className={BUTTON} onClick={onRemove}>
            {t(CALENDAR_SYNC_TEXTS.remove)}
          </button>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700 sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-slate-500">{t(CALENDAR_SYNC_TEXTS.lastSync)}</dt>
        <dd>{when(connection.last_synced_at)}</dd>
        <dt className="text-slate-500">{t(CALENDAR_SYNC_TEXTS.nextSync)}</dt>
        <dd>{when(connection.next_sync_at)}</dd>
      </dl>
      <p className="mt-1 text-sm text-slate-700">
        {CALENDAR_SYNC_TEXTS.busyCount(connection.busy_count, t)}
      </p>
      {connection.last_error ? (
        <p className="mt-1 text-sm text-red-700">
          <span className="font-medium">{t(CALENDAR_SYNC_TEXTS.lastError)}:</span>{' '}
          {connection.last_error}
        </p>
      ) : null}
    </li>
  );
}
