import { apiDelete } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/**
 * DELETE /business/resources/:id → 200: the services that needed it need nothing any more
 * (docs/product.md §13.1).
 */
export function deleteResource(id: string): Promise<{ message: string }> {
  return apiDelete<{ message: string }>(`/business/resources/${encodeURIComponent(id)}`);
}

/** The business's resources and the services that named it. */
export function useDeleteResource() {
  return useInvalidatingMutation(deleteResource, {
    keys: [queryKeys.business, queryKeys.services],
  });
}
