import { translate } from '../../../lib/i18n';

/**
 * The "Within" choices around a place or 'near me' (docs/product.md §14.2), in kilometers; 25 is
 * the API's default radius (SEARCH_DEFAULT_RADIUS_KM, not imported: the shared schema module
 * brings zod, and the formatters module Intl's unit formatting, which the landing page's
 * JavaScript budget has no room for; whole kilometers need neither).
 */
export const RADIUS_CHOICES = [5, 10, 25, 50, 100] as const;

/** 'Within 10 km', in the screen's language. */
export function radiusLabel(km: number): string {
  return translate('Within {{km}} km', { km });
}
