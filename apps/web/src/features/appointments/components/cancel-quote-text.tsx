import { useTranslation } from '../../../lib/i18n';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { useCancelQuote } from '../api/get-cancel-quote';

/**
 * What cancelling now keeps and refunds, as the server words it (docs/decisions/068-payments.md),
 * read when the confirmation opens so the client sees it before confirming.
 */
export function CancelQuoteText({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const quote = useCancelQuote(appointmentId);
  const text = quote.data
    ? quote.data.text
    : quote.isError
      ? t(PAYMENT_TEXTS.quoteFailed)
      : t(PAYMENT_TEXTS.quoteLoading);
  return (
    <span role="status" className="mt-2 block font-medium text-slate-900">
      {text}
    </span>
  );
}
