import type {
  DeleteAccountInput,
  deleteAccountResponseSchema,
} from '@slotwise/shared/personal-data-schemas';
import type { z } from '@slotwise/shared/zod';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/**
 * DELETE /account {password} → 200 {message: 'Your account has been deleted'} (docs/product.md
 * §19.5); a wrong password → 400 with `fieldErrors.password`. Every session ends with it.
 */
export function deleteAccount(body: DeleteAccountInput): Promise<DeleteAccountResponse> {
  return apiRequest<DeleteAccountResponse>('DELETE', '/account', body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
