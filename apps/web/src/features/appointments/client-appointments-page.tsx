import { useTranslation } from '../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { PHONE_UI_TEXTS } from '@slotwise/shared/phones-texts';
import { MESSAGES } from '@slotwise/shared/texts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Modal } from '../../components/modal';
import { LoadMore } from '../../components/load-more';
import { useClientAppointmentPages, useClientAppointments } from './api/get-client-appointments';
import { useOpenConversation } from '../messages/api/open-conversation';
import { AppointmentCard } from './components/appointment-card';
import { CancelAppointmentDialog } from './components/cancel-appointment-dialog';
import { RepeatSeriesModal } from './components/repeat-series-modal';
import { SeriesCancelDialog } from './components/series-cancel-dialog';
import { RESCHEDULE_TITLE, RescheduleModal } from './components/reschedule-modal';
import { loadedAppointments } from './loaded-appointments';
import { inUpcomingTab, isUpcoming, tabFrom, type AppointmentTab } from './upcoming';
import { ListState } from '../../components/list-state';
import { ApiError } from '../../lib/api-client';
import { formatInstantWhen } from '../../lib/date-time-format';
import { keepOfflineAppointments, offlineAppointments } from '../../lib/offline-appointments';
import { useSession } from '../../lib/session';
import { useOnline } from '../../lib/use-online';

const APPOINTMENT_LIST_TEXTS = {
  loading: MESSAGES.loadingAppointmentDetails,
  failed: MESSAGES.fetchAppointmentDetailsFailed,
  empty: MESSAGES.noAppointmentsFound,
};

const LIST_PATH = '/client/appointments';

const TABS: { tab: AppointmentTab; label: string; empty: string }[] = [
  { tab: 'upcoming', label: msg('Upcoming'), empty: msg('No upcoming appointments') },
  { tab: 'past', label: msg('Past'), empty: msg('No past appointments') },
];

/** Upcoming | Past as links: the tab lives in the URL (`?tab=past`), so Back and reload keep it. */
function AppointmentTabs({ current }: { current: AppointmentTab }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Appointment lists')} className="mb-4">
      <ul className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
        {TABS.map(({ tab, label }) => (
          <li key={tab}>
            <Link
              to={tab === 'past' ? `${LIST_PATH}?tab=past` : LIST_PATH}
              replace
              aria-current={tab === current ? 'page' : undefined}
              className={`block min-w-24 rounded-md px-4 py-2 text-center text-sm font-semibold ${
                tab === current ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The reschedule route's appointment is missing or no longer booked. */
function NotReschedulable({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={onClose}
      title={t(RESCHEDULE_TITLE)}
      size="sm"
      footer={
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {t('Close')}
        </button>
      }
    >
      <p role="alert" className="text-sm text-slate-700">
        {t(message)}
      </p>
    </Modal>
  );
}

/**
 * docs/product.md §2 client appointments (/client/appointments): 'Your Appointments' with '← Back' and one
 * card per appointment (Cancel with confirmation, Reschedule in a modal). The same screen answers
 * /client/reschedule/:id with the reschedule modal of that appointment open; closing it lands on
 * /client/appointments. The list loads 20 at a time, more on scroll (decision 052); the
 * reschedule route looks its appointment up in the whole list, which only it asks for.
 * Upcoming and Past tabs (`?tab=past`, docs/product.md §14.4): the pages come upcoming first,
 * so the Past tab loads on until its first past appointment shows.
 */
export function ClientAppointmentsPage({
  reviewDialog,
}: {
  /** The review dialog (features/reviews), composed in by app/: enables 'Leave a review'. */
  reviewDialog?: (appointment: ClientAppointment, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState<ClientAppointment | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const { id: routeId } = useParams();
  const appointments = useClientAppointmentPages();
  const everything = useClientAppointments({ enabled: routeId !== undefined });
  const [canceling, setCanceling] = useState<ClientAppointment | null>(null);
  const [rescheduling, setRescheduling] = useState<ClientAppointment | null>(null);
  const [repeating, setRepeating] = useState<ClientAppointment | null>(null);
  const message = useOpenConversation();

  const [params] = useSearchParams();
  const tab = tabFrom(params);
  const loaded = loadedAppointments(appointments.data?.pages);
  // Upcoming or past as of opening the page (the server re-sorts on every refetch).
  const [now] = useState(() => Date.now());
  const list = loaded.filter(
    (appointment) => inUpcomingTab(appointment, now) === (tab === 'upcoming'),
  );
  // Pages run upcoming first: once a past one is loaded, every upcoming one is too.
  const pastLoaded = loaded.some((appointment) => !isUpcoming(appointment, now));
  const moreInTab = appointments.hasNextPage && (tab === 'past' || !pastLoaded);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = appointments;
  useEffect(() => {
    if (tab === 'past' && !pastLoaded && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [tab, pastLoaded, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const tabEmpty = TABS.find((entry) => entry.tab === tab)?.empty;

  // Offline (docs/product.md §20.1): the upcoming appointments last loaded on this device.
  const userId = useSession().session?.userId ?? null;
  const online = useOnline();
  const { data: pages, dataUpdatedAt } = appointments;
  useEffect(() => {
    if (!userId || !pages) return;
    const at = Date.now();
    const upcoming = loadedAppointments(pages.pages).filter((item) => inUpcomingTab(item, at));
    keepOfflineAppointments(userId, upcoming, dataUpdatedAt || at);
  }, [userId, pages, dataUpdatedAt]);
  const [kept] = useState(() => (userId ? offlineAppointments(userId) : null));
  const unreachable =
    !online ||
    appointments.fetchStatus === 'paused' ||
    (appointments.error instanceof ApiError && appointments.error.status === 0);
  const offline = unreachable && !pages && kept ? kept : null;
  const routeAppointment = routeId
    ? (everything.data?.appointments ?? []).find(
        (appointment) => appointment.appointment_id === routeId,
      )
    : undefined;

  const goBack = () => {
    // The first page of this tab's visit has no in-app history to return to.
    if (location.key === 'default') void navigate('/client');
    else void navigate(-1);
  };
  const closeRoute = () => void navigate(LIST_PATH, { replace: true });

  const cards = (items: ClientAppointment[]) => (
    <ul aria-label={t('Appointments')} className="space-y-3">
      {items.map((appointment) => (
        <li key={appointment.appointment_id}>
          <AppointmentCard
            variant="client"
            appointment={appointment}
            onCancel={() => setCanceling(appointment)}
            onReschedule={() => setRescheduling(appointment)}
            onRepeat={() => setRepeating(appointment)}
            onMessage={() => message.mutate({ appointmentId: appointment.appointment_id })}
            onReview={reviewDialog ? () => setReviewing(appointment) : undefined}
          />
        </li>
      ))}
    </ul>
  );

  const content = offline ? (
    <>
      <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {PHONE_UI_TEXTS.offline(formatInstantWhen(new Date(offline.savedAt).toISOString()))}
      </p>
      {offline.appointments.length === 0 ? (
        <p className="text-slate-600">{TABS[0] ? t(TABS[0].empty) : null}</p>
      ) : (
        cards(offline.appointments)
      )}
    </>
  ) : (
    <ListState
      query={appointments}
      items={loaded}
      texts={{
        loading: t(APPOINTMENT_LIST_TEXTS.loading),
        failed: t(APPOINTMENT_LIST_TEXTS.failed),
        empty: t(APPOINTMENT_LIST_TEXTS.empty),
      }}
    >
      <>
        {list.length === 0 && !moreInTab ? (
          <p className="text-slate-600">{tabEmpty ? t(tabEmpty) : null}</p>
        ) : null}
        {cards(list)}
        <LoadMore
          hasMore={moreInTab}
          loading={appointments.isFetchingNextPage}
          onLoadMore={() => void appointments.fetchNextPage()}
        />
      </>
    </ListState>
  );

  let routeModal = null;
  if (routeId && everything.isSuccess) {
    if (!routeAppointment) {
      routeModal = (
        <NotReschedulable message={BOOKING_MESSAGES.appointmentNotFound} onClose={closeRoute} />
      );
    } else if (routeAppointment.status !== 'booked') {
      routeModal = (
        <NotReschedulable message={MESSAGES.appointmentNotReschedulable} onClose={closeRoute} />
      );
    } else {
      routeModal = <RescheduleModal appointment={routeAppointment} onClose={closeRoute} />;
    }
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <title>{t('Your Appointments · Slotwise')}</title>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={goBack}
          className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>{' '}
          {t('Back')}
        </button>
        <h1 className="text-2xl font-bold text-slate-900">{t('Your Appointments')}</h1>
      </div>
      <AppointmentTabs current={tab} />
      {content}
      {/* An occurrence of a series offers this one, the following, or the whole series. */}
      {canceling?.series_id ? (
        <SeriesCancelDialog appointment={canceling} onClose={() => setCanceling(null)} />
      ) : canceling ? (
        <CancelAppointmentDialog appointment={canceling} onClose={() => setCanceling(null)} />
      ) : null}
      {repeating ? (
        <RepeatSeriesModal appointment={repeating} onClose={() => setRepeating(null)} />
      ) : null}
      {rescheduling ? (
        <RescheduleModal appointment={rescheduling} onClose={() => setRescheduling(null)} />
      ) : null}
      {routeModal}
      {reviewing && reviewDialog ? reviewDialog(reviewing, () => setReviewing(null)) : null}
    </div>
  );
}
