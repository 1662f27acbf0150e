import { errorResponses } from '@slotwise/shared/api-error-schemas';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { ZodType } from 'zod';

/** What a route declares besides its error answers. */
interface RouteSchema {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  response: Record<number, ZodType>;
}

/**
 * Options for the routes behind one hook (usually `authenticated(...)`) that answer the same
 * errors: `const ownService = guardedRoutes(providerOnly, 400, 401, 403, 404)`, then
 * `ownService({ params, response: { 200: schema } })` per route. The error statuses go in the
 * docs/product.md §10.4 order of checks (401 → 403 → 400 → 404 → 409); each answers the error body.
 */
export function guardedRoutes<E extends number>(
  onRequest: onRequestAsyncHookHandler,
  ...errorStatuses: E[]
) {
  const errors = errorResponses(...errorStatuses);
  return <S extends RouteSchema>({ response, ...request }: S) => ({
    onRequest,
    schema: { ...request, response: { ...response, ...errors } },
  });
}
