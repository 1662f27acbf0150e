import { useSession } from '../../lib/session';
import { SpecialistsCarousel } from '../../features/discovery/components/specialists-carousel';
import { ReviewPrompts } from '../../features/reviews/components/review-prompts';
import { TodaysAppointments } from '../../features/appointments/components/todays-appointments';

/** docs/product.md §2 client home (/client): today's appointments and the specialists carousel. */
export function ClientHomePage() {
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <title>Home · Slotwise</title>
      <h1 className="text-2xl font-bold break-words text-slate-900">
        {user?.firstName ? `Welcome, ${user.firstName}` : 'Welcome'}
      </h1>
      <ReviewPrompts />
      <TodaysAppointments />
      <SpecialistsCarousel />
    </div>
  );
}
