import type { FastifyPluginAsync } from 'fastify';
import { appointmentRoutes } from './appointments/routes';
import { authRoutes } from './auth/routes';
import { catalogueRoutes } from './catalogue/routes';
import { healthRoutes } from './health/routes';
import { notificationRoutes } from './notifications/routes';
import { profileRoutes } from './profile/routes';
import { statsRoutes } from './stats/routes';
import { searchRoutes } from './search/routes';
import { serviceRoutes } from './services/routes';
import { timeslotRoutes } from './timeslots/routes';

/** Every module's routes, mounted under /api (DESIGN §5). */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(profileRoutes);
  await api.register(notificationRoutes);
  await api.register(statsRoutes);
  await api.register(timeslotRoutes);
  await api.register(searchRoutes);
  await api.register(appointmentRoutes);
  await api.register(catalogueRoutes);
  await api.register(serviceRoutes);
};
