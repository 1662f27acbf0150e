import { useTranslation } from '../../../lib/i18n';
import { countdownText } from '@slotwise/shared/payments-texts';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import type { ReactNode } from 'react';
import { useSecondsLeft } from '../../../lib/use-seconds-left';

/**
 * 'Time left 9:42' until an offer's hold runs out, ticking each second; `children(secondsLeft)`
 * renders what depends on it (the buttons go once it reaches 0).
 */
export function OfferCountdown({
  expiresAt,
  children,
}: {
  expiresAt: string;
  children?: (secondsLeft: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const left = useSecondsLeft(expiresAt);
  return (
    <>
      <p className="text-sm text-slate-700">
        {t(WAITLIST_TEXTS.timeLeft)}{' '}
        <span role="timer" className="font-semibold tabular-nums text-slate-900">
          {countdownText(left)}
        </span>
      </p>
      {children?.(left)}
    </>
  );
}
