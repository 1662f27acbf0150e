import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/**
 * Cross-origin access to the API, only when CORS_ORIGINS names the sites allowed to call it
 * (e.g. the SPA served from another host). Unset — the default, where the SPA is served by this
 * server — nothing is registered and browsers keep other sites out (no Access-Control-* headers).
 * Credentials are allowed because the SPA's client sends them (docs/product.md §7); the app sets no cookie.
 */
export const corsPlugin = fp(
  async (app) => {
    const origins = app.config.corsOrigins;
    if (origins.length === 0) return;
    await app.register(cors, {
      origin: origins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
