import type { UpdateServiceBody } from '@slotwise/shared/catalogue-schemas';
import { apiPatch } from '../../../lib/api-client';
import type { ServiceMessageResponse } from './create-service';
import { serviceViewKeys } from '../invalidate-service-views';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface UpdateServiceInput {
  id: string;
  body: UpdateServiceBody;
}

/** PATCH /services/:id with the changed fields only → {message, service}. */
export function updateService({ id, body }: UpdateServiceInput): Promise<ServiceMessageResponse> {
  return apiPatch<ServiceMessageResponse>(`/services/${encodeURIComponent(id)}`, body);
}

export function useUpdateService() {
  return useInvalidatingMutation(updateService, { keys: serviceViewKeys });
}
