import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';

/**
 * The SPA fallback answers a path with the page the web build wrote for it (`routes/<path>.html`:
 * index.html plus that screen's modulepreload links, docs/decisions/053-lean-login-route.md) and
 * every other client-side route with index.html.
 */
describe('SPA pages', () => {
  let t: TestApp;
  let webDist: string;
  const INDEX = '<!doctype html><title>Slotwise</title>';
  const LOGIN =
    '<!doctype html><title>Slotwise</title><link rel="modulepreload" href="/assets/login.js">';
  const SW = 'self.addEventListener("push", () => {});';
  const MANIFEST = '{"name":"Slotwise","display":"standalone"}';

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.mkdir(path.join(webDist, 'routes'));
    await fs.writeFile(path.join(webDist, 'routes', 'login.html'), LOGIN);
    await fs.writeFile(path.join(webDist, 'sw.js'), SW);
    await fs.writeFile(path.join(webDist, 'manifest.webmanifest'), MANIFEST);
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.headers['cache-control'], url).toMatch(/no-cache|max-age=0/);
    return res.body;
  };

  it('answers /login (with or without a query) with its own page', async () => {
    expect(await get('/login')).toBe(LOGIN);
    expect(await get('/login?next=%2Fproviders%2F1')).toBe(LOGIN);
  });

  it('answers every other client-side route with index.html', async () => {
    for (const url of ['/', '/register', '/login/extra', '/dashboard?view=week']) {
      expect(await get(url)).toBe(INDEX);
    }
  });

  // docs/product.md §20.1: the worker is checked for updates on every visit, and may be
  // registered by the pages under the site's CSP.
  it('serves the service worker uncached and the manifest with its type', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['service-worker-allowed']).toBe('/');
    expect(sw.body).toBe(SW);

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toEqual({ name: 'Slotwise', display: 'standalone' });

    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
