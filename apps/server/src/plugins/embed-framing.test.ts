import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app';

/**
 * The booking widget (docs/product.md §21.3, docs/decisions/076-embed.md): only `/embed/*` may be
 * framed by other sites; every other page keeps `frame-ancestors 'none'`. `/embed.js` is served
 * as JavaScript, cached for a while, loadable from any site.
 */
describe('framing and the embed script', () => {
  let t: TestApp;
  let webDist: string;
  const INDEX = '<!doctype html><title>Slotwise</title>';
  const SCRIPT = `(function(){${'/* the widget loader */'.repeat(40)}})();`;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-embed-'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.writeFile(path.join(webDist, 'embed.js'), SCRIPT);
    await fs.writeFile(path.join(webDist, 'embed.js.gz'), zlib.gzipSync(SCRIPT));
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const frameAncestors = (headers: Record<string, unknown>) =>
    /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];

  it('lets any site frame the widget pages, and nothing else', async () => {
    for (const url of ['/embed/providers/abc', '/embed/businesses/abc?service=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(frameAncestors(res.headers), url).toBe('*');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      // The rest of the policy is the site's: no inline scripts there either.
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
    for (const url of ['/', '/about', '/login', '/embed', '/embedded/x', '/client']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(frameAncestors(res.headers), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // A public page answered by the search-engine module (decision 075) keeps the site's policy.
    const page = await t.app.inject({ method: 'GET', url: '/providers/abc' });
    expect(frameAncestors(page.headers)).toBe("'none'");
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(frameAncestors(api.headers)).toBe("'none'");
  });

  it('serves /embed.js as JavaScript any site may load, cached and compressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=3600\b/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toBe(SCRIPT);

    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    // Other files keep the site's own policy.
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
