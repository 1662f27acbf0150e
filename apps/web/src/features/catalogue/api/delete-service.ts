import type { Service } from '@slotwise/shared/catalogue-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { invalidateServiceViews } from '../invalidate-service-views';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => invalidateServiceViews(queryClient),
  });
}
