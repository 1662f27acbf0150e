import { useTranslation } from '../../../lib/i18n';
import {
  BUSINESS_TEXTS,
  type MergedSlot,
  type PublicBusiness,
} from '@slotwise/shared/business-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatInstantTime, formatInstantWhen } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { useBusinessSlots } from '../api/get-business-slots';
import { BOOKING_DAYS, BOOKING_PARAMS, cardClass } from '../booking-params';
import { BusinessChosenTime, type Booked } from './business-chosen-time';

const pill = (pressed: boolean) =>
  `shrink-0 rounded-md border px-3 py-1.5 text-sm font-medium ${
    pressed
      ? 'border-indigo-600 bg-indigo-600 text-white'
      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
  }`;

/**
 * The chosen service's free times (docs/product.md §13.1): a day of the next two weeks in the
 * business's zone, "any staff" or one person (the times that person has), and the chosen time
 * with what to do next. Every choice is in the URL. With one person chosen, `waitlist(person)`
 * ('Join the waitlist' for them, docs/product.md §17, composed in by app/) follows the times.
 */
export function BusinessBooking({
  business,
  waitlist,
}: {
  business: PublicBusiness;
  waitlist?: (providerId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const groupId = useId();
  const [booked, setBooked] = useState<Booked | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const today = todayIn(business.timezone);
  const days = Array.from({ length: BOOKING_DAYS }, (_, index) => addDays(today, index));
  const service = business.services.find((s) => s.id === params.get(BOOKING_PARAMS.service));
  const askedDate = params.get(BOOKING_PARAMS.date);
  const date = askedDate && days.includes(askedDate) ? askedDate : today;
  const offering = business.staff.filter(
    (member) => !service || service.provider_ids.includes(member.provider_id),
  );
  const askedPerson = params.get(BOOKING_PARAMS.person);
  const person = offering.some((m) => m.provider_id === askedPerson) ? askedPerson : null;
  const time = params.get(BOOKING_PARAMS.time);

  const slots = useBusinessSlots(business.id, service?.id ?? null, date);
  const shown = (slots.data ?? []).filter(
    (slot) => person === null || slot.provider_ids.includes(person),
  );
  const chosen = time ? shown.find((slot) => slot.starts_at === time) : undefined;

  const change = (name: string, value: string | null) => {
    setBooked(null);
    setFailure(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        if (name !== BOOKING_PARAMS.time) next.delete(BOOKING_PARAMS.time);
        return next;
      },
      { replace: true },
    );
  };

  if (!service) {
    return (
      <section aria-labelledby="business-times-title" className={cardClass}>
        <h2 id="business-times-title" className="mb-2 text-lg font-semibold text-slate-900">
          {t(BUSINESS_TEXTS.timesTitle)}
        </h2>
        <p className="text-sm text-slate-600">{t(BUSINESS_TEXTS.chooseServiceFirst)}</p>
        <BookedLine booked={booked} />
      </section>
    );
  }

  const timeLabel = (slot: MergedSlot) =>
    `${formatInstantWhen(slot.starts_at, business.timezone)}, ${service.name}`;

  return (
    <section aria-labelledby="business-times-title" className={cardClass}>
      <h2 id="business-times-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t(BUSINESS_TEXTS.timesTitle)}: {service.name}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t(BUSINESS_TEXTS.businessLocalTimeNote)}</p>
      <div
        role="group"
        aria-label={t(BUSINESS_TEXTS.dayLabel)}
        className="flex gap-2 overflow-x-auto pb-2"
      >
        {days.map((day) => (
          <button
            key={day}
            type="button"
            aria-pressed={day === date}
            onClick={() => change(BOOKING_PARAMS.date, day)}
            className={pill(day === date)}
          >
            {formatDate(day)}
          </button>
        ))}
      </div>
      <div className="mt-3">
        <label htmlFor={`${groupId}-staff`} className="block text-sm font-medium text-slate-700">
          {t(BUSINESS_TEXTS.staffChooserLabel)}
        </label>
        <select
          id={`${groupId}-staff`}
          value={person ?? ''}
          onChange={(event) => change(BOOKING_PARAMS.person, event.target.value || null)}
          className="mt-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        >
          <option value="">{t(BUSINESS_TEXTS.anyStaff)}</option>
          {offering.map((member) => (
            <option key={member.provider_id} value={member.provider_id}>
              {fullName(member.first_name, member.last_name)}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-labelledby={`${groupId}-day`} className="mt-3">
        <h3 id={`${groupId}-day`} className="mb-2 text-sm font-semibold text-slate-800">
          {formatDate(date)}
        </h3>
        {slots.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(BUSINESS_TEXTS.loadingTimes)}
          </p>
        ) : slots.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(BUSINESS_TEXTS.loadFailed)}
          </p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-slate-600">{t(BUSINESS_TEXTS.noTimes)}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {shown.map((slot) => (
              <li key={slot.starts_at}>
                <button
                  type="button"
                  aria-pressed={slot.starts_at === time}
                  aria-label={timeLabel(slot)}
                  onClick={() => change(BOOKING_PARAMS.time, slot.starts_at)}
                  className={pill(slot.starts_at === time)}
                >
                  {formatInstantTime(slot.starts_at, business.timezone)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {person && waitlist ? waitlist(person) : null}
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <div aria-live="polite">
        {chosen ? (
          <BusinessChosenTime
            business={business}
            serviceId={service.id}
            slot={chosen}
            person={person}
            label={timeLabel(chosen)}
            onBooked={(result) => {
              change(BOOKING_PARAMS.time, null);
              setBooked(result);
            }}
            onFailed={(message) => {
              setFailure(message);
              void slots.refetch();
            }}
          />
        ) : null}
        {time && !chosen && slots.isSuccess && !booked && !failure ? (
          <p role="alert" className="mt-4 text-sm text-amber-800">
            {t(BUSINESS_TEXTS.slotGone)}
          </p>
        ) : null}
      </div>
      <BookedLine booked={booked} />
    </section>
  );
}

function BookedLine({ booked }: { booked: Booked | null }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="mt-3 text-sm text-emerald-800">
      {booked ? (
        <p>
          {BUSINESS_TEXTS.bookedWith(booked.when, booked.staffName, t)}{' '}
          <Link to="/client/appointments" className="font-semibold text-indigo-700 underline">
            {t(BUSINESS_TEXTS.seeAppointments)}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
