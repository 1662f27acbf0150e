import { fetchCalendarObjects } from 'tsdav';
import { assertUrlAllowed, UrlNotAllowedError } from '../../lib/outbound-url';
import { busyFromIcs } from './parse-ics';
import { type BusyInterval, CalendarReadError, type CalendarSource } from './source';

/**
 * A CalDAV calendar's busy time (docs/decisions/071-calendar-sync.md): a calendar-query with a
 * time range (tsdav), each object parsed like a feed (parse-ics.ts). The address is checked
 * against private networks first.
 */
export function basicAuth(username: string | null, password: string | null) {
  return `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
}

export function createCaldavSource(options: { allowPrivateUrls: boolean }): CalendarSource {
  return {
    async readBusy(connection, range) {
      try {
        await assertUrlAllowed(connection.url, options.allowPrivateUrls);
      } catch (error) {
        if (error instanceof UrlNotAllowedError) {
          throw new CalendarReadError(
            'This address points inside a private network and cannot be used',
          );
        }
        throw error;
      }
      let objects;
      try {
        objects = await fetchCalendarObjects({
          calendar: { url: connection.url },
          timeRange: { start: range.from.toISOString(), end: range.to.toISOString() },
          headers: { authorization: basicAuth(connection.username, connection.password) },
        });
      } catch {
        throw new CalendarReadError(
          'The CalDAV calendar could not be reached or refused the sign-in',
        );
      }
      const blocks: BusyInterval[] = [];
      for (const object of objects) {
        if (typeof object.data === 'string' && object.data.length > 0) {
          blocks.push(...busyFromIcs(object.data, range));
        }
      }
      return { notModified: false, blocks };
    },
  };
}
