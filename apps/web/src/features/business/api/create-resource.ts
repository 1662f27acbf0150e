import type { BusinessResource, CreateResourceBody } from '@slotwise/shared/business-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface ResourceAnswer {
  message: string;
  resource: BusinessResource;
}

/** POST /business/resources {name} → 201 {resource} (docs/product.md §13.1). */
export function createResource(body: CreateResourceBody): Promise<ResourceAnswer> {
  return apiPost<ResourceAnswer>('/business/resources', body);
}

export function useCreateResource() {
  return useInvalidatingMutation(createResource, { keys: [queryKeys.business] });
}
