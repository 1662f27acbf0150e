import type { OwnBusiness } from '@slotwise/shared/business-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useStoringMutation } from '../../../lib/query-hooks';

export interface AcceptInvitationAnswer {
  message: string;
  business: OwnBusiness;
}

/**
 * POST /business/invitations/accept {token} → 200 {business}; 404 unknown token, 409
 * INVITATION_EXPIRED, INVITATION_USED or ALREADY_IN_BUSINESS (docs/product.md §13.1).
 */
export function acceptInvitation(token: string): Promise<AcceptInvitationAnswer> {
  return apiPost<AcceptInvitationAnswer>('/business/invitations/accept', { token });
}

/** The provider's business is the one joined. */
export function useAcceptInvitation() {
  return useStoringMutation(acceptInvitation, queryKeys.business, ({ business }) => ({
    business,
  }));
}
