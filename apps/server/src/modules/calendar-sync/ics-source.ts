import { OutboundLimitError, outboundGet } from '../../lib/outbound-fetch';
import { UrlNotAllowedError } from '../../lib/outbound-url';
import { busyFromIcs } from './parse-ics';
import { CalendarReadError, type CalendarSource } from './source';

/**
 * An ICS subscription (any calendar's secret address): a conditional GET (ETag,
 * Last-Modified), checked against private networks on every hop, at most 10 MB within 10 s,
 * then parsed (parse-ics.ts). Failures are told in plain words.
 */
export function createIcsSource(options: { allowPrivateUrls: boolean }): CalendarSource {
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
        });
      } catch (error) {
        throw readError(error);
      }
      if (answer.status === 304) return { notModified: true };
      if (answer.status < 200 || answer.status >= 300) {
        throw new CalendarReadError(`The calendar address answered HTTP ${answer.status}`);
      }
      return {
        notModified: false,
        blocks: busyFromIcs(answer.body, range),
        etag: answer.headers.get('etag'),
        lastModified: answer.headers.get('last-modified'),
      };
    },
  };
}

function readError(error: unknown): CalendarReadError {
  if (error instanceof UrlNotAllowedError) {
    return new CalendarReadError('This address points inside a private network and cannot be used');
  }
  if (error instanceof OutboundLimitError) {
    return new CalendarReadError(`The calendar could not be read: ${error.message}`);
  }
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new CalendarReadError('The calendar took longer than 10 seconds to answer');
  }
  return new CalendarReadError('The calendar address could not be reached');
}
