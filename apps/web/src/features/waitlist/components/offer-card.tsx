import { useTranslation } from '../../../lib/i18n';
import { WAITLIST_MESSAGES, type WaitlistOffer } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../../lib/failure-message';
import { useDeclineOffer } from '../api/decline-offer';
import { offerText } from '../offer-text';
import { useBookOffer } from '../use-book-offer';
import { OfferCountdown } from './offer-countdown';
import { OfferExpiredLine } from './offer-expired-line';

export const BOOK_BUTTON =
  'rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60';
const DECLINE_BUTTON =
  'rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * An open offer on /waitlist (docs/decisions/069-waitlist.md): what is held, the time left, and
 * 'Book it' (one click books it) or 'Decline' (the time passes on).
 */
export function OfferCard({ offer }: { offer: WaitlistOffer }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { book, pendingId } = useBookOffer();
  const decline = useDeclineOffer();
  const what = offerText(offer);
  const busy = pendingId === offer.id || decline.isPending;

  const onDecline = async () => {
    try {
      const answer = await decline.mutateAsync(offer.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, t(WAITLIST_TEXTS.declineFailed)));
    }
  };

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 shadow-sm"
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {t(WAITLIST_MESSAGES.offerTitle)}
      </h3>
      <p className="mt-1 text-sm text-slate-800">{what}</p>
      <div className="mt-2 space-y-2">
        <OfferCountdown expiresAt={offer.expires_at}>
          {(left) =>
            left > 0 ? (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void book(offer.id)}
                  aria-label={`${t(WAITLIST_TEXTS.bookIt)}: ${what}`}
                  className={BOOK_BUTTON}
                >
                  {pendingId === offer.id ? t(WAITLIST_TEXTS.booking) : t(WAITLIST_TEXTS.bookIt)}
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void onDecline()}
                  aria-label={`${t(WAITLIST_TEXTS.decline)}: ${what}`}
                  className={DECLINE_BUTTON}
                >
                  {decline.isPending ? t(WAITLIST_TEXTS.declining) : t(WAITLIST_TEXTS.decline)}
                </button>
              </div>
            ) : (
              <OfferExpiredLine />
            )
          }
        </OfferCountdown>
      </div>
    </article>
  );
}
