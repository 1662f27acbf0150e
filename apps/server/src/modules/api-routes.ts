import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/routes';

/** Every module's routes, mounted under /api (DESIGN §5). */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  await api.register(healthRoutes);
};
