import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /push/public-key → `{key}`: the VAPID public key, base64url (docs/product.md §20.2). */
export async function fetchPushPublicKey(): Promise<string> {
  const { key } = await apiGet<{ key: string }>('/push/public-key');
  return key;
}

/** The key query, for `queryClient.fetchQuery`: it never changes while the page lives. */
export const pushPublicKeyQuery = {
  queryKey: queryKeys.pushPublicKey,
  queryFn: fetchPushPublicKey,
  staleTime: Infinity,
} as const;
