import { useTranslation } from '../../../lib/i18n';
import { formatDayName } from '../../../lib/date-time-format';
import { useMediaQuery } from '../../../lib/use-media-query';

interface DayStripProps {
  /** The days that hold a time (of the chosen service), in order. */
  days: readonly string[];
  selected: string | null;
  onSelect: (day: string) => void;
  /** A later window of days exists that is not loaded yet. */
  hasLater: boolean;
  loadingLater: boolean;
  /** Loads the next window; the strip selects its first day once it arrives. */
  onLater: () => void;
}

const arrowClass =
  'inline-flex size-10 items-center justify-center rounded-md border border-slate-300 bg-white text-lg text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Step two (docs/product.md §14.1): the days with a free time, a page at a time (4 on a phone,
 * 7 wider) so no day is cut off; the arrows move a page and choose its first day, and past
 * the last loaded day they ask for the next window of days.
 */
export function DayStrip({
  days,
  selected,
  onSelect,
  hasLater,
  loadingLater,
  onLater,
}: DayStripProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 640px)', true);
  const size = wide ? 7 : 4;
  const index = Math.max(0, selected ? days.indexOf(selected) : 0);
  const start = Math.floor(index / size) * size;
  const shown = days.slice(start, start + size);
  const later = days[start + size];

  return (
    <div className="mt-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id="day-strip-title" className="text-sm font-semibold text-slate-800">
          {t('Day')}
        </h3>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label={t('Earlier days')}
            disabled={start === 0}
            onClick={() => onSelect(days[Math.max(0, start - size)]!)}
            className={arrowClass}
          >
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ‹
            </span>
          </button>
          <button
            type="button"
            aria-label={t('Later days')}
            disabled={!later && (!hasLater || loadingLater)}
            aria-busy={loadingLater}
            onClick={() => (later ? onSelect(later) : onLater())}
            className={arrowClass}
          >
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ›
            </span>
          </button>
        </div>
      </div>
      <div
        role="group"
        aria-labelledby="day-strip-title"
        className="grid grid-cols-4 gap-2 sm:grid-cols-7"
      >
        {shown.map((day) => (
          <button
            key={day}
            type="button"
            aria-pressed={day === selected}
            onClick={() => onSelect(day)}
            className={`flex min-h-12 items-center justify-center rounded-md border px-1 py-1.5 text-center text-sm leading-tight font-medium ${
              day === selected
                ? 'border-indigo-600 bg-indigo-600 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            {formatDayName(day)}
          </button>
        ))}
      </div>
    </div>
  );
}
