import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIcsSource } from './ics-source';
import { CalendarReadError, type ConnectionToRead } from './source';

/**
 * Reading an ICS feed over HTTP (docs/decisions/071-calendar-sync.md "Outbound safety"):
 * conditional GETs, limits on size and time, redirects re-checked on every hop. Local servers
 * on loopback stand in for calendar hosts.
 */

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:one',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20260401T090000Z',
  'DTEND:20260401T100000Z',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const range = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-06-01T00:00:00Z') };

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

function localServer() {
  let handler: Handler = (_request, response) => response.end(FEED);
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    handler(request, response);
  });
  return {
    server,
    handle: (next: Handler) => {
      handler = next;
      requests = 0;
    },
    requests: () => requests,
    port: () => (server.address() as AddressInfo).port,
    url: (path = '/feed.ics') =>
      `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
  };
}

const connection = (url: string, validators: Partial<ConnectionToRead> = {}): ConnectionToRead => ({
  id: 'c',
  providerId: 'p',
  kind: 'ics',
  url,
  username: null,
  password: null,
  etag: null,
  lastModified: null,
  ...validators,
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CalendarReadError);
  return (error as Error).message;
}

describe('ICS source', () => {
  const host = localServer();
  const other = localServer();
  beforeAll(async () => {
    await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => other.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    host.server.closeAllConnections();
    other.server.closeAllConnections();
    await new Promise((resolve) => host.server.close(resolve));
    await new Promise((resolve) => other.server.close(resolve));
  });
  const source = createIcsSource({ allowPrivateUrls: true });

  it('answers notModified on 304 to If-None-Match or If-Modified-Since', async () => {
    const lastModified = 'Wed, 01 Apr 2026 08:00:00 GMT';
    host.handle((request, response) => {
      if (
        request.headers['if-none-match'] === '"v1"' ||
        request.headers['if-modified-since'] === lastModified
      ) {
        response.writeHead(304).end();
        return;
      }
      response.writeHead(200, { etag: '"v1"', 'last-modified': lastModified }).end(FEED);
    });
    const first = await source.readBusy(connection(host.url()), range);
    expect(first).toMatchObject({ notModified: false, etag: '"v1"', lastModified });
    if (first.notModified) throw new Error('unreachable');
    expect(first.blocks).toHaveLength(1);
    expect(await source.readBusy(connection(host.url(), { etag: '"v1"' }), range)).toEqual({
      notModified: true,
    });
    expect(await source.readBusy(connection(host.url(), { lastModified }), range)).toEqual({
      notModified: true,
    });
    expect(host.requests()).toBe(3);
  });

  it('refuses a body over the limit, declared or streamed', async () => {
    const big = 'X'.repeat(11 * 1024 * 1024);
    host.handle((_request, response) => response.writeHead(200).end(big));
    expect(await refusal(source.readBusy(connection(host.url()), range))).toBe(
      'The calendar could not be read: response too large',
    );
    host.handle((_request, response) => {
      response.writeHead(200, { 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 11; i++) response.write('X'.repeat(1024 * 1024));
      response.end();
    });
    expect(await refusal(source.readBusy(connection(host.url()), range))).toBe(
      'The calendar could not be read: response too large',
    );
  });

  it('gives up on a server that never finishes', async () => {
    host.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.write('BEGIN:VCALENDAR\r\n'); // …and nothing more.
    });
    const quick = createIcsSource({ allowPrivateUrls: true, timeoutMs: 300 });
    expect(await refusal(quick.readBusy(connection(host.url()), range))).toBe(
      'The calendar took longer than 1 second to answer',
    );
    host.handle(() => {
      // No answer at all.
    });
    expect(await refusal(quick.readBusy(connection(host.url()), range))).toMatch(/took longer/);
  });

  it('re-checks every redirect: a hop into a private network is refused before it is requested', async () => {
    // Only the first host counts as public here.
    const publicOnlyFirst = createIcsSource({
      allowPrivateUrls: (url) => url.port === String(host.port()),
    });
    host.handle((_request, response) => {
      response.writeHead(302, { location: other.url('/internal.ics') }).end();
    });
    other.handle((_request, response) => response.end(FEED));
    expect(await refusal(publicOnlyFirst.readBusy(connection(host.url()), range))).toBe(
      'This address points inside a private network and cannot be used',
    );
    expect(other.requests()).toBe(0);
    // Allowed, the same redirect is followed.
    const read = await source.readBusy(connection(host.url()), range);
    expect(read.notModified === false && read.blocks).toHaveLength(1);
    expect(other.requests()).toBe(1);
  });

  it('stops after 5 redirects and tells a failing status in words', async () => {
    host.handle((request, response) => {
      response.writeHead(301, { location: `${request.url}x` }).end();
    });
    expect(await refusal(source.readBusy(connection(host.url()), range))).toBe(
      'The calendar could not be read: too many redirects',
    );
    host.handle((_request, response) => response.writeHead(404).end('not found'));
    expect(await refusal(source.readBusy(connection(host.url()), range))).toBe(
      'The calendar address answered HTTP 404',
    );
  });
});
