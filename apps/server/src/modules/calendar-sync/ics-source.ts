import { OutboundLimitError, outboundGet } from '../../lib/outbound-fetch';
import { UrlNotAllowedError } from '../../lib/outbound-url';
import { busyFromIcsOffThread } from './parse-ics-off-thread';
import { CalendarReadError, type CalendarSource } from './source';

/**
 * An ICS subscription (any calendar's secret address): a conditional GET (ETag,
 * Last-Modified), checked against private networks on every hop, at most 10 MB within 10 s,
 * then parsed (parse-ics.ts). Failures are told in plain words.
 */
export interface IcsSourceOptions {
  allowPrivateUrls: boolean | ((url: URL) => boolean);
  /** The whole exchange, redirects and body included (10 s). */
  timeoutMs?: number;
  /** The body (10 MB). */
  maxBytes?: number;
}

export function createIcsSource(options: IcsSourceOptions): CalendarSource {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async readBusy(connection, range) {
      const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
      if (connection.etag) headers['if-none-match'] = connection.etag;
      if (connection.lastModified) headers['if-modified-since'] = connection.lastModified;
      let answer;
      try {
        answer = await outboundGet(connection.url, {
          allowPrivate: options.allowPrivateUrls,
          headers,
          timeoutMs,
          ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
        });
      } catch (error) {
        throw readError(error, timeoutMs);
      }
      if (answer.status === 304) return { notModified: true };
      if (answer.status < 200 || answer.status >= 300) {
        throw new CalendarReadError(`The calendar address answered HTTP ${answer.status}`);
      }
      return {
        notModified: false,
        blocks: await busyFromIcsOffThread(answer.body, range),
        etag: answer.headers.get('etag'),
        lastModified: answer.headers.get('last-modified'),
      };
    },
  };
}

function readError(error: unknown, timeoutMs: number): CalendarReadError {
  if (error instanceof UrlNotAllowedError) {
    return new CalendarReadError('This address points inside a private network and cannot be used');
  }
  if (error instanceof OutboundLimitError) {
    return new CalendarReadError(`The calendar could not be read: ${error.message}`);
  }
  if (error instanceof Error && error.name === 'TimeoutError') {
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    return new CalendarReadError(
      `The calendar took longer than ${seconds} second${seconds === 1 ? '' : 's'} to answer`,
    );
  }
  return new CalendarReadError('The calendar address could not be reached');
}
