import { useTranslation } from '../../../lib/i18n';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fullName } from '../../../lib/full-name';
import { withNext } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';
import { useLocalToday } from '../../../lib/use-local-today';
import { useAvailableSlots } from '../../availability/api/get-available-slots';
import { useProvider } from '../../discovery/api/get-provider';

const ACTION =
  'rounded-md border border-indigo-300 bg-white px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50';

// The dialog and its form come with the first click (docs/decisions/080-page-weight.md).
const JoinWaitlistDialog = lazy(() =>
  import('./join-waitlist-dialog').then((module) => ({ default: module.JoinWaitlistDialog })),
);

/**
 * 'Join the waitlist' on a provider's page (docs/product.md §17): always offered as a link under
 * the times, and said out loud when the loaded days hold no free time. A signed-in client opens
 * the form; a signed-out visitor is sent to sign in and back here; a provider sees nothing.
 */
export function JoinWaitlist({
  providerId,
  watchFreeTimes = true,
}: {
  providerId: string;
  /** Read the provider's free times to say so when there is none (false: a plain link). */
  watchFreeTimes?: boolean;
}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const { pathname, search } = useLocation();
  const provider = useProvider(providerId);
  // The same query (and cache) as the page's list of times.
  const slots = useAvailableSlots(providerId, watchFreeTimes);
  const today = useLocalToday();
  const [open, setOpen] = useState(false);

  if (session && session.role !== 'client') return null;
  const details = provider.data;
  const noFreeTime = slots.isSuccess && slots.data.length === 0 && !slots.hasNextPage;

  const action = session ? (
    <button type="button" onClick={() => setOpen(true)} className={ACTION}>
      {t(WAITLIST_TEXTS.join)}
    </button>
  ) : (
    <Link to={withNext('/login', `${pathname}${search}`)} className={ACTION}>
      {t(WAITLIST_TEXTS.signInToJoin)}
    </Link>
  );

  return (
    <div
      className={
        noFreeTime
          ? 'mt-4 rounded-md border border-indigo-200 bg-indigo-50 p-3'
          : 'mt-4 flex flex-wrap items-center gap-2'
      }
    >
      <p className={noFreeTime ? 'mb-2 text-sm text-slate-800' : 'text-sm text-slate-700'}>
        {noFreeTime ? t(WAITLIST_TEXTS.noFreeTime) : t(WAITLIST_TEXTS.noTimeSuits)}
      </p>
      {action}
      {open && details ? (
        <Suspense fallback={null}>
          <JoinWaitlistDialog
            providerId={providerId}
            providerName={fullName(details.firstName, details.lastName)}
            services={details.services}
            firstDate={today}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
