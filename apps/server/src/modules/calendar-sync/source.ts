import type { CalendarConnectionKind } from '@slotwise/shared/calendar-sync-schemas';

/**
 * Where busy time comes from (docs/decisions/071-calendar-sync.md): one source per connection
 * kind (ics-source.ts, caldav-source.ts), behind one interface the sync (sync.ts) calls.
 */

export interface ConnectionToRead {
  id: string;
  providerId: string;
  kind: CalendarConnectionKind;
  url: string;
  username: string | null;
  /** The password, opened (CalDAV only). */
  password: string | null;
  /** Validators of the last read (a conditional GET). */
  etag: string | null;
  lastModified: string | null;
}

/** A stretch of busy time (instants; an all-day event is its day in its own zone). */
export interface BusyInterval {
  startsAt: Date;
  endsAt: Date;
}

export type BusyRead =
  | { notModified: true }
  | {
      notModified: false;
      blocks: BusyInterval[];
      etag?: string | null;
      lastModified?: string | null;
    };

export interface CalendarSource {
  /** The busy time between `from` and `to`; throws CalendarReadError with plain words. */
  readBusy(connection: ConnectionToRead, range: { from: Date; to: Date }): Promise<BusyRead>;
}

/** A read that failed, in words a provider understands (stored as the connection's last error). */
export class CalendarReadError extends Error {}
