import { PolicyList } from '../../components/policy-list';
import { TryAgainButton } from '../../components/try-again-button';
import { ListState } from '../../components/list-state';
import { SLOT_LIST_TEXTS } from './slot-list-texts';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import type { AvailableSlot } from '@slotwise/shared/discovery-schemas';
import { formatPrice } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { useSlotAvailability } from '../../lib/realtime-context';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import type { ReactNode } from 'react';
import { StarRating } from '../../components/star-rating';
import { Avatar } from '../../components/avatar';
import { ShowLaterTimes } from '../../components/show-later-times';
import { ApiError } from '../../lib/api-client';
import {
  compareSlotTimes,
  formatSlot,
  formatSlotDate,
  formatSlotTimeRange,
} from '../../lib/format-slot';
import { fullName } from '../../lib/full-name';
import { useAvailableSlots } from '../availability/api/get-available-slots';
import { useBookAppointment } from '../appointments/api/book-appointment';
import { useOpenConversation } from '../messages/api/open-conversation';
import { useProvider } from './api/get-provider';

/** Slots grouped by their day, days and times in order. */
function byDay(slots: readonly AvailableSlot[]): [string, AvailableSlot[]][] {
  const groups = new Map<string, AvailableSlot[]>();
  for (const slot of [...slots].sort(compareSlotTimes)) {
    const group = groups.get(slot.day);
    if (group) group.push(slot);
    else groups.set(slot.day, [slot]);
  }
  return [...groups];
}

function AvailableTimeSlots({ providerId }: { providerId: string }) {
  const slots = useAvailableSlots(providerId);
  const book = useBookAppointment(providerId);
  const bookingId = book.isPending ? book.variables.timeslotId : null;

  const onBook = async (slot: AvailableSlot) => {
    try {
      const { message } = await book.mutateAsync({ timeslotId: slot.id });
      toast.success(message);
    } catch {
      // docs/product.md §8: a booking failure is logged only (by the query client); the list is refetched,
      // so a slot someone else took disappears.
    }
  };

  const content = slots.data?.length ? (
    <>
      <p className="mb-4 text-sm text-slate-500">{MESSAGES.providerLocalTimeNote}</p>
      <div className="space-y-5">
        {byDay(slots.data).map(([day, daySlots]) => (
          <section key={day} aria-labelledby={`slots-${day}`}>
            <h3 id={`slots-${day}`} className="mb-2 text-sm font-semibold text-slate-800">
              {formatSlotDate(day)}
            </h3>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {daySlots.map((slot) => {
                const descriptionId = `slot-${slot.id}`;
                const busy = bookingId === slot.id;
                return (
                  <li
                    key={slot.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2"
                  >
                    <span className="min-w-0 text-sm text-slate-800">
                      <span className="font-medium">
                        {formatSlotTimeRange(slot.start_time, slot.end_time)}
                      </span>
                      {/* Describes 'Book Now' (a hidden element may still describe one). */}
                      <span id={descriptionId} hidden>
                        {formatSlot(slot)}
                      </span>
                      {slot.type ? (
                        <span className="block text-xs text-slate-500">{slot.type}</span>
                      ) : null}
                      {slot.price_cents != null && slot.currency ? (
                        <span className="block text-xs font-medium text-slate-800">
                          <span className="sr-only">Price: </span>
                          {formatPrice(slot.price_cents, slot.currency)}
                        </span>
                      ) : null}
                    </span>
                    <button
                      type="button"
                      aria-describedby={descriptionId}
                      onClick={() => void onBook(slot)}
                      disabled={bookingId !== null}
                      className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
                    >
                      {busy ? 'Booking...' : 'Book Now'}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      <ShowLaterTimes slots={slots} />
    </>
  ) : null;

  return (
    <section
      aria-labelledby="available-slots-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="available-slots-title" className="mb-3 text-lg font-semibold text-slate-900">
        Available Time Slots
      </h2>
      <ListState query={slots} items={slots.data} texts={SLOT_LIST_TEXTS}>
        {content}
      </ListState>
    </section>
  );
}

/**
 * docs/product.md §2 provider detail (/client/provider/:id, the provider_id): picture, name, email,
 * specialty, bio and the free time slots with 'Book Now'. The slot list follows bookings by
 * others live (the provider's availability room, see lib/realtime-context.ts). `reviews`: the
 * reviews list, composed in by app/ (features/reviews).
 */
export function ProviderDetailPage({ reviews = null }: { reviews?: ReactNode }) {
  const { id = '' } = useParams();
  const provider = useProvider(id);
  // Started together with the details (one round trip, not two); shown once they arrive.
  useAvailableSlots(id);
  useSlotAvailability(provider.isSuccess ? id : null);
  const message = useOpenConversation();

  if (provider.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <p role="status" className="text-slate-600">
          {MESSAGES.loadingProviderDetails}
        </p>
      </div>
    );
  }

  if (provider.isError) {
    const notFound = provider.error instanceof ApiError && provider.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <title>{`${BOOKING_MESSAGES.providerNotFound} · Slotwise`}</title>
        {/* The page's heading, announced as it replaces 'Loading provider details...'. */}
        <div role="alert">
          <h1 className="text-lg font-semibold text-slate-900">
            {notFound ? BOOKING_MESSAGES.providerNotFound : MESSAGES.loadProviderFailed}
          </h1>
        </div>
        {notFound ? null : (
          <TryAgainButton
            onClick={() => void provider.refetch()}
            className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          />
        )}
      </div>
    );
  }

  const details = provider.data;
  const name = fullName(details.firstName, details.lastName);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <title>{`${name} · Slotwise`}</title>
      <section
        aria-labelledby="provider-name"
        className="flex flex-col items-center gap-5 rounded-lg border border-slate-200 bg-white p-5 text-center shadow-sm sm:flex-row sm:items-start sm:p-6 sm:text-left"
      >
        <Avatar src={details.profileImageUrl} name={name} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 id="provider-name" className="text-2xl font-bold break-words text-slate-900">
            {name}
          </h1>
          <p className="font-medium text-indigo-700">{details.specialty}</p>
          <StarRating
            rating={details.rating}
            reviewCount={details.reviewCount}
            size="md"
            emptyText={REVIEW_MESSAGES.noReviewsYet}
          />
          {details.email ? (
            <p className="mt-1 text-sm break-all text-slate-600">
              <span className="sr-only">Email: </span>
              <a href={`mailto:${details.email}`} className="hover:text-indigo-700 hover:underline">
                {details.email}
              </a>
            </p>
          ) : null}
          {details.bio ? (
            <p className="mt-3 break-words whitespace-pre-line text-slate-700">{details.bio}</p>
          ) : null}
          {details.bookingPolicy ? (
            <div className="mt-3">
              <h2 className="text-sm font-semibold text-slate-800">Booking policy</h2>
              <PolicyList policy={details.bookingPolicy} className="text-sm text-slate-700" />
            </div>
          ) : null}
          {/* Messages (features/messages): ask before booking. */}
          <button
            type="button"
            onClick={() => message.mutate({ providerId: id })}
            disabled={message.isPending}
            className="mt-4 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Message {details.firstName}
          </button>
        </div>
      </section>
      <AvailableTimeSlots providerId={id} />
      {reviews}
    </div>
  );
}
