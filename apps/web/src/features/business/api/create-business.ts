import type { CreateBusinessBody, OwnBusiness } from '@slotwise/shared/business-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useStoringMutation } from '../../../lib/query-hooks';

export interface BusinessAnswer {
  message: string;
  business: OwnBusiness;
}

/** POST /business {name} → 201 {business}; 409 ALREADY_IN_BUSINESS (docs/product.md §13.1). */
export function createBusiness(body: CreateBusinessBody): Promise<BusinessAnswer> {
  return apiPost<BusinessAnswer>('/business', body);
}

/** The answer is the new business: stored at once under ['business']. */
export function useCreateBusiness() {
  return useStoringMutation(createBusiness, queryKeys.business, ({ business }) => ({ business }));
}
