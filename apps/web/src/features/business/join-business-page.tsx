import { translate, useTranslation } from '../../lib/i18n';
import { BUSINESS_MESSAGES, BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageSection } from '../../components/page-section';
import { ApiError } from '../../lib/api-client';
import { failureMessage } from '../../lib/failure-message';
import { useSession } from '../../lib/session';
import { useAcceptInvitation } from './api/accept-invitation';

/** The server's refusal in the product's words (docs/product.md §13.1). */
function refusalText(error: unknown): string {
  const t = translate;
  if (error instanceof ApiError) {
    if (error.status === 404) return t(BUSINESS_MESSAGES.invitationNotFound);
    if (error.code === 'INVITATION_EXPIRED') return t(BUSINESS_MESSAGES.invitationExpired);
    if (error.code === 'INVITATION_USED') return t(BUSINESS_MESSAGES.invitationUsed);
    if (error.code === 'ALREADY_IN_BUSINESS') return t(BUSINESS_MESSAGES.alreadyInBusiness);
  }
  return failureMessage(error, t(BUSINESS_MESSAGES.invitationNotFound));
}

/**
 * /business/join?token=… (docs/product.md §13.1): the mailed invitation link. Signed out, the
 * route guard sends the visitor to sign in and back here; a provider joins with one button.
 */
export function JoinBusinessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { session } = useSession();
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);

  const onJoin = async () => {
    setFailure(null);
    try {
      await accept.mutateAsync(token);
    } catch (error) {
      setFailure(refusalText(error));
    }
  };

  let content;
  if (accept.isSuccess) {
    content = (
      <div role="status" className="mt-4 space-y-3">
        <p className="font-medium text-emerald-800">{t(BUSINESS_MESSAGES.invitationAccepted)}</p>
        <p className="text-slate-700">{BUSINESS_TEXTS.memberOf(accept.data.business.name, t)}</p>
        <Link
          to="/dashboard/profile"
          className="inline-block font-semibold text-indigo-700 underline"
        >
          {t(BUSINESS_TEXTS.goToProfile)}
        </Link>
      </div>
    );
  } else if (!token) {
    content = (
      <p role="alert" className="mt-4 text-red-700">
        {t(BUSINESS_MESSAGES.tokenRequired)}
      </p>
    );
  } else if (session?.role !== 'provider') {
    content = <p className="mt-4 text-slate-700">{t(BUSINESS_TEXTS.joinProvidersOnly)}</p>;
  } else {
    content = (
      <div className="mt-4 space-y-3">
        <p className="text-slate-700">{t(BUSINESS_TEXTS.joinIntro)}</p>
        <button
          type="button"
          onClick={() => void onJoin()}
          disabled={accept.isPending}
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {accept.isPending ? t(BUSINESS_TEXTS.joining) : t(BUSINESS_TEXTS.joinButton)}
        </button>
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <PageSection
      titleId="join-business-title"
      title={t(BUSINESS_TEXTS.joinTitle)}
      width="max-w-2xl"
    >
      {content}
    </PageSection>
  );
}
