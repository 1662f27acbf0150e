import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { healthRoutes } from './health/routes';
import { profileRoutes } from './profile/routes';

/** Every module's routes, mounted under /api (DESIGN §5). */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(profileRoutes);
};
