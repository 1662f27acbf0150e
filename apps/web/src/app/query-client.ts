import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

const MAX_RETRIES = 2;

function logError(error: unknown) {
  // docs/product.md §8: a generic API failure is logged and rethrown (the caller shows it).
  console.error('[api]', error instanceof Error ? error.message : error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logError }),
    mutationCache: new MutationCache({ onError: logError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network and 5xx errors get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}
