import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

/** A bare app with the product's error handler and one route that fails as `error` does. */
async function failingWith(error: Error) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/fail', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('the error handler and database errors (docs/decisions/005)', () => {
  it('a statement past its timeout is a 503 to retry, not a 500', async () => {
    const app = await failingWith(
      // What Drizzle throws: its own error, with the driver's as the cause.
      Object.assign(new Error('Failed query: select …'), {
        cause: pgError('57014', 'canceling statement due to statement timeout'),
      }),
    );
    const res = await app.inject({ url: '/fail' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await app.close();
  });

  it('any other database error stays a 500 that says nothing of it', async () => {
    const app = await failingWith(pgError('42P01', 'relation "nothing" does not exist'));
    const res = await app.inject({ url: '/fail' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('nothing');
    await app.close();
  });
});
