import { useTranslation } from '../../lib/i18n';
import type { CalendarConnection } from '@slotwise/shared/calendar-sync-schemas';
import { CALENDAR_SYNC_TEXTS } from '@slotwise/shared/calendar-sync-texts';
import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../components/card-section';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailed } from '../../components/load-failed';
import { failureMessage } from '../../lib/failure-message';
import { useCalendarConnections } from './api/get-calendar-connections';
import { useDeleteCalendarConnection } from './api/delete-calendar-connection';
import { useSyncCalendarConnection } from './api/sync-calendar-connection';
import { AddCalendarForm } from './components/add-calendar-form';
import { CalendarConnectionItem } from './components/calendar-connection-item';

/**
 * The provider's "Calendars" settings (docs/product.md §18, docs/decisions/071-calendar-sync.md):
 * the connected calendars with their health, "Sync now" and "Remove" on each, and the form that
 * adds one. Loaded with the settings screen only (lazily, like every screen).
 */
export function CalendarConnectionsSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const listId = useId();
  const connections = useCalendarConnections();
  const sync = useSyncCalendarConnection();
  const remove = useDeleteCalendarConnection();
  const [removing, setRemoving] = useState<CalendarConnection | null>(null);

  const syncNow = (connection: CalendarConnection) => {
    sync.mutate(connection.id, {
      onSuccess: (data) => {
        if (data.connection.last_error) toast.error(data.connection.last_error);
        else toast.success(data.message);
      },
      onError: (error) => toast.error(failureMessage(error, t(CALENDAR_SYNC_TEXTS.syncFailed))),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (data) => {
        setRemoving(null);
        toast.success(data.message);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(failureMessage(error, t(CALENDAR_SYNC_TEXTS.removeFailed)));
      },
    });
  };

  return (
    <CardSection
      titleId={titleId}
      title={t(CALENDAR_SYNC_TEXTS.sectionTitle)}
      description={t(CALENDAR_SYNC_TEXTS.sectionHelp)}
    >
      {connections.data ? (
        connections.data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t(CALENDAR_SYNC_TEXTS.empty)}</p>
        ) : (
          <>
            <h3 id={listId} className="sr-only">
              {t(CALENDAR_SYNC_TEXTS.listLabel)}
            </h3>
            <ul aria-labelledby={listId} className="mt-2 divide-y divide-slate-200">
              {connections.data.map((connection) => (
                <CalendarConnectionItem
                  key={connection.id}
                  connection={connection}
                  syncing={sync.isPending && sync.variables === connection.id}
                  onSync={() => syncNow(connection)}
                  onRemove={() => setRemoving(connection)}
                />
              ))}
            </ul>
          </>
        )
      ) : connections.isError ? (
        <div className="mt-3">
          <LoadFailed onRetry={() => void connections.refetch()}>
            {t(CALENDAR_SYNC_TEXTS.loadFailed)}
          </LoadFailed>
        </div>
      ) : (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {t(CALENDAR_SYNC_TEXTS.loading)}
        </p>
      )}
      <AddCalendarForm />
      {removing ? (
        <ConfirmDialog
          title={t(CALENDAR_SYNC_TEXTS.removeTitle)}
          question={CALENDAR_SYNC_TEXTS.removeQuestion(removing.name, t)}
          keepLabel={t(CALENDAR_SYNC_TEXTS.keep)}
          confirmLabel={t(CALENDAR_SYNC_TEXTS.remove)}
          busyLabel={t(CALENDAR_SYNC_TEXTS.removing)}
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onClose={() => setRemoving(null)}
        >
          {null}
        </ConfirmDialog>
      ) : null}
    </CardSection>
  );
}
