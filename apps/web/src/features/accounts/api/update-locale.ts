import type { Locale } from '@slotwise/shared/locales';
import { useMutation } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';

/** The answer's profile carries the saved language (docs/product.md §21.1). */
export interface UpdateLocaleResponse {
  message: string;
  profile: { locale: Locale | null };
}

/**
 * PATCH /profile/update {locale} (docs/product.md §21.1): a body with only `locale` saves the
 * account's language and nothing else, so it follows the person to their other devices.
 */
export function updateLocale(locale: Locale): Promise<UpdateLocaleResponse> {
  return apiPatch<UpdateLocaleResponse>('/profile/update', { locale });
}

/** No query to refresh: switching the language already invalidates every query. */
export function useUpdateLocale() {
  return useMutation({ mutationFn: updateLocale });
}
