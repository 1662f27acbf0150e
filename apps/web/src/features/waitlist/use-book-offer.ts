import { translate } from '../../lib/i18n';
import type { ClientAppointmentMessageResponse } from '@slotwise/shared/appointments-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../lib/failure-message';
import { useAcceptOffer } from './api/accept-offer';

/**
 * 'Book it' in one click (docs/decisions/069-waitlist.md): accepts the offer; a service that
 * takes money goes on to its checkout, as booking does (docs/product.md §16); else the answer's
 * message is toasted. A refusal (run out, closed, held for someone else) is toasted too; the
 * offers are read again either way. Resolves to the appointment, or null when refused.
 */
export function useBookOffer() {
  const accept = useAcceptOffer();
  const navigate = useNavigate();

  const book = async (
    offerId: string,
  ): Promise<ClientAppointmentMessageResponse['appointment'] | null> => {
    try {
      const { message, appointment } = await accept.mutateAsync(offerId);
      const checkoutUrl = appointment.payment?.checkout_url;
      if (appointment.status === 'pending_payment' && checkoutUrl) {
        if (/^https?:\/\//.test(checkoutUrl)) window.location.assign(checkoutUrl);
        else void navigate(checkoutUrl);
      } else {
        toast.success(message);
      }
      return appointment;
    } catch (error) {
      toast.error(failureMessage(error, translate(WAITLIST_TEXTS.bookFailed)));
      return null;
    }
  };

  return {
    book,
    isPending: accept.isPending,
    pendingId: accept.isPending ? accept.variables : null,
  };
}
