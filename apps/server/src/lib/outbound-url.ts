import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound requests to addresses users give (calendar feeds, CalDAV servers, web push;
 * docs/decisions/071-calendar-sync.md): an address that resolves to loopback, a private or
 * link-local network, or another non-public range is refused — every address the name resolves
 * to, and again for each redirect — unless private addresses are allowed (ALLOW_PRIVATE_URLS=1:
 * tests and private deployments).
 */

// Two lists: a BlockList checks an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d),
// so one list holding ::ffff:0:0/96 would refuse every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
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
  blocked4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['2001::', 32],
  ['2002::', 16],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is outside the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1, or ::ffff:a00:1 as URLs write it) is
    // judged as IPv4; NAT64, 6to4 and Teredo addresses (which embed one) are refused outright.
    const mapped = ipv4MappedOf(address);
    if (mapped) return blocked4.check(mapped, 'ipv4');
    return blocked6.check(address.replace(/%.*$/, ''), 'ipv6');
  }
  return blocked4.check(address, 'ipv4');
}

function ipv4MappedOf(address: string): string | null {
  const dotted = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
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
export async function assertUrlAllowed(
  url: string,
  allowPrivate: boolean | ((url: URL) => boolean),
): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(normalizeFeedUrl(url));
  } catch {
    throw new UrlNotAllowedError(url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UrlNotAllowedError(url);
  }
  if (allowPrivate === true || (typeof allowPrivate === 'function' && allowPrivate(parsed))) {
    return parsed;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [] as string[],
      );
  const name = host.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || addresses.some(isPrivateAddress)) {
    throw new UrlNotAllowedError(url);
  }
  return parsed;
}
