import { useTranslation } from '../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@slotwise/shared/enums';
import { MESSAGES } from '@slotwise/shared/texts';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { useState } from 'react';
import { useOpenConversation } from '../messages/api/open-conversation';
import { LoadMore } from '../../components/load-more';
import { useProviderAppointmentPages } from './api/get-provider-appointments';
import { canMarkNoShow } from './api/mark-no-show';
import { AppointmentCard } from './components/appointment-card';
import { CancelProviderAppointmentDialog } from './components/cancel-appointment-dialog';
import { NoShowDialog } from './components/no-show-dialog';
import { loadedAppointments } from './loaded-appointments';
import { ListState } from '../../components/list-state';

const APPOINTMENT_LIST_TEXTS = {
  loading: MESSAGES.loadingAppointments,
  failed: MESSAGES.loadAppointmentsFailed,
};

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: msg('Booked'),
  canceled: msg('Canceled'),
  completed: msg('Completed'),
  no_show: msg('No-show'),
  pending_payment: msg('Awaiting payment'),
  expired: msg('Expired'),
};

/** The list of one status: its name, and what shows when it is empty. */
const STATUS_LISTS: Record<AppointmentStatus, { label: string; empty: string }> = {
  booked: { label: msg('Booked appointments'), empty: msg('No booked appointments.') },
  canceled: { label: msg('Canceled appointments'), empty: msg('No canceled appointments.') },
  completed: { label: msg('Completed appointments'), empty: msg('No completed appointments.') },
  no_show: { label: msg('No-show appointments'), empty: msg('No no-show appointments.') },
  pending_payment: {
    label: msg('Awaiting payment appointments'),
    empty: msg('No awaiting payment appointments.'),
  },
  expired: { label: msg('Expired appointments'), empty: msg('No expired appointments.') },
};

/**
 * docs/product.md §2 provider appointments (/dashboard/appointments): the booked appointments (soonest
 * first, as the server orders them) with Cancel and its confirmation, or 'No Appointments
 * booked.'; past and canceled ones follow in a collapsed section. 'Filter by status' asks the
 * server for one status (?status=) and lists just those; 'Mark as no-show' is offered on the
 * appointments that qualify (started, within 72 hours). Pages of 20, more on scroll (decision
 * 052): the upcoming ones come first, so the past section fills once they are all loaded, and
 * its own 'Load more' only runs while it is open.
 */
export function ProviderAppointmentsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AppointmentStatus | null>(null);
  const appointments = useProviderAppointmentPages(status);
  const [canceling, setCanceling] = useState<ProviderAppointment | null>(null);
  const [noShow, setNoShow] = useState<ProviderAppointment | null>(null);
  const message = useOpenConversation();
  const noShowAction = (appointment: ProviderAppointment) =>
    canMarkNoShow(appointment) ? () => setNoShow(appointment) : undefined;

  const list = loadedAppointments(appointments.data?.pages);
  const booked = list.filter((appointment) => appointment.status === 'booked');
  const others = list.filter((appointment) => appointment.status !== 'booked');
  const loadMore = (
    <LoadMore
      hasMore={appointments.hasNextPage}
      loading={appointments.isFetchingNextPage}
      onLoadMore={() => void appointments.fetchNextPage()}
    />
  );

  // One card per appointment; the upcoming (booked) ones add Cancel and Message.
  const cards = (items: readonly ProviderAppointment[], upcoming = false) =>
    items.map((appointment) => (
      <li key={appointment.appointment_id}>
        <AppointmentCard
          variant="provider"
          appointment={appointment}
          onCancel={upcoming ? () => setCanceling(appointment) : undefined}
          onMessage={
            upcoming
              ? () => message.mutate({ appointmentId: appointment.appointment_id })
              : undefined
          }
          onNoShow={noShowAction(appointment)}
        />
      </li>
    ));

  const content = (
    <ListState
      query={appointments}
      texts={{
        loading: t(APPOINTMENT_LIST_TEXTS.loading),
        failed: t(APPOINTMENT_LIST_TEXTS.failed),
      }}
    >
      {status !== null ? (
        list.length === 0 ? (
          <p className="text-slate-600">{t(STATUS_LISTS[status].empty)}</p>
        ) : (
          <>
            <ul aria-label={t(STATUS_LISTS[status].label)} className="space-y-3">
              {cards(list)}
            </ul>
            {loadMore}
          </>
        )
      ) : (
        <>
          <section aria-labelledby="booked-appointments-title">
            <h2 id="booked-appointments-title" className="sr-only">
              {t('Booked appointments')}
            </h2>
            {booked.length === 0 ? (
              <p className="text-slate-600">{t(MESSAGES.noProviderAppointments)}</p>
            ) : (
              <ul aria-labelledby="booked-appointments-title" className="space-y-3">
                {cards(booked, true)}
              </ul>
            )}
            {/* Still in the upcoming part: more of them load at the end of this list. */}
            {others.length === 0 ? loadMore : null}
          </section>
          {others.length > 0 ? (
            <details className="mt-8">
              <summary className="cursor-pointer text-sm font-semibold text-slate-700">
                {t('Past and canceled ({{count}}{{more}})', {
                  count: others.length,
                  more: appointments.hasNextPage ? '+' : '',
                })}
              </summary>
              <ul aria-label={t('Past and canceled appointments')} className="mt-3 space-y-3">
                {cards(others)}
              </ul>
              {loadMore}
            </details>
          ) : null}
        </>
      )}
    </ListState>
  );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <title>{t('Appointments · Slotwise')}</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('Appointments')}</h1>
        <label className="text-sm font-medium text-slate-700">
          {t(REVIEW_MESSAGES.filterByStatus)}
          <select
            value={status ?? ''}
            onChange={(event) =>
              setStatus(event.target.value ? (event.target.value as AppointmentStatus) : null)
            }
            className="mt-1 block rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-900"
          >
            <option value="">{t('All')}</option>
            {APPOINTMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_LABELS[value])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {content}
      {canceling ? (
        <CancelProviderAppointmentDialog
          appointment={canceling}
          onClose={() => setCanceling(null)}
        />
      ) : null}
      {noShow ? <NoShowDialog appointment={noShow} onClose={() => setNoShow(null)} /> : null}
    </div>
  );
}
