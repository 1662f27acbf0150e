import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../../lib/i18n';
import type { Profile } from '@slotwise/shared/accounts-types';
import { MESSAGES } from '@slotwise/shared/texts';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Avatar } from '../../components/avatar';
import { formatDate, localDateKey } from '../../lib/date-time-format';
import { useProfile } from './api/get-profile';
import { UpdateProfileModal } from './components/update-profile-modal';
import { BookingPolicySection } from './components/booking-policy-section';
import { LoadFailed } from '../../components/load-failed';
import { MailAndCalendarSettings } from './components/mail-and-calendar-settings';

/** docs/product.md §2 Provider profile (/dashboard/profile, sidebar label Settings). */
export function ProviderProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const data = profile.data;

  // docs/product.md §8: toasts for the fetch (ids keep one toast per outcome, e.g. under StrictMode).
  const failed = profile.isError && !data;
  useEffect(() => {
    if (failed) toast.error(t(MESSAGES.fetchProfileFailed), { toastId: 'profile-fetch-failed' });
  }, [failed, t]);
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) toast.success(t(MESSAGES.profileFetched), { toastId: 'profile-fetched' });
  }, [loaded, t]);

  return (
    <section aria-labelledby="profile-title" className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
      <title>{t('Settings · Slotwise')}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="profile-title" className="text-2xl font-bold text-slate-900">
          {t('Profile Information')}
        </h1>
        <button
          type="button"
          onClick={() => setEditing(true)}
          disabled={!data}
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t('Update Profile')}
        </button>
      </div>

      <div className="mt-6">
        {data ? (
          <ProfileCard profile={data} />
        ) : failed ? (
          <LoadFailed onRetry={() => void profile.refetch()}>
            {t(MESSAGES.loadProfileFailed)}
          </LoadFailed>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            {t(MESSAGES.loadingProfile)}
          </p>
        )}
      </div>

      <MailAndCalendarSettings />
      {data?.role === 'provider' ? <BookingPolicySection /> : null}

      {editing && data ? (
        <UpdateProfileModal profile={data} onClose={() => setEditing(false)} />
      ) : null}
    </section>
  );
}

const ROLE_NAMES: Partial<Record<string, string>> = {
  provider: msg('Provider'),
  client: msg('Client'),
};

/** The role as the badge names it, in the screen's language (other roles as stored). */
function roleName(role: string, t: (key: string) => string): string {
  const name = ROLE_NAMES[role];
  return name ? t(name) : role;
}

function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const fullName =
    `${profile.firstName} ${profile.lastName === '-' ? '' : profile.lastName}`.trim();
  const details =
    profile.role === 'provider' ? (profile.providerDetails ?? { specialty: null, bio: '' }) : null;
  // docs/product.md §2: the 'Last updated' line shows today's date.
  const today = formatDate(localDateKey());

  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
        <Avatar
          src={profile.profileImageUrl}
          name={fullName}
          alt={t('Profile picture')}
          fallback="image"
          size="xl"
        />
        <div className="min-w-0">
          <span className="inline-block rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-indigo-800">
            {roleName(profile.role, t).toUpperCase()}
          </span>
          <h2 className="mt-1 text-xl font-semibold break-words text-slate-900">{fullName}</h2>
          <p className="text-sm break-words text-slate-600">{profile.email}</p>
        </div>
      </div>

      {details ? (
        <dl className="mt-6 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm font-medium text-slate-600">{t('Specialty')}</dt>
          <dd className="-mt-3 text-sm break-words text-slate-900 sm:mt-0">
            {details.specialty || t('Not specified')}
          </dd>
          <dt className="text-sm font-medium text-slate-600">{t('Bio')}</dt>
          <dd className="-mt-3 text-sm break-words whitespace-pre-line text-slate-900 sm:mt-0">
            {details.bio || t('No bio available')}
          </dd>
        </dl>
      ) : null}

      <p className="mt-6 text-xs text-slate-600">{t('Last updated: {{date}}', { date: today })}</p>
    </article>
  );
}
