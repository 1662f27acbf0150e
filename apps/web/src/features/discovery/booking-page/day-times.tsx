import { useTranslation } from '../../../lib/i18n';
import type { AvailableSlot } from '@slotwise/shared/discovery-schemas';
import { formatDayName, formatSlot, formatTime, formatMoney } from '../../../lib/date-time-format';
import { slotsByDayPart } from './slot-groups';
import { seatsLeftText } from './booking-texts';

interface DayTimesProps {
  day: string;
  slots: readonly AvailableSlot[];
  chosenId: string | null;
  /** The slot being booked ('Booking...' on it, every button waits). */
  busyId: string | null;
  /** Show each time's service (no service is picked and the provider has several). */
  showService: boolean;
  onChoose: (slot: AvailableSlot) => void;
}

/** 'Sat, Nov 28, 17:30–18:00, Haircut, $30.00' (', 3 of 12 left' for a class): what a time's button is described by. */
function description(slot: AvailableSlot): string {
  const price =
    slot.price_cents != null && slot.currency ? formatMoney(slot.price_cents, slot.currency) : null;
  return [formatSlot(slot), slot.type || null, price, seatsLeftText(slot)]
    .filter(Boolean)
    .join(', ');
}

/**
 * Step three (docs/product.md §14.1): the day's times grouped Morning (before 12:00), Afternoon
 * (12:00–17:00) and Evening (17:00 on), each with SPEC's 'Book Now' (§2.14) under its time.
 */
export function DayTimes({ day, slots, chosenId, busyId, showService, onChoose }: DayTimesProps) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-labelledby="day-times-title" className="mt-4">
      <h3 id="day-times-title" className="sr-only">
        {formatDayName(day)}
      </h3>
      <div className="space-y-3">
        {slotsByDayPart(slots).map((part) => (
          <section key={part.key} aria-labelledby={`day-part-${part.key}`}>
            <h4 id={`day-part-${part.key}`} className="mb-1.5 text-sm font-semibold text-slate-700">
              {t(part.label)}
            </h4>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {part.slots.map((slot) => {
                const chosen = slot.id === chosenId;
                // A class's seats (docs/decisions/067-seats-and-series.md); live: each seat
                // booked anywhere is a socket event (lib/realtime-context.ts).
                const seats = seatsLeftText(slot);
                return (
                  <li key={slot.id}>
                    <button
                      type="button"
                      data-slot-id={slot.id}
                      aria-pressed={chosen}
                      aria-describedby={`slot-${slot.id}`}
                      disabled={busyId !== null}
                      onClick={() => onChoose(slot)}
                      className={`w-full rounded-md border px-2 py-1.5 text-center disabled:cursor-not-allowed disabled:opacity-60 ${
                        chosen
                          ? 'border-indigo-600 bg-indigo-600 text-white'
                          : 'border-slate-300 bg-white text-slate-900 hover:border-indigo-600'
                      }`}
                    >
                      <span className="block text-base font-semibold">
                        {formatTime(slot.start_time)}
                      </span>{' '}
                      {seats ? (
                        <>
                          <span
                            data-seats-left
                            className={`block text-xs ${chosen ? 'text-white' : 'text-slate-700'}`}
                          >
                            {seats}
                          </span>{' '}
                        </>
                      ) : null}
                      {showService && slot.type ? (
                        <>
                          <span className="block truncate text-xs">{slot.type}</span>{' '}
                        </>
                      ) : null}
                      <span
                        className={`block text-xs font-medium ${chosen ? 'text-white' : 'text-indigo-700'}`}
                      >
                        {busyId === slot.id ? t('Booking...') : t('Book Now')}
                      </span>
                    </button>
                    {/* Describes 'Book Now' (a hidden element may still describe one). */}
                    <span id={`slot-${slot.id}`} hidden>
                      {description(slot)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
