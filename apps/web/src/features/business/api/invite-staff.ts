import type { BusinessInvitation, InviteStaffBody } from '@slotwise/shared/business-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface InvitationAnswer {
  message: string;
  invitation: BusinessInvitation;
}

/**
 * POST /business/invitations {email} → 201 {invitation}: the server mails a single-use link to
 * /business/join (docs/product.md §13.1).
 */
export function inviteStaff(body: InviteStaffBody): Promise<InvitationAnswer> {
  return apiPost<InvitationAnswer>('/business/invitations', body);
}

/** The pending invitations are part of the business. */
export function useInviteStaff() {
  return useInvalidatingMutation(inviteStaff, { keys: [queryKeys.business] });
}
