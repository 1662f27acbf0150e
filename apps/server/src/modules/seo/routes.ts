import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SitemapStream } from 'sitemap';
import { businessPage, pageOwners, providerPage, type PageData } from './page-data';
import { entityPage, resultsPage, type PageContext } from './page-html';
import { PageShell } from './page-shell';
import { robotsTxt } from './robots';
import { translatorFor } from './seo-texts';
import { publicBusinesses, publicProviders } from './sitemap-rows';

/**
 * Pages search engines can read (docs/product.md §21.2, docs/decisions/075-search-engine-pages.md):
 * `/providers/:id` and `/businesses/:id` answered with the web build's index.html carrying the
 * page's title, description, canonical, Open Graph tags, JSON-LD and visible facts; the results
 * page's title and canonical; `/sitemap.xml` and `/robots.txt`. A page that is not public is the
 * plain shell with 404 and noindex. Pages are cached per page and language in the provider
 * window cache (docs/decisions/057), dropped by the same announcements on every instance.
 */

type Loader = (db: FastifyInstance['database']['db'], id: string) => Promise<PageData | null>;

interface Params {
  id: string;
}

/** A page that is not public: never cached, answered 404. */
class PageNotPublic extends Error {}

export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const shell = PageShell.load(app.config.webDistDir);
  const origin = app.config.publicUrl;

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(body);

  const contextOf = (request: FastifyRequest, path: string): PageContext => {
    const { locale, t } = translatorFor(request.headers['accept-language']);
    return { locale, t, origin, path };
  };

  const notFound = (reply: FastifyReply) =>
    html(reply.header('X-Robots-Tag', 'noindex'), 404, shell.notFound());

  const entityRoute = (prefix: 'providers' | 'businesses', load: Loader) =>
    async function entity(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
      const since = performance.now();
      const id = request.params.id.toLowerCase();
      const ctx = contextOf(request, `/${prefix}/${id}`);
      try {
        const body = await app.windowCache.answerOf(
          'page',
          id,
          `${prefix}|${ctx.locale}`,
          since,
          async () => {
            const page = await load(app.database.db, id);
            if (!page) throw new PageNotPublic();
            return { body: shell.render(entityPage(ctx, page)), providerIds: pageOwners(page) };
          },
        );
        return await html(reply, 200, body);
      } catch (error) {
        if (error instanceof PageNotPublic) return notFound(reply);
        throw error;
      }
    };

  app.get<{ Params: Params }>('/providers/:id', entityRoute('providers', providerPage));
  app.get<{ Params: Params }>('/businesses/:id', entityRoute('businesses', businessPage));

  // The public search and its results (the web's /providers route): same page for any query.
  const results = new Map<string, string>();
  app.get('/providers', async (request, reply) => {
    const ctx = contextOf(request, '/providers');
    let body = results.get(ctx.locale);
    if (body === undefined) results.set(ctx.locale, (body = shell.render(resultsPage(ctx))));
    return html(reply, 200, body);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const db = app.database.db;
    async function* entries() {
      yield { url: '/' };
      yield { url: '/about' };
      yield { url: '/providers' };
      for await (const row of publicProviders(db))
        yield { url: `/providers/${row.id}`, lastmod: row.lastmod };
      for await (const row of publicBusinesses(db))
        yield { url: `/businesses/${row.id}`, lastmod: row.lastmod };
    }
    const stream = new SitemapStream({ hostname: `${origin}/` });
    const source = Readable.from(entries());
    source.on('error', (error) => stream.destroy(error));
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=300');
    return reply.send(source.pipe(stream));
  });

  const robots = robotsTxt(origin);
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robots),
  );
}
