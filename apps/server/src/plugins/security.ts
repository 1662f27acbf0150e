import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers with a CSP the SPA really runs under: scripts only from our origin, no
 * inline scripts. Inline style attributes stay allowed (charts and toasts set them).
 */
function helmetOptions(config: Config): Parameters<typeof helmet>[0] {
  const httpsOnly = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The PWA (docs/product.md §20.1): its manifest and service worker come from our origin.
        manifestSrc: ["'self'"],
        ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense once the site is served over TLS.
    strictTransportSecurity: httpsOnly ? undefined : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, computed once: they depend on the configuration only (no CSP
 * nonces), while @fastify/helmet parsed the policy and rebuilt helmet's middleware on every
 * request (~4 % of a booking rush's CPU, docs/decisions/058).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/** The security headers above on every answer. */
export const securityHeadersPlugin = fp(
  async (app) => {
    const headers = securityHeaders(app.config);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
