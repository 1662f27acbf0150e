import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * `app.inject` as a signed-in user (null: anonymous), one method a verb:
 * `asUser(t.app, client).post('/api/conversations', { providerId })` is the raw response.
 */
export function asUser(app: FastifyInstance, user: { headers: Record<string, string> } | null) {
  const send =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    (url: string, payload?: InjectOptions['payload']) =>
      app.inject({ method, url, headers: user ? user.headers : {}, payload });
  return {
    get: send('GET'),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: send('DELETE'),
  };
}

/** `app.inject` as `user` (null: anonymous) with any verb; a payload only when given. */
export function injectAs(
  app: FastifyInstance,
  user: { headers: Record<string, string> } | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
