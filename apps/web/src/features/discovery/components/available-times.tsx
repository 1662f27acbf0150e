import type { AvailableSlot } from '@slotwise/shared/discovery-schemas';
import { ListState } from '../../../components/list-state';
import { SLOT_LIST_TEXTS } from '../slot-list-texts';
import { MESSAGES } from '@slotwise/shared/texts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  compareSlotTimes,
  formatSlot,
  formatSlotDate,
  formatSlotTimeRange,
} from '../../../lib/format-slot';
import { ShowLaterTimes } from '../../../components/show-later-times';
import { useAvailableSlots } from '../../availability/api/get-available-slots';
import { ChosenSlot } from './chosen-slot';
import { sectionClass } from './provider-section-class';

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

/** The provider's free times by day; the chosen one (`?slot=`) can be booked from here. */
export function AvailableTimes({ providerId }: { providerId: string }) {
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

  const daySlots = (day && days.get(day)) || [];
  const content =
    dayKeys.length > 0 ? (
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
        {/* The next 14 days that hold a free time: their days join the row above. */}
        <ShowLaterTimes slots={slots} />
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
    ) : null;

  return (
    <section aria-labelledby="available-times-title" className={sectionClass}>
      <h2 id="available-times-title" className="mb-3 text-lg font-semibold text-slate-900">
        Available times
      </h2>
      <ListState query={slots} items={dayKeys} texts={SLOT_LIST_TEXTS}>
        {content}
      </ListState>
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
