import type { UpdateServiceBody } from '@slotwise/shared/catalogue-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import type { ServiceMessageResponse } from './create-service';
import { invalidateServiceViews } from '../invalidate-service-views';

export interface UpdateServiceInput {
  id: string;
  body: UpdateServiceBody;
}

/** PATCH /services/:id with the changed fields only → {message, service}. */
export function updateService({ id, body }: UpdateServiceInput): Promise<ServiceMessageResponse> {
  return apiPatch<ServiceMessageResponse>(`/services/${encodeURIComponent(id)}`, body);
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => invalidateServiceViews(queryClient),
  });
}
