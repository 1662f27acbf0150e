import { CATEGORIES, type CategoriesResponse } from '@slotwise/shared/catalogue-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const categoriesQueryKey = queryKeys.categories;

/** GET /categories → {categories:[{slug, name}]} (docs/product.md §11.1; public). */
export function fetchCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  return apiGet<CategoriesResponse>('/categories', { signal });
}

/**
 * The eight categories. Their slugs are fixed (packages/shared, a database check), so the
 * shared list is the cached answer from the start and never goes stale: the forms show the
 * select at once and make no request for it.
 */
export function useCategories() {
  return useQuery({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => fetchCategories(signal),
    initialData: { categories: CATEGORIES.map(({ slug, name }) => ({ slug, name })) },
    staleTime: Infinity,
    select: (data) => data.categories,
  });
}
