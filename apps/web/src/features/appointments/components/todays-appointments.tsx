import { useTranslation } from '../../../lib/i18n';
import { MESSAGES } from '@slotwise/shared/texts';
import { Link } from 'react-router';
import { AppointmentStatusBadge } from '../../../components/appointment-status-badge';
import { CardSection } from '../../../components/card-section';
import { formatTimeRange } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { useClientAppointments } from '../api/get-client-appointments';
import { useLocalToday } from '../../../lib/use-local-today';
import { ListState } from '../../../components/list-state';

const TODAY_LIST_TEXTS = {
  loading: MESSAGES.loadingTodaysAppointments,
  failed: MESSAGES.fetchAppointmentDetailsFailed,
  empty: MESSAGES.noAppointmentsForToday,
};

/**
 * docs/product.md §2 client home: the client's appointments whose day is today by the browser's local date
 * (docs/product.md §9), earliest first, each with the provider's name and the time range.
 */
export function TodaysAppointments() {
  const { t } = useTranslation();
  const appointments = useClientAppointments();
  const today = useLocalToday();
  const todays = (appointments.data?.appointments ?? [])
    .filter((appointment) => appointment.day === today)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));

  const content = (
    <ListState
      query={appointments}
      items={todays}
      texts={{
        loading: t(TODAY_LIST_TEXTS.loading),
        failed: t(TODAY_LIST_TEXTS.failed),
        empty: t(TODAY_LIST_TEXTS.empty),
      }}
    >
      <ul aria-labelledby="todays-appointments-title" className="space-y-3">
        {todays.map((appointment) => (
          <li
            key={appointment.appointment_id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-slate-200 px-4 py-3"
          >
            <span className="min-w-0">
              <span className="block font-semibold break-words text-slate-900">
                {fullName(appointment.provider_first_name, appointment.provider_last_name)}
              </span>
              <span className="block text-sm text-slate-600">
                {formatTimeRange(appointment.start_time, appointment.end_time)}
              </span>
            </span>
            <AppointmentStatusBadge status={appointment.status} />
          </li>
        ))}
      </ul>
    </ListState>
  );

  return (
    <CardSection
      titleId="todays-appointments-title"
      title={t("Today's Appointments")}
      actions={
        <Link
          to="/client/appointments"
          className="rounded-md text-sm font-semibold text-indigo-700 hover:text-indigo-900 hover:underline"
        >
          {t('View all appointments')}
        </Link>
      }
    >
      <div className="mt-4">{content}</div>
    </CardSection>
  );
}
