import type { AccountExport } from '@slotwise/shared/personal-data-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /account/export (docs/product.md §19.5): everything stored about the caller, as one JSON
 * document.
 */
export function fetchAccountExport(): Promise<AccountExport> {
  return apiGet<AccountExport>('/account/export');
}

/** Hands the document to the browser as `slotwise-data-<date>.json` (the API needs the token). */
export function saveExport(data: AccountExport): void {
  const day = (data.exported_at || new Date().toISOString()).slice(0, 10);
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = `slotwise-data-${day}.json`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Download my data'. */
export function useDownloadAccountExport() {
  return useMutation({ mutationFn: fetchAccountExport, onSuccess: saveExport });
}
