import { idParamsOf } from './common-schemas';
import { z } from './zod';
import { msg } from './locales';

/**
 * Calendar sync (docs/product.md §18, docs/decisions/071-calendar-sync.md): a provider connects
 * the calendars they live in — any calendar's secret ICS address (read) or a CalDAV calendar
 * (read and write). Busy time read from them keeps clients off those times. Schemas and texts,
 * written once for the forms and the server. No secret is ever echoed.
 */

export const CALENDAR_CONNECTION_KINDS = ['ics', 'caldav'] as const;
export type CalendarConnectionKind = (typeof CALENDAR_CONNECTION_KINDS)[number];

/** Feeds are polled at least this often. */
export const CALENDAR_POLL_MINUTES = 5;
/** Connections one provider may keep. */
export const MAX_CALENDAR_CONNECTIONS = 10;
/** Busy time is read this far ahead (and a day back). */
export const CALENDAR_HORIZON_DAYS = 180;
/** The provider is told after this many failed syncs in a row. */
export const CALENDAR_FAILURES_BEFORE_NOTICE = 3;

export const CALENDAR_SYNC_MESSAGES = {
  kindInvalid: msg('Choose an ICS address or a CalDAV calendar'),
  urlInvalid: msg('Enter the calendar address (http:// or https://)'),
  urlNotAllowed: msg('This address points inside a private network and cannot be used'),
  usernameRequired: msg('Enter the user name'),
  passwordRequired: msg('Enter the password'),
  nameTooLong: msg('Keep the name under 80 characters'),
  tooMany: msg('At most 10 calendars'),
  connectionNotFound: msg('Calendar connection not found'),
  invalidConnectionId: msg('Invalid calendar connection id'),
  added: msg('Calendar connected'),
  removed: msg('Calendar disconnected'),
  synced: msg('Calendar synced'),
  providerBusy: msg('The provider is busy at this time. Please choose another time'),
  failingTitle: msg('Calendar sync failing'),
} as const;

const urlField = z
  .string({ error: CALENDAR_SYNC_MESSAGES.urlInvalid })
  .trim()
  .max(2048, CALENDAR_SYNC_MESSAGES.urlInvalid)
  // webcal:// is how calendar apps share a feed; the server fetches it over https.
  .refine((value) => /^(https?|webcal):\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(value), {
    message: CALENDAR_SYNC_MESSAGES.urlInvalid,
  });

const nameField = z.string().trim().max(80, CALENDAR_SYNC_MESSAGES.nameTooLong).nullish();

/** POST /api/calendar/connections */
export const createCalendarConnectionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('ics'), url: urlField, name: nameField }),
    z.object({
      kind: z.literal('caldav'),
      url: urlField,
      name: nameField,
      username: z
        .string({ error: CALENDAR_SYNC_MESSAGES.usernameRequired })
        .trim()
        .min(1, CALENDAR_SYNC_MESSAGES.usernameRequired)
        .max(200, CALENDAR_SYNC_MESSAGES.usernameRequired),
      password: z
        .string({ error: CALENDAR_SYNC_MESSAGES.passwordRequired })
        .min(1, CALENDAR_SYNC_MESSAGES.passwordRequired)
        .max(500, CALENDAR_SYNC_MESSAGES.passwordRequired),
    }),
  ],
  { error: CALENDAR_SYNC_MESSAGES.kindInvalid },
);
export type CreateCalendarConnectionInput = z.infer<typeof createCalendarConnectionSchema>;

/** A connection as the API answers it: never its password. */
export const calendarConnectionSchema = z.object({
  id: z.string(),
  kind: z.enum(CALENDAR_CONNECTION_KINDS),
  name: z.string(),
  url: z.string(),
  username: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  next_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  failures: z.number(),
  busy_count: z.number(),
  created_at: z.string(),
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

export const calendarConnectionsSchema = z.object({
  connections: z.array(calendarConnectionSchema),
});
export const calendarConnectionResponseSchema = z.object({
  message: z.string(),
  connection: calendarConnectionSchema,
});
export const calendarConnectionParamsSchema = idParamsOf(
  CALENDAR_SYNC_MESSAGES.invalidConnectionId,
);

/** A busy block as the provider's week shows it (greyed, with the calendar's name). */
export const busyBlockSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  calendar_name: z.string(),
});
export type BusyBlock = z.infer<typeof busyBlockSchema>;
