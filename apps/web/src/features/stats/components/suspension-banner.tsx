import { useTranslation } from '../../../lib/i18n';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { useProfile } from '../../accounts/api/get-profile';
import { suspensionOf } from '../suspension';

/**
 * A suspended provider's dashboard says so, and why (docs/product.md §19.4): the operator's note
 * and how to appeal. Nothing while the provider is listed.
 */
export function SuspensionBanner() {
  const { t } = useTranslation();
  const profile = useProfile();
  const suspension = suspensionOf(profile.data);
  if (!suspension) return null;
  return (
    <section
      role="alert"
      aria-labelledby="suspension-title"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
    >
      <h2 id="suspension-title" className="text-base font-semibold">
        {t(MODERATION_TEXTS.suspendedTitle)}
      </h2>
      <p className="mt-1 text-sm">{t(MODERATION_TEXTS.suspendedBody)}</p>
      <p className="mt-2 text-sm">
        <span className="font-semibold">{t(MODERATION_TEXTS.suspendedReason)}: </span>
        <span className="break-words whitespace-pre-line">{suspension.note}</span>
      </p>
    </section>
  );
}
