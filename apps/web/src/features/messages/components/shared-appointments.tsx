import { useTranslation } from '../../../lib/i18n';
import { useClientAppointments } from '../../appointments/api/get-client-appointments';
import { formatDate, formatTimeRange } from '../../../lib/date-time-format';

/**
 * For a client: their upcoming appointments with this provider, at the top of the thread
 * (from the appointments list they already have; nothing when there are none).
 */
export function SharedAppointments({ providerId }: { providerId: string }) {
  const { t } = useTranslation();
  const { data } = useClientAppointments();
  const shared = (data?.appointments ?? []).filter(
    (a) => a.provider_id === providerId && a.status === 'booked',
  );
  if (shared.length === 0) return null;
  return (
    <section
      aria-label={t('Your upcoming appointments with them')}
      className="border-b border-slate-200 bg-indigo-50/60 px-4 py-2"
    >
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {shared.slice(0, 3).map((a) => (
          <li key={a.appointment_id}>
            <span className="font-semibold">{a.service_type}</span> · {formatDate(a.day)},{' '}
            {formatTimeRange(a.start_time, a.end_time)}
          </li>
        ))}
      </ul>
    </section>
  );
}
