import { translate } from '../../../lib/i18n';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { apiGet } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { rangeSearch } from './get-earnings';

export interface CsvRange {
  from: string;
  to: string;
}

/** GET /payments/earnings.csv?from&to: the ledger rows of the range (docs/product.md §16). */
export function fetchEarningsCsv(range: CsvRange): Promise<string> {
  return apiGet<string>(`/payments/earnings.csv?${rangeSearch(range)}`, {
    headers: { Accept: 'text/csv' },
  });
}

/** Hands `text` to the browser as a downloaded file (the API needs the token). */
function saveFile(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Download CSV': `earnings-<from>-<to>.csv`. */
export function useDownloadEarningsCsv() {
  return useMutation({
    mutationFn: fetchEarningsCsv,
    onSuccess: (text, range) => saveFile(text, `earnings-${range.from}-${range.to}.csv`),
    onError: (error) => {
      toast.error(failureMessage(error, translate('Could not download the CSV file')));
    },
  });
}
