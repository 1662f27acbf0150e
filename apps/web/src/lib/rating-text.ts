/** '4.6 out of 5, 23 reviews' (what a screen reader says of a provider's rating). */
export function ratingText(rating: number, reviewCount: number): string {
  return `${rating.toFixed(1)} out of 5, ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
}
