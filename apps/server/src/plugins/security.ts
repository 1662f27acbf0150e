import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers with a CSP the SPA really runs under: scripts only from our origin, no
 * inline scripts. Inline style attributes stay allowed (charts and toasts set them).
 */
function helmetOptions(config: Config, framing: Framing): Parameters<typeof helmet>[0] {
  const embeddable = framing !== 'none';
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
        // Only the booking widget may sit in another site's frame (docs/decisions/076-embed.md).
        frameAncestors: embeddable ? ['*'] : ["'none'"],
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
    // X-Frame-Options cannot say 'any site': the widget's pages go without it (CSP decides).
    ...(embeddable ? { xFrameOptions: false } : {}),
    // The widget's script and pages are loaded by other sites (even ones that isolate themselves).
    ...(embeddable ? { crossOriginResourcePolicy: { policy: 'cross-origin' as const } } : {}),
  };
}

/**
 * Who may frame an answer: nobody ('none'), or any site for the booking widget's pages and script
 * ('widget': `/embed/*` and `/embed.js`, docs/product.md §21.3).
 */
export type Framing = 'none' | 'widget';

/** The widget's pages (`/embed/providers/:id`, `/embed/businesses/:id`) and its loader script. */
export function framingOf(url: string): Framing {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.startsWith('/embed/') || pathname === '/embed.js' ? 'widget' : 'none';
}

/**
 * The headers helmet sets, computed once: they depend on the configuration only (no CSP
 * nonces), while @fastify/helmet parsed the policy and rebuilt helmet's middleware on every
 * request (~4 % of a booking rush's CPU, docs/decisions/058).
 */
export function securityHeaders(config: Config, framing: Framing = 'none'): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(config, framing))(
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
    const widgetHeaders = securityHeaders(app.config, 'widget');
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(framingOf(request.url) === 'widget' ? widgetHeaders : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
