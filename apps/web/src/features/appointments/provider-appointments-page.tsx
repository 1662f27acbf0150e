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
import { ListState, type ListTexts } from '../../components/list-state';

const APPOINTMENT_LIST_TEXTS: ListTexts = {
  loading: MESSAGES.loadingAppointments,
  failed: MESSAGES.loadAppointmentsFailed,
};

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  canceled: 'Canceled',
  completed: 'Completed',
  no_show: 'No-show',
  pending_payment: 'Awaiting payment',
  expired: 'Expired',
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
    <ListState query={appointments} texts={APPOINTMENT_LIST_TEXTS}>
      {status !== null ? (
        list.length === 0 ? (
          <p className="text-slate-600">No {STATUS_LABELS[status].toLowerCase()} appointments.</p>
        ) : (
          <>
            <ul aria-label={`${STATUS_LABELS[status]} appointments`} className="space-y-3">
              {cards(list)}
            </ul>
            {loadMore}
          </>
        )
      ) : (
        <>
          <section aria-labelledby="booked-appointments-title">
            <h2 id="booked-appointments-title" className="sr-only">
              Booked appointments
            </h2>
            {booked.length === 0 ? (
              <p className="text-slate-600">{MESSAGES.noProviderAppointments}</p>
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
                Past and canceled ({others.length}
                {appointments.hasNextPage ? '+' : ''})
              </summary>
              <ul aria-label="Past and canceled appointments" className="mt-3 space-y-3">
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
      <title>Appointments · Slotwise</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Appointments</h1>
        <label className="text-sm font-medium text-slate-700">
          {REVIEW_MESSAGES.filterByStatus}
          <select
            value={status ?? ''}
            onChange={(event) =>
              setStatus(event.target.value ? (event.target.value as AppointmentStatus) : null)
            }
            className="mt-1 block rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-900"
          >
            <option value="">All</option>
            {APPOINTMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
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
