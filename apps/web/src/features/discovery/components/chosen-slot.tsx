import type { AvailableSlot } from '@slotwise/shared/discovery-schemas';
import { formatPrice } from '@slotwise/shared/catalogue-schemas';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ApiError } from '../../../lib/api-client';
import { formatSlot } from '../../../lib/format-slot';
import { withNext } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';
import { useBookAppointment } from '../../appointments/api/book-appointment';

interface ChosenSlotProps {
  providerId: string;
  slot: AvailableSlot;
  onBooked: () => void;
}

/**
 * The chosen time and what to do with it: signed out, sign in or register (and come back to
 * this slot, `next`); a client books it; a provider is told that clients book.
 */
export function ChosenSlot({ providerId, slot, onBooked }: ChosenSlotProps) {
  const { session } = useSession();
  const book = useBookAppointment(providerId);
  const [failure, setFailure] = useState<string | null>(null);
  const here = `/providers/${encodeURIComponent(providerId)}?slot=${encodeURIComponent(slot.id)}`;

  const onBook = async () => {
    setFailure(null);
    try {
      const { message } = await book.mutateAsync({ timeslotId: slot.id });
      toast.success(message);
      onBooked();
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status !== 0
          ? error.message
          : 'Could not book this time. Check your connection and try again.',
      );
    }
  };

  let action: ReactNode;
  if (!session) {
    action = (
      <>
        <p className="text-sm text-slate-700">Sign in or create an account to book this time.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={withNext('/login', here)}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Sign in to book
          </Link>
          <Link
            to={withNext('/register', here)}
            className="rounded-md border border-indigo-200 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            Create an account
          </Link>
        </div>
      </>
    );
  } else if (session.role !== 'client') {
    action = (
      <p className="text-sm text-slate-700">
        Clients book appointments. Sign in with a client account to book this time.
      </p>
    );
  } else {
    action = (
      <button
        type="button"
        onClick={() => void onBook()}
        disabled={book.isPending}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {book.isPending ? 'Booking...' : 'Book this time'}
      </button>
    );
  }

  return (
    <div
      role="region"
      aria-labelledby="chosen-slot-title"
      className="mt-4 rounded-md border border-indigo-200 bg-indigo-50 p-4"
    >
      <h3 id="chosen-slot-title" className="font-semibold text-slate-900">
        Your chosen time: {formatSlot(slot)}
      </h3>
      {slot.type ? <p className="text-sm text-slate-700">{slot.type}</p> : null}
      {slot.price_cents != null && slot.currency ? (
        <p className="text-sm font-medium text-slate-800">
          {formatPrice(slot.price_cents, slot.currency)}
        </p>
      ) : null}
      <div className="mt-2">{action}</div>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
