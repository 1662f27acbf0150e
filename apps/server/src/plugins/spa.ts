import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths the SPA must never swallow: they belong to the API, sockets and uploads. */
export const NON_SPA_PREFIXES = ['/api/', '/api', '/socket.io', '/uploads/', '/metrics'];

export function isSpaPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return !NON_SPA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}

/**
 * The web build's pages for paths that have one of their own (`routes/<path>.html`: index.html
 * plus `modulepreload` links for that screen's chunks, apps/web/vite.config.ts), keyed by path.
 */
function routePages(distDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(distDir, dir))) return;
    for (const entry of fs.readdirSync(path.join(distDir, dir), { withFileTypes: true })) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html'))
        pages.set(`/${file.slice('routes/'.length, -5)}`, file);
    }
  };
  walk('routes');
  return pages;
}

/** The PWA's service worker and manifest (apps/web/vite.config.ts, docs/decisions/073-phones.md). */
export const SERVICE_WORKER_FILE = 'sw.js';
export const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * The booking widget's loader (docs/product.md §21.3): other sites reference its fixed URL, so it
 * is cached for an hour rather than forever, and revalidated after that.
 */
export const EMBED_SCRIPT_FILE = 'embed.js';

/** The file (relative to the build) that answers a client-side route. */
export type SpaPageFor = (url: string) => string;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any
 * other GET that is not API/socket/uploads falls back to index.html (client-side routing), or to
 * the path's own page when the build wrote one. Null when there is no build.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
): Promise<SpaPageFor | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: the SPA is not served (run npm run build)');
    return null;
  }
  const pages = routePages(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The web build writes .br/.gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      const name = path.basename(filePath);
      if (name === SERVICE_WORKER_FILE) {
        // The browser checks for a new worker on every navigation: never from a cache, and
        // allowed to control the whole site (docs/product.md §20.1).
        res.header('Cache-Control', 'no-cache');
        res.header('Service-Worker-Allowed', '/');
        return;
      }
      if (name === MANIFEST_FILE) {
        res.header('Content-Type', 'application/manifest+json; charset=utf-8');
        res.header('Cache-Control', 'no-cache');
        return;
      }
      if (name === EMBED_SCRIPT_FILE) {
        res.header('Content-Type', 'text/javascript; charset=utf-8');
        res.header('Cache-Control', 'public, max-age=3600, stale-while-revalidate=86400');
        return;
      }
      res.header(
        'Cache-Control',
        isHashedAsset
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });
  return (url) => pages.get(url.split('?')[0] ?? '/') ?? 'index.html';
}
