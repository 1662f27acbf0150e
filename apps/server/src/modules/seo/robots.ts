/**
 * robots.txt (docs/product.md §21.2): everything public may be crawled; the API, sockets, metrics,
 * calendar feeds and every signed-in or one-time-link area may not. The sitemap is named.
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/socket.io/',
  '/metrics',
  '/calendar/',
  '/dashboard',
  '/client',
  '/waitlist',
  '/pay/',
  '/admin',
  '/messages',
  '/notifications',
  '/notification-preferences',
  '/business/join',
  '/stats',
  '/email-verification',
  '/reset-password',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
