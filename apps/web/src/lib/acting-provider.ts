import { useSearchParams } from 'react-router';

/**
 * The staff member a business owner is looking at (docs/product.md §13.1): the provider pages
 * (Time Slots, Appointments, Dashboard, Analytics) read `?staff=<providerId>` from the URL, so a
 * reload keeps the choice, and their API calls then carry `?providerId=<staff>`. Without it (or
 * with something that is not a provider id) they act on the signed-in provider's own records.
 * The owner's switcher sets it; app/ removes it for anyone else.
 */

export const STAFF_PARAM = 'staff';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The provider id in `?staff=`, or null (the signed-in provider). */
export function actingProviderOf(params: URLSearchParams): string | null {
  const value = params.get(STAFF_PARAM);
  return value && UUID.test(value) ? value : null;
}

/** The staff member this page acts for, or null for the signed-in provider. */
export function useActingProvider(): string | null {
  const [params] = useSearchParams();
  return actingProviderOf(params);
}

/** `path` with `providerId=` added to its query when acting for a staff member. */
export function withProviderId(path: string, providerId: string | null): string {
  if (!providerId) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}providerId=${encodeURIComponent(providerId)}`;
}
