import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/helpers/app';

describe('operations endpoints', () => {
  const t = useTestApp();

  it('/api/ready reports the database, and Redis as disabled when not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'disabled' });
  });

  it('/metrics exposes request durations by route pattern, sockets, booking changes and the pool', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/uploads/00000000-0000-4000-8000-000000000000' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /slotwise_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    // The pattern, not the id: one label value however many pictures exist.
    expect(text).toContain('route="/uploads/:id",status="404"');
    expect(text).toContain('slotwise_open_sockets 0');
    expect(text).toContain('slotwise_booking_changes_total{type="booked"} 0');
    expect(text).toMatch(/slotwise_db_pool_connections\{state="total"\} \d+/);
  });

  it('/metrics can be protected with a token', async () => {
    const guarded = await createTestApp({ METRICS_TOKEN: 'metrics-token-1234567890' });
    try {
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-XXXXXXXXXX' },
      });
      expect(wrong.statusCode).toBe(401);
      const ok = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-1234567890' },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('serves an OpenAPI document built from the route schemas, and a docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/profile',
        '/api/notifications/unread',
      ]),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('/api/ready is 503 when Redis is configured but unreachable', async () => {
    const broken = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'ok', redis: 'unreachable' });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await broken.close();
    }
  });
});
