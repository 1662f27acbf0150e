import type { FastifyPluginAsync } from 'fastify';
import { appointmentRoutes } from './appointments/routes';
import { availabilityRoutes } from './availability/routes';
import { authRoutes } from './accounts/routes';
import { calendarRoutes } from './calendar/routes';
import { emailPreferenceRoutes, emailUnsubscribeRoutes } from './email/routes';
import { catalogueRoutes } from './catalogue/routes';
import { healthRoutes } from './health/routes';
import { messageRoutes } from './messages/routes';
import { notificationRoutes } from './notifications/routes';
import { policyRoutes } from './policies/routes';
import { profileRoutes } from './accounts/profile-routes';
import { reviewRoutes } from './reviews/routes';
import { statsRoutes } from './stats/routes';
import { searchRoutes } from './discovery/routes';
import { serviceRoutes } from './catalogue/services-routes';
import { timeslotRoutes } from './availability/timeslot-routes';

/** Every module's routes, mounted under /api (docs/product.md §10). */
export const apiRoutes: FastifyPluginAsync = async (api) => {
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
};
