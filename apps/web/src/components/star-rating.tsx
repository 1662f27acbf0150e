import { useTranslation } from '../lib/i18n';
import { ratingText } from '../lib/rating-text';

const STARS = '★★★★★';

/** Five stars filled to `rating` (0–5, fractions by width); decorative, the text says it. */
function Stars({ rating, size }: { rating: number; size: 'sm' | 'md' }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  const text = size === 'sm' ? 'text-sm' : 'text-lg';
  return (
    <span aria-hidden="true" className={`relative inline-block leading-none ${text}`}>
      <span className="text-slate-300">{STARS}</span>
      <span
        className="absolute inset-y-0 start-0 overflow-hidden whitespace-nowrap text-amber-500"
        style={{ width: `${percent}%` }}
      >
        {STARS}
      </span>
    </span>
  );
}

interface StarRatingProps {
  /** Mean rating, one decimal; null without reviews. */
  rating: number | null;
  /** null: one review's own rating ('4 out of 5 stars', no count). */
  reviewCount: number | null;
  size?: 'sm' | 'md';
  /** Text shown without reviews (nothing when omitted). */
  emptyText?: string;
}

/**
 * A rating as stars, the mean and the count: '★★★★☆ 4.6 (23)'. Its accessible text is
 * '4.6 out of 5, 23 reviews' (role img), so it reads as one phrase.
 */
export function StarRating({ rating, reviewCount, size = 'sm', emptyText }: StarRatingProps) {
  const { t } = useTranslation();
  if (reviewCount === null && rating !== null) {
    return (
      <span
        role="img"
        aria-label={t('{{rating}} out of 5 stars', { rating })}
        className="inline-flex"
      >
        <Stars rating={rating} size={size} />
      </span>
    );
  }
  if (rating === null || !reviewCount) {
    return emptyText ? <span className="text-sm text-slate-600">{emptyText}</span> : null;
  }
  return (
    <span
      role="img"
      aria-label={ratingText(rating, reviewCount)}
      className="inline-flex items-center gap-1"
    >
      <Stars rating={rating} size={size} />
      <span aria-hidden="true" className="text-sm font-medium text-slate-700">
        {rating.toFixed(1)} <span className="text-slate-600">({reviewCount})</span>
      </span>
    </span>
  );
}
