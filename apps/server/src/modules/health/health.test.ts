import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';

describe('health and the error contract', () => {
  const t = useTestApp();

  it('GET /api/health reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unknown /api route is a 404 with the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Route GET /api/nope not found',
      error: 'Route GET /api/nope not found',
      code: 'NOT_FOUND',
    });
  });

  it('malformed JSON and schema violations are 400s with the error body', async () => {
    const { loadConfig } = await import('../../config');
    const { buildApp } = await import('../../app');
    const { z } = await import('zod');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
      JWT_SECRET: 'x'.repeat(32),
    });
    const app = await buildApp(config, { database: t.testDb.database, migrate: false });
    app.post(
      '/api/test-echo',
      { schema: { body: z.object({ name: z.string().min(2, 'Too short') }) } },
      async (req) => req.body,
    );
    try {
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/test-echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        message: 'The request body is not valid JSON',
        error: 'The request body is not valid JSON',
        code: 'BAD_REQUEST',
      });
      const invalid = await app.inject({
        method: 'POST',
        url: '/api/test-echo',
        payload: { name: 'a' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({
        message: 'Too short',
        error: 'Too short',
        code: 'VALIDATION_FAILED',
        fieldErrors: { name: 'Too short' },
      });
    } finally {
      await app.close();
    }
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports 503 when the database is unreachable', async () => {
    const { loadConfig } = await import('../../config');
    const { buildApp } = await import('../../app');
    const { openDatabase } = await import('../../db/client');
    // A real pool pointed at a port where nothing listens: the ping fails like a dead server.
    const database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      dataDir: '',
      poolSize: 1,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
      JWT_SECRET: 'x'.repeat(32),
    });
    const app = await buildApp(config, { database, migrate: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'unreachable' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
