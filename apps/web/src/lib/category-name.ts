import { CATEGORIES } from '@slotwise/shared/catalogue-schemas';

/** 'plumber' → 'Plumber' (the fixed categories of docs/product.md §11.1); unknown slugs as sent. */
export function categoryName(slug: string): string {
  return CATEGORIES.find((category) => category.slug === slug)?.name ?? slug;
}
