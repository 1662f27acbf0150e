import { useTranslation } from '../../../lib/i18n';
import type { PartOfDay } from '@slotwise/shared/discovery-schemas';
import { controlClass } from '../../../components/control-class';
import { addDays, localDateKey } from '../../../lib/date-time-format';
import { PART_OF_DAY_LABELS } from './part-of-day-labels';

/**
 * The search's When (docs/product.md §14.2): a day — any, today, tomorrow (the client's own
 * dates) or one picked — and a part of the day, matched on each provider's clock. Plain native
 * selects: small enough for the landing page's JavaScript budget, and at home on a phone.
 */

export interface When {
  date: string | null;
  partOfDay: PartOfDay | null;
}

type DayChoice = 'any' | 'today' | 'tomorrow' | 'pick';

const PARTS = Object.keys(PART_OF_DAY_LABELS) as PartOfDay[];

function dayChoice(date: string | null, today: string): DayChoice {
  if (date === null) return 'any';
  if (date === today) return 'today';
  return date === addDays(today, 1) ? 'tomorrow' : 'pick';
}

export interface WhenFieldProps {
  /** Prefix of the controls' ids (two forms may share a page). */
  idPrefix: string;
  value: When;
  onChange: (next: When) => void;
  /** The client's today (`YYYY-MM-DD`); default: now. */
  today?: string;
}

export function WhenField({ idPrefix, value, onChange, today = localDateKey() }: WhenFieldProps) {
  const { t } = useTranslation();
  const choice = dayChoice(value.date, today);
  const onDay = (next: DayChoice) => {
    const dates: Record<DayChoice, string | null> = {
      any: null,
      today,
      tomorrow: addDays(today, 1),
      // A picked day starts after tomorrow (Today and Tomorrow have their own choices).
      pick: value.date && choice === 'pick' ? value.date : addDays(today, 2),
    };
    onChange({ ...value, date: dates[next] });
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">{t('When')}</legend>
      <div className="mt-1 grid grid-cols-2 gap-2">
        <select
          id={`${idPrefix}-day`}
          aria-label={t('Day')}
          value={choice}
          onChange={(event) => onDay(event.target.value as DayChoice)}
          className={controlClass()}
        >
          <option value="any">{t('Any time')}</option>
          <option value="today">{t('Today')}</option>
          <option value="tomorrow">{t('Tomorrow')}</option>
          <option value="pick">{t('Pick a date')}</option>
        </select>
        <select
          id={`${idPrefix}-part`}
          aria-label={t('Time of day')}
          value={value.partOfDay ?? ''}
          onChange={(event) =>
            onChange({ ...value, partOfDay: (event.target.value || null) as PartOfDay | null })
          }
          className={controlClass()}
        >
          <option value="">{t('Any time of day')}</option>
          {PARTS.map((part) => (
            <option key={part} value={part}>
              {t(PART_OF_DAY_LABELS[part])}
            </option>
          ))}
        </select>
      </div>
      {choice === 'pick' ? (
        <input
          id={`${idPrefix}-date`}
          type="date"
          aria-label={t('Date')}
          min={today}
          value={value.date ?? ''}
          onChange={(event) => onChange({ ...value, date: event.target.value || null })}
          className={controlClass()}
        />
      ) : null}
    </fieldset>
  );
}
