import { useTranslation } from '../../../lib/i18n';
import type { ReportKind } from '@slotwise/shared/moderation-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/session';

// The dialog and its form come with the first click: pages that show 'Report' load no form code.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * 'Report' on a review, a provider page or a received message (docs/product.md §19.3): for
 * signed-in clients and providers only; nothing for visitors and operators, nor on one's own
 * listing.
 */
export function ReportButton({
  kind,
  targetId,
  label,
  className = 'rounded-md px-2 py-1 text-xs font-medium text-slate-600 underline hover:bg-slate-100 hover:text-slate-900',
}: {
  kind: ReportKind;
  targetId: string;
  /** The accessible name when several buttons share a screen ('Report review by Carl R.'). */
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const [open, setOpen] = useState(false);
  if (!session || (session.role !== 'client' && session.role !== 'provider')) return null;
  if (kind === 'provider' && session.providerId === targetId) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={label} className={className}>
        {t(MODERATION_TEXTS.report)}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
