import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas: /api/openapi.json and a browsable page at
 * /api/docs. Registered before the routes so it sees every one of them.
 */
async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Slotwise API',
        description:
          'Appointment marketplace API. Errors are `{message, error, code, fieldErrors?}`. ' +
          'Authenticate with `Authorization: Bearer <token>` from POST /api/auth/login.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Keep the docs page as strict as the app: never framed, no forced upgrade over plain HTTP.
    transformStaticCSP: (header) =>
      header
        .replace(/frame-ancestors[^;]*/, "frame-ancestors 'none'")
        .replace(/upgrade-insecure-requests;?\s*/, ''),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export const apiDocsPlugin = fp(registerApiDocs, { name: 'api-docs' });
