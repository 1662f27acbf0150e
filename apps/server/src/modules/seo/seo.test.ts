import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { parseSitemap } from 'sitemap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createBusiness } from '../../../test/helpers/business-factories';
import { createService } from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/images';
import { asUser } from '../../../test/helpers/requests';
import { insertReviews } from '../../../test/helpers/review-factories';

/**
 * Pages search engines read (docs/product.md §21.2, docs/decisions/075-search-engine-pages.md):
 * the first HTML answer of a public page, read raw as a crawler does (no browser, no script).
 */
const ORIGIN = 'https://slotwise.example';
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Slotwise: book trusted local service providers."
    />
    <title>Slotwise</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];
const jsonLdOf = (html: string) => {
  const found = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(found).toHaveLength(1);
  return JSON.parse(found[0]![1]!) as Record<string, unknown> & {
    makesOffer?: { price: string; priceCurrency: string; itemOffered: { name: string } }[];
    aggregateRating?: { ratingValue: number; reviewCount: number };
  };
};

describe('search engine pages', () => {
  let t: TestApp;
  let webDist: string;
  let provider: TestUser;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: ORIGIN });
    provider = await createProvider(t.app, {
      firstName: 'Rosa',
      lastName: 'Marquez',
      specialty: 'Barber',
      bio: 'Classic cuts & hot towel shaves.',
    });
    await queryRows(
      t.app.database.db,
      sql`update providers set place_id = 5128581, place_name = 'New York', place_region = 'NY',
        place_country = 'US', lat = 40.71, lng = -74.0 where id = ${provider.providerId}`,
    );
    await createService(t.app, provider, { name: 'Haircut', price_cents: 2500, currency: 'USD' });
    await createService(t.app, provider, { name: 'Shave', price_cents: 1800, currency: 'USD' });
    const client = await createClient(t.app);
    await insertReviews(t.app, provider.providerId!, client.id, [5, 4]);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers a provider page with title, canonical, Open Graph, JSON-LD and visible facts', async () => {
    const url = `/providers/${provider.providerId}`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const h = head(html);
    expect(h).toContain('<title>Rosa Marquez – Barber · New York | Slotwise</title>');
    expect(h.match(/<title>/g)).toHaveLength(1);
    expect(h.match(/name="description"/g)).toHaveLength(1);
    expect(metaContent(h, 'name', 'description')).toBe('Classic cuts &amp; hot towel shaves.');
    expect(h).toContain(`<link rel="canonical" href="${ORIGIN}${url}" />`);
    expect(metaContent(h, 'property', 'og:title')).toContain('Rosa Marquez');
    expect(metaContent(h, 'property', 'og:url')).toBe(`${ORIGIN}${url}`);
    expect(metaContent(h, 'property', 'og:type')).toBe('profile');
    expect(metaContent(h, 'property', 'og:image')).toBeUndefined();
    expect(h).not.toContain('noindex');
    // The web build's own script is still there, after the words.
    expect(h).toContain('/assets/index-abc.js');

    const ld = jsonLdOf(h);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.name).toBe('Rosa Marquez');
    expect(ld.url).toBe(`${ORIGIN}${url}`);
    expect(ld.address).toMatchObject({ addressLocality: 'New York', addressCountry: 'US' });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(ld.makesOffer).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        price: '18.00',
        priceCurrency: 'USD',
        itemOffered: expect.objectContaining({ '@type': 'Service', name: 'Shave' }),
      }),
      expect.objectContaining({
        price: '25.00',
        itemOffered: expect.objectContaining({ name: 'Haircut' }),
      }),
    ]);

    const root = html.slice(html.indexOf('<div id="root">'));
    for (const text of [
      '<h1>Rosa Marquez</h1>',
      'Barber · New York',
      'Haircut',
      '$25.00',
      'Rating: 4.5 / 5',
    ])
      expect(root).toContain(text);
  });

  it('speaks the Accept-Language of the request, each language cached apart', async () => {
    const url = `/providers/${provider.providerId}`;
    const es = await get(url, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('<html lang="es" dir="ltr">');
    expect(es.body).toContain('<h2>Servicios</h2>');
    const ar = await get(url, { 'accept-language': 'ar' });
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    const en = await get(url);
    expect(en.body).toContain('<h2>Services</h2>');
    expect(en.headers.vary).toMatch(/Accept-Language/);
  });

  it('escapes a name that tries to close the script element', async () => {
    const hostile = await createProvider(t.app, {
      firstName: '</script><script>alert(1)</script>',
      lastName: '<!--',
    });
    await createService(t.app, hostile, { name: '</SCRIPT>&' });
    const res = await get(`/providers/${hostile.providerId}`);
    expect(res.statusCode).toBe(200);
    const h = head(res.body);
    expect(h.match(/<script/gi)).toHaveLength(2); // the build's module and the JSON-LD
    const ld = jsonLdOf(h);
    expect(ld.name).toBe('</script><script>alert(1)</script> <!--');
    expect(ld.makesOffer?.[0]?.itemOffered.name).toBe('</SCRIPT>&');
    expect(h).toContain('\\u003c/script\\u003e');
    expect(res.body).toContain(
      '<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!--</h1>',
    );
  });

  it('answers suspended, unlisted and unknown pages 404 with noindex and none of their content', async () => {
    const suspended = await createProvider(t.app, { firstName: 'Suspended', bio: 'Secret bio' });
    await queryRows(
      t.app.database.db,
      sql`update providers set suspended_at = now() where id = ${suspended.providerId}`,
    );
    const unlisted = await createProvider(t.app, { firstName: 'Unlisted', specialty: null });
    const owner = await createBusiness(t.app);
    await queryRows(
      t.app.database.db,
      sql`update providers set suspended_at = now() where id = ${owner.owner.providerId}`,
    );
    for (const url of [
      `/providers/${suspended.providerId}`,
      `/providers/${unlisted.providerId}`,
      '/providers/00000000-0000-4000-8000-000000000000',
      '/providers/not-a-uuid',
      `/businesses/${owner.id}`,
      '/businesses/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toMatch(/Suspended|Unlisted|Secret bio|Salon|ld\+json/);
    }
  });

  it('drops the cached page when the profile or a service changes', async () => {
    const p = await createProvider(t.app, { firstName: 'Cached', bio: 'First bio' });
    const service = await createService(t.app, p, { name: 'Trim', price_cents: 1000 });
    const url = `/providers/${p.providerId}`;
    // Cached after the first answer (the entry count is not compared: on PostgreSQL the notices
    // of the writes above drop entries whenever they arrive).
    expect((await get(url)).body).toContain('First bio');
    expect((await get(url)).body).toContain('First bio');

    const profile = await asUser(t.app, p).patch(
      '/api/profile/update',
      multipart({
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        specialty: 'Barber',
        bio: 'Second bio',
      }),
    );
    expect(profile.statusCode, profile.body).toBe(200);
    const second = (await get(url)).body;
    expect(second).toContain('Second bio');
    expect(second).not.toContain('First bio');

    const edit = await asUser(t.app, p).patch(`/api/services/${service.id}`, {
      price_cents: 4200,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const third = (await get(url)).body;
    expect(third).toContain('$42.00');
    expect(jsonLdOf(third).makesOffer?.[0]?.price).toBe('42.00');

    await insertReviews(t.app, p.providerId!, (await createClient(t.app)).id, [3]);
    expect(jsonLdOf((await get(url)).body).aggregateRating).toMatchObject({ reviewCount: 1 });
  });

  it('answers a business page with its services and team', async () => {
    const business = await createBusiness(t.app, { staff: 1 });
    const res = await get(`/businesses/${business.id}`);
    expect(res.statusCode).toBe(200);
    const ld = jsonLdOf(head(res.body));
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.name).toBe(`Salon ${business.owner.lastName}`);
    expect(ld.makesOffer?.map((o) => o.itemOffered.name)).toEqual(['Cut']);
    expect(res.body).toContain(`href="/providers/${business.staff[1]!.providerId}"`);
    expect(head(res.body)).toContain(
      `<link rel="canonical" href="${ORIGIN}/businesses/${business.id}" />`,
    );
  });

  it('gives the results page its title, description and canonical', async () => {
    const res = await get('/providers?category=barber');
    expect(res.statusCode).toBe(200);
    const h = head(res.body);
    expect(h).toContain('<title>Find a service provider | Slotwise</title>');
    expect(metaContent(h, 'name', 'description')).toMatch(/service providers/);
    expect(h).toContain(`<link rel="canonical" href="${ORIGIN}/providers" />`);
  });

  it('lists every public page in a valid sitemap, never a suspended or unlisted one', async () => {
    const hidden = await createProvider(t.app, { firstName: 'Hidden' });
    await queryRows(
      t.app.database.db,
      sql`update providers set suspended_at = now() where id = ${hidden.providerId}`,
    );
    const unlisted = await createProvider(t.app, { specialty: null });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const items = await parseSitemap(Readable.from([res.body]));
    const urls = items.map((item) => item.url);
    expect(urls).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/about`]));
    const mine = items.find((item) => item.url === `${ORIGIN}/providers/${provider.providerId}`);
    expect(mine?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(urls).not.toContain(`${ORIGIN}/providers/${hidden.providerId}`);
    expect(urls).not.toContain(`${ORIGIN}/providers/${unlisted.providerId}`);
    const listed = await queryRows<{ id: string }>(
      t.app.database.db,
      sql`select id::text as id from providers where listed`,
    );
    for (const { id } of listed) expect(urls).toContain(`${ORIGIN}/providers/${id}`);
    expect(urls.some((url) => url.startsWith(`${ORIGIN}/businesses/`))).toBe(true);
  });

  it('moves a provider’s lastmod when the page changes', async () => {
    const lastmodOf = async () =>
      (await parseSitemap(Readable.from([(await get('/sitemap.xml')).body]))).find(
        (item) => item.url === `${ORIGIN}/providers/${provider.providerId}`,
      )?.lastmod;
    await queryRows(
      t.app.database.db,
      sql`update providers set page_changed_at = '2020-01-01T00:00:00Z' where id = ${provider.providerId}`,
    );
    expect(await lastmodOf()).toMatch(/^2020-01-01/);
    await createService(t.app, provider, { name: 'Beard trim', price_cents: 900 });
    expect(await lastmodOf()).not.toMatch(/^2020-01-01/);
  });

  it('serves robots.txt: all but the API and private areas, and the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /admin',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(lines).not.toContain('Disallow: /providers');
  });
});
