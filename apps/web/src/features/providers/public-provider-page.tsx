import {
  BOOKING_MESSAGES,
  type AvailableSlot,
  type ProviderDetail,
} from '@slotwise/shared/booking-types';
import { formatPrice } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/messages';
import { durationText, policySentences } from '@slotwise/shared/policy-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/trust-types';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Avatar } from '../../components/avatar';
import { StarRating } from '../../components/star-rating';
import { ApiError } from '../../lib/api-client';
import { categoryName } from '../../lib/category-name';
import {
  compareSlotTimes,
  formatSlot,
  formatSlotDate,
  formatSlotTimeRange,
} from '../../lib/format-slot';
import { fullName } from '../../lib/full-name';
import { withNext } from '../../lib/next-path';
import { useSlotAvailability } from '../../lib/realtime-context';
import { useSession } from '../../lib/session';
import { useMetaDescription } from '../../lib/use-meta-description';
import { useBookAppointment } from '../appointments/api/book-appointment';
import { useAvailableSlots } from '../availability/api/get-available-slots';
import { useProvider } from './api/get-provider';

/** Slots grouped by their day (the provider's wall clock), days and times in order. */
function byDay(slots: readonly AvailableSlot[]): Map<string, AvailableSlot[]> {
  const groups = new Map<string, AvailableSlot[]>();
  for (const slot of [...slots].sort(compareSlotTimes)) {
    const group = groups.get(slot.day);
    if (group) group.push(slot);
    else groups.set(slot.day, [slot]);
  }
  return groups;
}

function locationText(details: ProviderDetail): string | null {
  const { location } = details;
  if (!location) return details.serviceMode === 'online' ? 'Online' : null;
  const place = [location.name, location.region, location.country].filter(Boolean).join(', ');
  return location.address ? `${location.address}, ${place}` : place;
}

function serviceModeText(details: ProviderDetail): string {
  switch (details.serviceMode) {
    case 'at_client':
      return details.radiusKm ? `Comes to you, within ${details.radiusKm} km` : 'Comes to you';
    case 'online':
      return 'Online appointments';
    default:
      return "At the provider's place";
  }
}

/** A short description for search engines and link previews. */
function describe(details: ProviderDetail, name: string): string {
  const what = details.category ? categoryName(details.category) : details.specialty;
  const where = details.location ? ` in ${details.location.name}` : '';
  const rating =
    details.rating !== null && details.reviewCount > 0
      ? ` Rated ${details.rating.toFixed(1)} out of 5 by ${details.reviewCount} ${details.reviewCount === 1 ? 'client' : 'clients'}.`
      : '';
  return `${name}, ${what}${where}. See services, prices and free times, and book online.${rating}`;
}

const sectionClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

function ServicesSection({ details }: { details: ProviderDetail }) {
  return (
    <section aria-labelledby="services-title" className={sectionClass}>
      <h2 id="services-title" className="mb-3 text-lg font-semibold text-slate-900">
        Services
      </h2>
      {details.services.length === 0 ? (
        <p className="text-sm text-slate-600">No services listed yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {details.services.map((service) => (
            <li
              key={service.id}
              className="flex flex-wrap items-baseline justify-between gap-2 py-2"
            >
              <span className="min-w-0">
                <span className="block font-medium break-words text-slate-900">{service.name}</span>
                {service.description ? (
                  <span className="block text-sm break-words text-slate-600">
                    {service.description}
                  </span>
                ) : null}
                <span className="block text-xs text-slate-500">
                  {durationText(service.duration_minutes)}
                </span>
              </span>
              <span className="font-semibold text-slate-900">
                {formatPrice(service.price_cents, service.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface ChosenSlotProps {
  providerId: string;
  slot: AvailableSlot;
  onBooked: () => void;
}

/**
 * The chosen time and what to do with it: signed out, sign in or register (and come back to
 * this slot, `next`); a client books it; a provider is told that clients book.
 */
function ChosenSlot({ providerId, slot, onBooked }: ChosenSlotProps) {
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

function AvailableTimes({ providerId }: { providerId: string }) {
  const slots = useAvailableSlots(providerId);
  const [params, setParams] = useSearchParams();
  const slotId = params.get('slot');
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [booked, setBooked] = useState<string | null>(null);
  const groupId = useId();
  const chosenRef = useRef<HTMLDivElement>(null);

  const days = slots.data ? byDay(slots.data) : new Map<string, AvailableSlot[]>();
  const chosen = slotId ? slots.data?.find((slot) => slot.id === slotId) : undefined;
  const dayKeys = [...days.keys()];
  const day =
    (pickedDay && days.has(pickedDay) ? pickedDay : null) ?? chosen?.day ?? dayKeys[0] ?? null;

  // Back from sign-in with a slot in the URL: bring the chosen time into view.
  const arrivedWith = useRef(slotId);
  useEffect(() => {
    if (chosen && arrivedWith.current === chosen.id) {
      chosenRef.current?.scrollIntoView({ block: 'center' });
      arrivedWith.current = null;
    }
  }, [chosen]);

  const choose = (slot: AvailableSlot) => {
    setBooked(null);
    setParams({ slot: slot.id });
  };

  let content: ReactNode;
  if (slots.isPending) {
    content = (
      <p role="status" className="text-slate-600">
        {MESSAGES.loadingTimeSlots}
      </p>
    );
  } else if (slots.isError) {
    content = (
      <p role="alert" className="text-red-700">
        {MESSAGES.loadTimeSlotsFailed}
      </p>
    );
  } else if (dayKeys.length === 0) {
    content = <p className="text-slate-600">{MESSAGES.noAvailableTimeSlots}</p>;
  } else {
    const daySlots = (day && days.get(day)) || [];
    content = (
      <>
        <p className="mb-3 text-sm text-slate-500">{MESSAGES.providerLocalTimeNote}</p>
        <div role="group" aria-label="Day" className="flex gap-2 overflow-x-auto pb-2">
          {dayKeys.map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={key === day}
              onClick={() => setPickedDay(key)}
              className={`shrink-0 rounded-md border px-3 py-1.5 text-sm font-medium ${
                key === day
                  ? 'border-indigo-600 bg-indigo-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              {formatSlotDate(key)}
            </button>
          ))}
        </div>
        {day ? (
          <div role="group" aria-labelledby={`${groupId}-day`} className="mt-3">
            <h3 id={`${groupId}-day`} className="mb-2 text-sm font-semibold text-slate-800">
              {formatSlotDate(day)}
            </h3>
            <ul className="flex flex-wrap gap-2">
              {daySlots.map((slot) => (
                <li key={slot.id}>
                  <button
                    type="button"
                    aria-pressed={slot.id === slotId}
                    aria-label={`${formatSlot(slot)}${slot.type ? `, ${slot.type}` : ''}`}
                    onClick={() => choose(slot)}
                    className={`rounded-md border px-3 py-1.5 text-sm font-medium ${
                      slot.id === slotId
                        ? 'border-indigo-600 bg-indigo-600 text-white'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                    }`}
                  >
                    {formatSlotTimeRange(slot.start_time, slot.end_time)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="available-times-title" className={sectionClass}>
      <h2 id="available-times-title" className="mb-3 text-lg font-semibold text-slate-900">
        Available times
      </h2>
      {content}
      {/* Polite: choosing a time announces it and what comes next (sign in, book). */}
      <div ref={chosenRef} aria-live="polite">
        {chosen ? (
          <ChosenSlot
            providerId={providerId}
            slot={chosen}
            onBooked={() => {
              setBooked(formatSlot(chosen));
              setParams({}, { replace: true });
            }}
          />
        ) : null}
        {slotId && !chosen && slots.isSuccess && !booked ? (
          <p role="alert" className="mt-4 text-sm text-amber-800">
            That time is no longer available. Please choose another.
          </p>
        ) : null}
      </div>
      <div role="status" className="mt-3 text-sm text-emerald-800">
        {booked ? (
          <p>
            Booked: {booked}.{' '}
            <Link to="/client/appointments" className="font-semibold text-indigo-700 underline">
              See your appointments
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * /providers/:id (docs/product.md §11.2): the public profile — services with prices and
 * durations, rating and reviews (`reviews`, composed in by app/), location, booking policy and
 * the free times by day. Anyone may look; booking needs a client's session.
 */
export function PublicProviderPage({ reviews = null }: { reviews?: ReactNode }) {
  const { id = '' } = useParams();
  const provider = useProvider(id);
  // Started with the details (one round trip, not two).
  useAvailableSlots(id);
  useSlotAvailability(provider.isSuccess ? id : null);
  const details = provider.data;
  const name = details ? fullName(details.firstName, details.lastName) : '';
  useMetaDescription(details ? describe(details, name) : null);

  if (provider.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <title>Provider · Slotwise</title>
        <p role="status" className="text-slate-600">
          {MESSAGES.loadingProviderDetails}
        </p>
      </div>
    );
  }

  if (provider.isError || !details) {
    const notFound = provider.error instanceof ApiError && provider.error.status === 404;
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
        <title>{`${BOOKING_MESSAGES.providerNotFound} · Slotwise`}</title>
        <div role="alert">
          <h1 className="text-lg font-semibold text-slate-900">
            {notFound ? BOOKING_MESSAGES.providerNotFound : MESSAGES.loadProviderFailed}
          </h1>
        </div>
        {notFound ? (
          <Link to="/providers" className="mt-3 inline-block text-indigo-700 underline">
            Find another provider
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => void provider.refetch()}
            className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Try again
          </button>
        )}
      </div>
    );
  }

  const where = locationText(details);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${name}${details.category ? ` · ${categoryName(details.category)}` : ''} · Slotwise`}</title>
      <section
        aria-labelledby="provider-name"
        className={`flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left ${sectionClass}`}
      >
        <Avatar src={details.profileImageUrl} name={name} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 id="provider-name" className="text-2xl font-bold break-words text-slate-900">
            {name}
          </h1>
          <p className="font-medium text-indigo-700">
            {[details.category ? categoryName(details.category) : null, details.specialty]
              .filter(
                (text, index, all) =>
                  text && all.findIndex((t) => t?.toLowerCase() === text.toLowerCase()) === index,
              )
              .join(' · ')}
          </p>
          <StarRating
            rating={details.rating}
            reviewCount={details.reviewCount}
            size="md"
            emptyText={REVIEW_MESSAGES.noReviewsYet}
          />
          {where ? (
            <p className="mt-1 text-sm text-slate-700">
              <span className="sr-only">Location: </span>
              {where}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">{serviceModeText(details)}</p>
          {details.bio ? (
            <p className="mt-3 break-words whitespace-pre-line text-slate-700">{details.bio}</p>
          ) : null}
        </div>
      </section>
      <AvailableTimes providerId={id} />
      <ServicesSection details={details} />
      {details.bookingPolicy ? (
        <section aria-labelledby="policy-title" className={sectionClass}>
          <h2 id="policy-title" className="mb-2 text-lg font-semibold text-slate-900">
            Booking policy
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {policySentences(details.bookingPolicy).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {reviews}
    </div>
  );
}
