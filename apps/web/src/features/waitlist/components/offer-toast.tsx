import { useTranslation } from '../../../lib/i18n';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { Link } from 'react-router';
import { useWaitlistOffers } from '../api/get-waitlist-offers';
import { offerText } from '../offer-text';
import { useBookOffer } from '../use-book-offer';
import { BOOK_BUTTON } from './offer-card';
import { OfferCountdown } from './offer-countdown';

/**
 * The live 'Slot Available' toast (socket `waitlist_offer`, docs/decisions/069-waitlist.md): what
 * is held once the offers are read, the time left, and 'Book it' (one click books it; the toast
 * then closes). The offer stays on /waitlist, linked here.
 */
export function OfferToast({
  offerId,
  expiresAt,
  closeToast,
}: {
  offerId: string;
  expiresAt: string;
  closeToast: () => void;
}) {
  const { t } = useTranslation();
  const offers = useWaitlistOffers();
  const offer = offers.data?.find((candidate) => candidate.id === offerId) ?? null;
  const { book, pendingId } = useBookOffer();
  const busy = pendingId === offerId;

  const onBook = async () => {
    if (await book(offerId)) closeToast();
  };

  return (
    <div className="space-y-1">
      <p className="font-semibold">{t(WAITLIST_MESSAGES.offerTitle)}</p>
      <p className="text-sm">{offer ? offerText(offer) : t(WAITLIST_TEXTS.liveOfferMessage)}</p>
      <OfferCountdown expiresAt={offer?.expires_at ?? expiresAt}>
        {(left) =>
          left > 0 ? (
            <div className="flex flex-wrap items-center gap-3 pt-1">
              <button
                type="button"
                disabled={busy}
                onClick={() => void onBook()}
                className={BOOK_BUTTON}
              >
                {busy ? t(WAITLIST_TEXTS.booking) : t(WAITLIST_TEXTS.bookIt)}
              </button>
              <Link
                to="/waitlist"
                onClick={closeToast}
                className="text-sm font-medium text-indigo-700 underline"
              >
                {t(WAITLIST_TEXTS.pageTitle)}
              </Link>
            </div>
          ) : (
            <p className="text-sm">{t(WAITLIST_MESSAGES.offerExpired)}</p>
          )
        }
      </OfferCountdown>
    </div>
  );
}
