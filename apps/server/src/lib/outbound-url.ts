import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound requests to addresses users give (calendar feeds, CalDAV servers, web push;
 * docs/decisions/071-calendar-sync.md): an address that resolves to loopback, a private or
 * link-local network, or another non-public range is refused — every address the name resolves
 * to, and again for each redirect — unless private addresses are allowed (ALLOW_PRIVATE_URLS=1:
 * tests and private deployments).
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is outside the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as IPv4.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

export class UrlNotAllowedError extends Error {
  constructor(readonly url: string) {
    super(`outbound address not allowed: ${url}`);
  }
}

/** `webcal://` is fetched over https (how calendar apps share a feed). */
export function normalizeFeedUrl(url: string): string {
  return url.replace(/^webcal:\/\//i, 'https://');
}

/**
 * Throws UrlNotAllowedError unless the URL is http(s) and every address its host resolves to is
 * public (or `allowPrivate`). A name that does not resolve is left to the request to fail.
 */
export async function assertUrlAllowed(url: string, allowPrivate: boolean): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(normalizeFeedUrl(url));
  } catch {
    throw new UrlNotAllowedError(url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UrlNotAllowedError(url);
  }
  if (allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [] as string[],
      );
  if (host.toLowerCase() === 'localhost' || addresses.some(isPrivateAddress)) {
    throw new UrlNotAllowedError(url);
  }
  return parsed;
}
