import type { CreateServiceBody, Service } from '@slotwise/shared/catalogue-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateServiceViews } from '../invalidate-service-views';

export interface ServiceMessageResponse {
  message: string;
  service: Service;
}

/** POST /services {name, duration_minutes, price_cents, currency, description?} → 201. */
export function createService(body: CreateServiceBody): Promise<ServiceMessageResponse> {
  return apiPost<ServiceMessageResponse>('/services', body);
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => invalidateServiceViews(queryClient),
  });
}
