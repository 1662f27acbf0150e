import type { FastifyPluginAsync } from 'fastify';
import { appointmentRoutes } from '../modules/appointments/routes';
import { availabilityRoutes } from '../modules/availability/routes';
import { actAsStaffMember } from '../modules/business/acting-provider';
import { businessRoutes } from '../modules/business/routes';
import { authRoutes } from '../modules/accounts/routes';
import { calendarRoutes } from '../modules/calendar/routes';
import { emailPreferenceRoutes, emailUnsubscribeRoutes } from '../modules/email/routes';
import { catalogueRoutes } from '../modules/catalogue/routes';
import { healthRoutes } from '../modules/health/routes';
import { messageRoutes } from '../modules/messages/routes';
import { notificationRoutes } from '../modules/notifications/routes';
import { paymentRoutes } from '../modules/payments/routes';
import { waitlistRoutes } from '../modules/waitlist/routes';
import { calendarSyncRoutes } from '../modules/calendar-sync/routes';
import { policyRoutes } from '../modules/policies/routes';
import { profileRoutes } from '../modules/accounts/profile-routes';
import { reviewRoutes } from '../modules/reviews/routes';
import { statsRoutes } from '../modules/stats/routes';
import { searchRoutes } from '../modules/discovery/routes';
import { serviceRoutes } from '../modules/catalogue/services-routes';
import { timeslotRoutes } from '../modules/availability/timeslot-routes';

/** Every module's routes, mounted under /api (docs/product.md §10). */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  // The owner's `?providerId=<staff>` (docs/product.md §13.1), after each route's authentication.
  api.addHook('preValidation', actAsStaffMember);
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(profileRoutes);
  await api.register(notificationRoutes);
  await api.register(statsRoutes);
  await api.register(timeslotRoutes);
  await api.register(searchRoutes);
  await api.register(appointmentRoutes);
  await api.register(availabilityRoutes);
  await api.register(reviewRoutes);
  await api.register(messageRoutes);
  await api.register(emailPreferenceRoutes);
  await api.register(emailUnsubscribeRoutes);
  await api.register(calendarRoutes);
  await api.register(catalogueRoutes);
  await api.register(serviceRoutes);
  await api.register(policyRoutes);
  await api.register(businessRoutes);
  await api.register(paymentRoutes);
  await api.register(waitlistRoutes);
  await api.register(calendarSyncRoutes);
};
