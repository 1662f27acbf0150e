import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { apiGet } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';

/** GET /appointment/:id/ics (docs/product.md §14.4): the appointment as an iCalendar file. */
export function fetchAppointmentIcs(appointmentId: string): Promise<string> {
  return apiGet<string>(`/appointment/${encodeURIComponent(appointmentId)}/ics`, {
    headers: { Accept: 'text/calendar' },
  });
}

/** Hands `text` to the browser as a downloaded file (the API needs the token, so no plain link). */
function saveFile(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 'Add to calendar': downloads `appointment-<id>.ics`. */
export function useDownloadAppointmentIcs() {
  return useMutation({
    mutationFn: fetchAppointmentIcs,
    onSuccess: (text, appointmentId) =>
      saveFile(text, `appointment-${appointmentId}.ics`, 'text/calendar'),
    onError: (error) => {
      toast.error(failureMessage(error, 'Could not download the calendar file'));
    },
  });
}
