import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { loggerOptions } from '../logger-options';
import { registerErrorHandler, sendError } from '../plugins/error-handler';
import { frameworkErrors } from '../plugins/request-limits';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

const MAX_JSON_BODY = 100 * 1024;

/**
 * The Fastify instance every plugin is registered on: its options, zod schemas, the one error
 * handler, `app.config`, each answer's X-Request-Id (the caller's when it is sane), and the
 * graceful shutdown.
 */
export function createServer(config: Config) {
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: MAX_JSON_BODY,
    // The embedded database opens and migrates inside its plugin: on a busy 2-core machine that
    // has taken longer than Fastify's default 10 s, which then refused to start at all.
    pluginTimeout: 60_000,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // Stop keep-alive connections that sit idle when closing, so shutdown is quick.
    forceCloseConnections: 'idle',
    // Our own onRequest hook (below) answers while closing, with Retry-After and the error body.
    return503OnClosing: false,
    // Undecodable URLs and over-long path parameters get the docs/product.md §10.2 error body too.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('config', config);

  // Graceful shutdown: from the moment close() starts, requests that still arrive on open
  // connections are refused with a retryable 503, while in-flight ones finish. Added before any
  // plugin, so this preClose hook runs before every other one.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Retry-After', '2').header('Connection', 'close');
    return sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The server is restarting, please retry');
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}
