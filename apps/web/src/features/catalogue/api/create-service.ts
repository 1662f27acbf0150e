import type { CreateServiceBody, Service } from '@slotwise/shared/catalogue-schemas';
import { apiPost } from '../../../lib/api-client';
import { serviceViewKeys } from '../invalidate-service-views';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface ServiceMessageResponse {
  message: string;
  service: Service;
}

/**
 * POST /services {name, duration_minutes, price_cents, currency, description?, resource_id?} →
 * 201 (`resource_id`: docs/product.md §13.1).
 */
export function createService(body: CreateServiceBody): Promise<ServiceMessageResponse> {
  return apiPost<ServiceMessageResponse>('/services', body);
}

export function useCreateService() {
  return useInvalidatingMutation(createService, { keys: serviceViewKeys });
}
