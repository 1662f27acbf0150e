import { translate } from './i18n';
import { CATEGORIES } from '@slotwise/shared/catalogue-schemas';

/**
 * 'plumber' → 'Plumber' (the fixed categories of docs/product.md §11.1), in the screen's language;
 * unknown slugs as sent.
 */
export function categoryName(slug: string): string {
  const name = CATEGORIES.find((category) => category.slug === slug)?.name;
  return name ? translate(name) : slug;
}
