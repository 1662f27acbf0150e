import { useTranslation } from '../../../lib/i18n';
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_MESSAGES,
  STAR_LABEL_KEY,
  STAR_LABELS,
  type StarRating,
} from '@slotwise/shared/reviews-schemas';
import { useId } from 'react';

/** The star drawn for each choice (decorative: each radio has its own accessible name). */
const STAR = '★';

const RATINGS = Array.from(
  { length: RATING_MAX - RATING_MIN + 1 },
  (_, index) => (RATING_MIN + index) as StarRating,
);

interface StarInputProps {
  value: number | null;
  onChange: (rating: StarRating) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The star rating as a radio group: a fieldset with its legend ('Your rating') and five native
 * radios named '1 star, Poor' … '5 stars, Excellent'. Native radios give the keyboard behaviour
 * (Tab into the group, arrow keys move and choose); the stars are their visible labels.
 */
export function StarInput({ value, onChange, error, disabled = false }: StarInputProps) {
  const { t } = useTranslation();
  const starLabel = (rating: StarRating) =>
    t(STAR_LABEL_KEY, { count: rating, label: t(STAR_LABELS[rating]) });
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">
        {t(REVIEW_MESSAGES.ratingLegend)}
      </legend>
      <div className="mt-1 flex gap-1">
        {RATINGS.map((rating) => {
          const filled = value !== null && rating <= value;
          return (
            <label key={rating} className="cursor-pointer" title={starLabel(rating)}>
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-label={starLabel(rating)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`block rounded px-0.5 text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-600 ${
                  filled ? 'text-amber-500' : 'text-slate-400'
                }`}
              >
                {STAR}
              </span>
            </label>
          );
        })}
      </div>
      <p className="mt-1 min-h-5 text-sm text-slate-700" aria-hidden="true">
        {value !== null ? starLabel(value as StarRating) : ''}
      </p>
      <p id={errorId} aria-live="polite" className={error ? 'text-sm text-red-600' : undefined}>
        {error ? t(error) : null}
      </p>
    </fieldset>
  );
}
