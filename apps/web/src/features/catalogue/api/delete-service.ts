import type { Service } from '@slotwise/shared/catalogue-schemas';
import { apiDelete } from '../../../lib/api-client';
import { serviceViewKeys } from '../invalidate-service-views';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface DeleteServiceResponse {
  message: string;
  /** True when the service had bookings and was archived rather than deleted. */
  archived: boolean;
  service: Service | null;
}

/** DELETE /services/:id: deleted, or archived when an appointment ever named it. */
export function deleteService(id: string): Promise<DeleteServiceResponse> {
  return apiDelete<DeleteServiceResponse>(`/services/${encodeURIComponent(id)}`);
}

export function useDeleteService() {
  return useInvalidatingMutation(deleteService, { keys: serviceViewKeys });
}
