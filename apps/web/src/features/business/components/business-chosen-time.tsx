import { useTranslation } from '../../../lib/i18n';
import {
  BUSINESS_TEXTS,
  type MergedSlot,
  type PublicBusiness,
} from '@slotwise/shared/business-schemas';
import { formatMoney } from '../../../lib/date-time-format';
import { todayIn } from '@slotwise/shared/dates';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../../lib/failure-message';
import { fullName } from '../../../lib/full-name';
import { withNext } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';
import { useBookBusinessTime } from '../../appointments/api/book-appointment';
import { fetchAvailableSlots } from '../../availability/api/get-available-slots';

/** What the confirmation says: when, and the staff member the booking went to. */
export interface Booked {
  when: string;
  staffName: string;
}

interface BusinessChosenTimeProps {
  business: PublicBusiness;
  serviceId: string;
  slot: MergedSlot;
  /** The chosen staff member; null for "any staff". */
  person: string | null;
  /** The time and service, as the time's button says them. */
  label: string;
  onBooked: (booked: Booked) => void;
  onFailed: (message: string) => void;
}

/**
 * That person's own free slot starting at `startsAt` (their slot id books it as any provider's
 * slot): GET /search/providers/:id/available-slots for that day.
 */
async function personSlotId(
  providerId: string,
  day: string,
  startsAt: string,
  serviceId: string,
): Promise<string | null> {
  const { availableSlots } = await fetchAvailableSlots(providerId, day, undefined, day);
  const at = availableSlots.filter((slot) => Date.parse(slot.starts_at) === Date.parse(startsAt));
  return (at.find((slot) => slot.service_id === serviceId) ?? at[0])?.id ?? null;
}

/**
 * The chosen time and what to do with it (docs/product.md §13.2): signed out, sign in or register
 * and come back to this page with the same choices; a client books it — "any staff" lets the
 * server choose, a chosen person's own slot is booked as on their page.
 */
export function BusinessChosenTime({
  business,
  serviceId,
  slot,
  person,
  label,
  onBooked,
  onFailed,
}: BusinessChosenTimeProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const book = useBookBusinessTime();
  const service = business.services.find((s) => s.id === serviceId);
  const here = `${location.pathname}${location.search}`;

  const onBook = async () => {
    try {
      let body;
      if (person) {
        const day = todayIn(business.timezone, new Date(slot.starts_at));
        const timeslotId = await personSlotId(person, day, slot.starts_at, serviceId);
        if (!timeslotId) {
          onFailed(t(BUSINESS_TEXTS.slotGone));
          return;
        }
        body = { timeslotId };
      } else {
        body = { businessId: business.id, serviceId, startsAt: slot.starts_at };
      }
      const { message, appointment } = await book.mutateAsync(body);
      // A service paid when booking: on to its checkout (docs/decisions/068-payments.md).
      const checkoutUrl = appointment.payment?.checkout_url;
      if (appointment.status === 'pending_payment' && checkoutUrl) {
        if (/^https?:\/\//.test(checkoutUrl)) window.location.assign(checkoutUrl);
        else void navigate(checkoutUrl);
        return;
      }
      toast.success(message);
      onBooked({
        when: label,
        staffName: fullName(appointment.provider_first_name, appointment.provider_last_name),
      });
    } catch (error) {
      onFailed(failureMessage(error, t(BUSINESS_TEXTS.bookFailed)));
    }
  };

  let action: ReactNode;
  if (!session) {
    action = (
      <>
        <p className="text-sm text-slate-700">{t(BUSINESS_TEXTS.signInPrompt)}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={withNext('/login', here)}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            {t(BUSINESS_TEXTS.signInToBook)}
          </Link>
          <Link
            to={withNext('/register', here)}
            className="rounded-md border border-indigo-200 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {t(BUSINESS_TEXTS.createAccount)}
          </Link>
        </div>
      </>
    );
  } else if (session.role !== 'client') {
    action = <p className="text-sm text-slate-700">{t(BUSINESS_TEXTS.clientsBook)}</p>;
  } else {
    action = (
      <button
        type="button"
        onClick={() => void onBook()}
        disabled={book.isPending}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {book.isPending ? t(BUSINESS_TEXTS.booking) : t(BUSINESS_TEXTS.bookThisTime)}
      </button>
    );
  }

  return (
    <div
      role="region"
      aria-labelledby="business-chosen-title"
      className="mt-4 rounded-md border border-indigo-200 bg-indigo-50 p-4"
    >
      <h3 id="business-chosen-title" className="font-semibold text-slate-900">
        {BUSINESS_TEXTS.chosenTime(label, t)}
      </h3>
      {service ? (
        <p className="text-sm font-medium text-slate-800">
          {formatMoney(service.price_cents, service.currency)}
        </p>
      ) : null}
      <div className="mt-2">{action}</div>
    </div>
  );
}
