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
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any
 * other GET that is not API/socket/uploads falls back to index.html (client-side routing).
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: the SPA is not served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The web build writes .br/.gz beside each asset (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'Cache-Control',
        isHashedAsset
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });
  return true;
}
