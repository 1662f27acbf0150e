import type { UpdateServiceBody } from '@slotwise/shared/catalogue-schemas';
import { apiPatch } from '../../../lib/api-client';
import type { ServiceMessageResponse } from './create-service';
import { serviceViewKeys } from '../invalidate-service-views';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface UpdateServiceInput {
  id: string;
  /** With `resource_id` when the needed resource is chosen (docs/product.md §13.1). */
  body: UpdateServiceBody & { resource_id?: string | null };
}

/** PATCH /services/:id with the changed fields only → {message, service}. */
export function updateService({ id, body }: UpdateServiceInput): Promise<ServiceMessageResponse> {
  return apiPatch<ServiceMessageResponse>(`/services/${encodeURIComponent(id)}`, body);
}

export function useUpdateService() {
  return useInvalidatingMutation(updateService, { keys: serviceViewKeys });
}
