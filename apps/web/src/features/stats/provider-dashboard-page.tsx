import { useTranslation } from '../../lib/i18n';
import type { ProviderStats } from '@slotwise/shared/stats-types';
import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CardSection } from '../../components/card-section';
import { PageSection } from '../../components/page-section';
import { useUnreadMessageCount } from '../messages/api/get-unread-message-count';
import { useProviderAppointments } from '../appointments/api/get-provider-appointments';
import { useProviderStats, type ProviderStatsResponse } from './api/get-stats';
import { formatNumber } from '../../lib/date-time-format';
import { useLocalToday } from '../../lib/use-local-today';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSession } from '../../lib/session';
import { useActingProvider } from '../../lib/acting-provider';
import { nextUp, todaysAppointments } from './local-date';
import { TODAY_COUNT_CAPTION } from './today-count';
import { NextUp } from './components/next-up';
import { ReviewReplies } from './components/review-replies';
import { StatCard } from './components/stat-card';
import { SuspensionBanner } from './components/suspension-banner';
import { TodaysAppointments } from './components/todays-appointments';
import { TrustFigures } from './components/trust-figures';
import { WaitlistFigure } from './components/waitlist-figure';
import { WeeklySummary } from './components/weekly-summary';
import { weeklySlices } from './weekly-summary-data';
import { msg } from '@slotwise/shared/locales';

/** What the page shows when the stats cannot be fetched (docs/product.md §8: zero values). */
const ZERO_STATS: ProviderStats = {
  todayCount: 0,
  todayChange: 0,
  avgDuration: 0,
  durationChange: 0,
  completionRate: 0,
  completionChange: 0,
  bookedThisWeek: 0,
  canceledThisWeek: 0,
  rescheduledThisWeek: 0,
};

const QUICK_ACTIONS = [
  { to: '/messages', label: msg('Respond to Messages') },
  { to: '/dashboard/timeslots', label: msg('Manage Availability') },
  { to: '/dashboard/profile', label: msg('Update Profile') },
  { to: '/stats', label: msg('View Full Analytics') },
] as const;

/** Below Tailwind's `sm`: today's appointments come before the stat cards (§14.3). */
const PHONE_QUERY = '(max-width: 639px)';

/**
 * docs/product.md §2 Provider dashboard (/dashboard), arranged as §14.3: "Next up" first, the
 * three stat cards (the first counting exactly the list of today's appointments), the reviews to
 * answer behind one disclosure; on a phone today's appointments come before the stat cards.
 * Appointments and stats are fetched together (two parallel queries); a failure of either is
 * logged only (by the query cache) and the page shows zero values for it (docs/product.md §8).
 * Live events refresh both through query invalidation (app/realtime-provider.tsx). `reviews`:
 * the provider's reviews with replies, composed in by app/ (features/reviews).
 */
export function ProviderDashboardPage({
  reviews = null,
  noShowDialog,
}: {
  reviews?: ReactNode;
  /** The 'Mark as no-show' confirmation (features/appointments), composed in by app/. */
  noShowDialog?: (appointment: ProviderAppointment, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [noShow, setNoShow] = useState<ProviderAppointment | null>(null);
  const appointmentsQuery = useProviderAppointments();
  const statsQuery = useProviderStats();
  const todayKey = useLocalToday();
  const phone = useMediaQuery(PHONE_QUERY, false);
  const { session } = useSession();
  // The waitlist is the signed-in provider's own, not a staff member's (docs/product.md §17).
  const actingFor = useActingProvider();
  const loading = appointmentsQuery.isPending || statsQuery.isPending;

  const stats: ProviderStatsResponse['stats'] = statsQuery.data?.stats ?? ZERO_STATS;
  const all = appointmentsQuery.data?.appointments ?? [];
  const today = todaysAppointments(all, todayKey);

  const statCards = (
    <section aria-labelledby="dashboard-stats-title">
      <h2 id="dashboard-stats-title" className="sr-only">
        {t('Today at a glance')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={t("Today's Appointments")}
          value={formatNumber(today.length)}
          change={stats.todayChange}
          caption={t(TODAY_COUNT_CAPTION)}
        />
        <StatCard
          label={t('Average Duration')}
          value={t('{{minutes}} min', { minutes: formatNumber(stats.avgDuration) })}
          change={stats.durationChange}
        />
        <StatCard
          label={t('Succesful Booking Rate')}
          value={t('{{percent}}%', { percent: formatNumber(stats.completionRate) })}
          change={stats.completionChange}
        />
      </div>
    </section>
  );
  const todayList = (
    <TodaysAppointments appointments={today} onNoShow={noShowDialog ? setNoShow : undefined} />
  );
  const weeklySummary = (
    <CardSection titleId="weekly-summary-title" title={t('Weekly Summary')} headingClassName="mb-4">
      <WeeklySummary slices={weeklySlices(stats)} />
    </CardSection>
  );

  return (
    <PageSection
      titleId="dashboard-title"
      title={t('Provider Dashboard')}
      width="max-w-6xl"
      actions={
        <Link
          to="/dashboard/timeslots"
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700"
        >
          {t('Create Availability')}
        </Link>
      }
    >
      {loading ? (
        <p role="status" className="mt-8 text-slate-600">
          {t('Loading dashboard...')}
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {/* A suspended provider is told so, and why (docs/product.md §19.4). */}
          {actingFor ? null : <SuspensionBanner />}
          <NextUp appointment={nextUp(all)} today={todayKey} />
          {phone ? (
            <>
              {todayList}
              {statCards}
            </>
          ) : (
            statCards
          )}

          <TrustFigures
            rating={stats.rating ?? null}
            reviewCount={stats.reviewCount ?? 0}
            noShowRate={stats.noShowRate ?? 0}
          />

          {actingFor ? null : <WaitlistFigure />}

          {phone ? (
            weeklySummary
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              {todayList}
              {weeklySummary}
            </div>
          )}

          <CardSection titleId="quick-actions-title" title={t('Quick Actions')}>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {QUICK_ACTIONS.map((action) => (
                <li key={action.to}>
                  <Link
                    to={action.to}
                    className="block rounded-md border border-slate-200 px-4 py-3 text-sm font-medium text-slate-800 hover:border-indigo-300 hover:bg-indigo-50"
                  >
                    {t(action.label)}
                    {action.to === '/messages' ? <UnreadMessagesCount /> : null}
                  </Link>
                </li>
              ))}
            </ul>
          </CardSection>
          {reviews && session?.providerId ? (
            <ReviewReplies providerId={session.providerId}>{reviews}</ReviewReplies>
          ) : null}
        </div>
      )}
      {noShow && noShowDialog ? noShowDialog(noShow, () => setNoShow(null)) : null}
    </PageSection>
  );
}

/** 'Respond to Messages': how many wait (features/messages), live through its query key. */
function UnreadMessagesCount() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadMessageCount();
  if (unread <= 0) return null;
  return (
    <span className="ms-2 inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
      <span aria-hidden="true">{unread}</span>
      <span className="sr-only">{t('({{count}} unread)', { count: unread })}</span>
    </span>
  );
}
