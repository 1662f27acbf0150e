import { describe, expect, it } from 'vitest';
import { assertUrlAllowed, isPrivateAddress, UrlNotAllowedError } from './outbound-url';

/** Addresses a user gives must not reach inside private networks (docs/decisions/071-calendar-sync.md). */

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::',
    '::1',
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    'not an address',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '::ffff:8.8.8.8', '::ffff:808:808', '2606:4700:4700::1111'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('assertUrlAllowed', () => {
  it.each([
    'http://[::ffff:127.0.0.1]/feed.ics',
    'http://[::ffff:7f00:1]/feed.ics',
    'http://[::1]:8080/feed.ics',
    'http://[fd00::1]/feed.ics',
    'http://0x7f.1/feed.ics',
    'http://2130706433/feed.ics',
    'http://localhost./feed.ics',
    'http://calendar.localhost/feed.ics',
    'webcal://10.0.0.1/cal.ics',
    'file:///etc/passwd',
    'ftp://example.com/cal.ics',
  ])('refuses %s', async (url) => {
    await expect(assertUrlAllowed(url, false)).rejects.toBeInstanceOf(UrlNotAllowedError);
  });

  it('allows a public address, and private ones when allowed (all, or by a predicate)', async () => {
    expect((await assertUrlAllowed('webcal://8.8.8.8/cal.ics', false)).toString()).toBe(
      'https://8.8.8.8/cal.ics',
    );
    expect((await assertUrlAllowed('http://127.0.0.1/x', true)).hostname).toBe('127.0.0.1');
    const onlyPort = (url: URL) => url.port === '5232';
    await expect(assertUrlAllowed('http://127.0.0.1:5232/x', onlyPort)).resolves.toBeInstanceOf(
      URL,
    );
    await expect(assertUrlAllowed('http://127.0.0.1:5233/x', onlyPort)).rejects.toBeInstanceOf(
      UrlNotAllowedError,
    );
  });
});
