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

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.mkdir(path.join(webDist, 'routes'));
    await fs.writeFile(path.join(webDist, 'routes', 'login.html'), LOGIN);
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
});
