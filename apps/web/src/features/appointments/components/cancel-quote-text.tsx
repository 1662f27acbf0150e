import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { useCancelQuote } from '../api/get-cancel-quote';

/**
 * What cancelling now keeps and refunds, as the server words it (docs/decisions/068-payments.md),
 * read when the confirmation opens so the client sees it before confirming.
 */
export function CancelQuoteText({ appointmentId }: { appointmentId: string }) {
  const quote = useCancelQuote(appointmentId);
  const text = quote.data
    ? quote.data.text
    : quote.isError
      ? PAYMENT_TEXTS.quoteFailed
      : PAYMENT_TEXTS.quoteLoading;
  return (
    <span role="status" className="mt-2 block font-medium text-slate-900">
      {text}
    </span>
  );
}
