import { useTranslation } from '../../../lib/i18n';
import type { AvailableSlot, ProviderDetail } from '@slotwise/shared/discovery-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ListState } from '../../../components/list-state';
import { ShowLaterTimes } from '../../../components/show-later-times';
import { ApiError } from '../../../lib/api-client';
import { formatSlot, formatWhen } from '../../../lib/date-time-format';
import { useSession } from '../../../lib/session';
import { useBookAppointment } from '../../appointments/api/book-appointment';
import { useAvailableSlots } from '../../availability/api/get-available-slots';
import { SLOT_LIST_TEXTS } from '../slot-list-texts';
import type { ListTexts } from '../../../components/list-state';
import { takeBookingIntent } from './booking-intent';
import { BookingSummary } from './booking-summary';
import { DayStrip } from './day-strip';
import { DayTimes } from './day-times';
import { ServicePicker } from './service-picker';
import { slotsByDay, slotsForService } from './slot-groups';

/**
 * 'Available Time Slots' (docs/product.md §2.14, §14.1): service → day → time, then the summary.
 * The URL carries the picked service (`?service=`) and the chosen time (`?slot=`, the one a
 * signed-out visitor comes back to after signing in or registering). `waitlist`: 'Join the
 * waitlist' under the times (docs/product.md §17), composed in by app/.
 */
export function BookingSection({
  details,
  waitlist = null,
}: {
  details: ProviderDetail;
  waitlist?: ReactNode;
}) {
  const { t } = useTranslation();
  const providerId = details.provider_id;
  const slots = useAvailableSlots(providerId);
  const book = useBookAppointment(providerId);
  const { session } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const slotId = params.get('slot');
  const serviceParam = params.get('service');
  // The router commits a search-param change after the event (it resolves the route first), and
  // a controlled radio reverts until then; the choice is held here at once and the URL follows.
  const [serviceChoice, setServiceChoice] = useState(serviceParam);
  const [seenServiceParam, setSeenServiceParam] = useState(serviceParam);
  if (seenServiceParam !== serviceParam) {
    setSeenServiceParam(serviceParam);
    setServiceChoice(serviceParam);
  }
  const service = details.services.find((s) => s.id === serviceChoice) ?? null;
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [waitingAfter, setWaitingAfter] = useState<string | null>(null);
  const [booked, setBooked] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const all = slots.data ?? [];
  const days = slotsByDay(slotsForService(all, service?.id ?? null));
  const dayKeys = [...days.keys()];
  const chosen = slotId ? (all.find((slot) => slot.id === slotId) ?? null) : null;
  // 'Later days' past the loaded ones: once the next window arrives, its first day is chosen.
  const firstLater = waitingAfter === null ? undefined : dayKeys.find((key) => key > waitingAfter);
  const day =
    firstLater ??
    (pickedDay && days.has(pickedDay) ? pickedDay : null) ??
    (chosen && days.has(chosen.day) ? chosen.day : null) ??
    dayKeys[0] ??
    null;

  // Back from sign-in with a slot in the URL: bring the chosen time into view.
  const arrivedWith = useRef(slotId);
  useEffect(() => {
    if (chosen && arrivedWith.current === chosen.id) {
      document
        .querySelector(`[data-slot-id="${CSS.escape(chosen.id)}"]`)
        ?.scrollIntoView({ block: 'center' });
      arrivedWith.current = null;
    }
  }, [chosen]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const choose = (slot: AvailableSlot) => {
    setBooked(null);
    setFailure(null);
    update({ slot: slot.id });
  };

  const onBook = async () => {
    if (!chosen) return;
    setFailure(null);
    try {
      const { message, appointment } = await book.mutateAsync({ timeslotId: chosen.id });
      // A service that takes money holds the time until it is paid (docs/product.md §16).
      const checkoutUrl = appointment.payment?.checkout_url;
      if (appointment.status === 'pending_payment' && checkoutUrl) {
        if (/^https?:\/\//.test(checkoutUrl)) window.location.assign(checkoutUrl);
        else void navigate(checkoutUrl);
        return;
      }
      toast.success(message);
      setBooked(formatSlot(chosen));
      update({ slot: null });
    } catch (error) {
      // docs/product.md §8: the failure is logged (by the query client); a time someone else
      // took leaves the list and the line below says so; anything else is said here.
      if (!(error instanceof ApiError && error.code === 'SLOT_TAKEN')) {
        setFailure(
          error instanceof ApiError && error.status !== 0
            ? error.message
            : t('Could not book this time. Check your connection and try again.'),
        );
      }
    }
  };

  // Back signed in after 'Book Now' (docs/product.md §14.1): book the time they asked for, once.
  const intentChecked = useRef(false);
  useEffect(() => {
    if (intentChecked.current || !chosen || session?.role !== 'client') return;
    intentChecked.current = true;
    // The stored choice is outside React; the booking it starts runs after this render.
    if (takeBookingIntent(chosen.id)) queueMicrotask(() => void onBook());
    // onBook reads `chosen`, which is in the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen, session]);

  const pickDay = (key: string | null) => {
    setWaitingAfter(null);
    setPickedDay(key);
  };

  const onLater = () => {
    setWaitingAfter(dayKeys.at(-1) ?? '');
    void slots.fetchNextPage();
  };

  const daySlots = (day && days.get(day)) || [];
  const listTexts: ListTexts = {
    loading: t(SLOT_LIST_TEXTS.loading),
    failed: t(SLOT_LIST_TEXTS.failed),
    empty: t(SLOT_LIST_TEXTS.empty),
  };
  const busyId = book.isPending ? book.variables.timeslotId : null;

  return (
    <section
      aria-labelledby="available-slots-title"
      className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
    >
      <h2 id="available-slots-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('Available Time Slots')}
      </h2>
      <div className="md:grid md:grid-cols-[minmax(0,1fr)_16rem] md:gap-6">
        <div className="min-w-0">
          {details.services.length > 0 ? (
            <ServicePicker
              services={details.services}
              serviceId={service?.id ?? null}
              onChange={(id) => {
                pickDay(null);
                setServiceChoice(id);
                update({
                  service: id,
                  ...(id && chosen?.service_id && chosen.service_id !== id ? { slot: null } : {}),
                });
              }}
            />
          ) : null}
          <ListState query={slots} items={dayKeys} texts={listTexts}>
            <p className="mt-3 text-xs text-slate-600">{t(MESSAGES.providerLocalTimeNote)}</p>
            <DayStrip
              days={dayKeys}
              selected={day}
              onSelect={pickDay}
              hasLater={slots.hasNextPage}
              loadingLater={slots.isFetchingNextPage}
              onLater={onLater}
            />
            {day ? (
              <DayTimes
                day={day}
                slots={daySlots}
                chosenId={chosen?.id ?? null}
                busyId={busyId}
                showService={!service && details.services.length > 1}
                onChoose={choose}
              />
            ) : null}
          </ListState>
          {/* The picked service has no time in the loaded days: look further. */}
          {slots.isSuccess && dayKeys.length === 0 ? <ShowLaterTimes slots={slots} /> : null}
          {waitlist}
          {slotId && !chosen && slots.isSuccess && !booked ? (
            <p role="alert" className="mt-3 text-sm text-amber-800">
              {t('That time is no longer available. Please choose another.')}
            </p>
          ) : null}
          {/* Choosing a time says so, and where the booking button now is. */}
          <p aria-live="polite" className="sr-only">
            {chosen
              ? t('Chosen: {{when}}. Your booking follows.', {
                  when: formatWhen(chosen.day, chosen.start_time),
                })
              : ''}
          </p>
          <div role="status" className="mt-3 text-sm text-emerald-800">
            {booked ? (
              <p>
                {t('Booked: {{slot}}.', { slot: booked })}{' '}
                {session?.role === 'client' ? (
                  <Link
                    to="/client/appointments"
                    className="font-semibold text-indigo-700 underline"
                  >
                    {t('See your appointments')}
                  </Link>
                ) : null}
              </p>
            ) : null}
          </div>
        </div>
        <BookingSummary
          providerId={providerId}
          slot={chosen}
          service={service}
          slotService={
            chosen?.service_id
              ? (details.services.find((s) => s.id === chosen.service_id) ?? null)
              : null
          }
          policy={details.bookingPolicy}
          busy={book.isPending}
          onBook={() => void onBook()}
          failure={failure}
        />
      </div>
    </section>
  );
}
