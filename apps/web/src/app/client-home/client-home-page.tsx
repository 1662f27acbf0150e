import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { SpecialistsCarousel } from '../../features/discovery/components/specialists-carousel';
import { ReviewPrompts } from '../../features/reviews/components/review-prompts';
import { TodaysAppointments } from '../../features/appointments/components/todays-appointments';
import { NextAppointmentCard } from './next-appointment-card';

/**
 * docs/product.md §2 client home (/client), arranged as §14.4: the next appointment first, one
 * collapsed review prompt, then today's appointments and the specialists carousel.
 */
export function ClientHomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>{t('Home · Slotwise')}</title>
      <h1 className="text-2xl font-bold break-words text-slate-900">
        {user?.firstName ? t('Welcome, {{name}}', { name: user.firstName }) : t('Welcome')}
      </h1>
      <NextAppointmentCard />
      <ReviewPrompts />
      <TodaysAppointments />
      <SpecialistsCarousel />
    </div>
  );
}
