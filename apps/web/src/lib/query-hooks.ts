import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * The body every api/ file would repeat (docs/architecture.md §5: one file per endpoint keeps
 * its fetcher, hook and keys; only this part is shared).
 */

/** A fetcher that takes nothing but the abort signal. */
export type SignalFetcher<TData> = (signal?: AbortSignal) => Promise<TData>;

/** `useQuery` over a signal-only fetcher, cached under `queryKey`. */
export function useFetcherQuery<TData, TSelected = TData>(
  queryKey: QueryKey,
  fetcher: SignalFetcher<TData>,
  options: Omit<UseQueryOptions<TData, Error, TSelected>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<TData, Error, TSelected>({
    queryKey,
    queryFn: ({ signal }) => fetcher(signal),
    ...options,
  });
}

export interface InvalidateOptions<TVariables> {
  /** The keys the mutation changes (docs/architecture.md §6), or a function of its variables. */
  keys: readonly QueryKey[] | ((variables: TVariables) => readonly QueryKey[]);
  /** 'settled': refetch either way (a failure may also mean the data changed meanwhile). */
  when?: 'success' | 'settled';
}

/**
 * A mutation that invalidates `keys` afterwards; the returned promise (and `mutateAsync`) waits
 * for the refetches.
 */
export function useInvalidatingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  { keys, when = 'success' }: InvalidateOptions<TVariables>,
) {
  const queryClient = useQueryClient();
  const invalidate = (variables: TVariables) =>
    Promise.all(
      (typeof keys === 'function' ? keys(variables) : keys).map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn,
    onSuccess: when === 'success' ? (_data, variables) => invalidate(variables) : undefined,
    onSettled: when === 'settled' ? (_data, _error, variables) => invalidate(variables) : undefined,
  });
}

/**
 * A mutation whose answer is the new value of `queryKey`: stored at once (`pick` maps the answer
 * to what the key caches), then refetched in the background.
 */
export function useStoringMutation<TData, TVariables = void, TStored = TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKey: QueryKey,
  pick: (data: TData) => TStored = (data) => data as unknown as TStored,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, pick(data));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/**
 * A save whose answer is the new value of `queryKey` (stored at once; `pick` maps the answer to
 * what the key caches) and that changes what `refresh` lists: those are refetched before the
 * save settles.
 */
export function useSaveMutation<TData, TVariables, TStored>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKey: QueryKey,
  pick: (data: TData) => TStored,
  refresh: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, pick(data));
      return Promise.all(refresh.map((key) => queryClient.invalidateQueries({ queryKey: key })));
    },
  });
}
