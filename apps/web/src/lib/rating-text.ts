import { translate } from './i18n';
/** '4.6 out of 5, 23 reviews' (what a screen reader says of a provider's rating). */
export function ratingText(rating: number, reviewCount: number): string {
  return translate('{{rating}} out of 5, {{count}} reviews', {
    rating: rating.toFixed(1),
    count: reviewCount,
  });
}
