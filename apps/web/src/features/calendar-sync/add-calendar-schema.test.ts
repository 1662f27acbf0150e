import { CALENDAR_SYNC_MESSAGES } from '@slotwise/shared/calendar-sync-schemas';
import { describe, expect, it } from 'vitest';
import { addCalendarSchema, EMPTY_CALENDAR_FORM } from './add-calendar-schema';

/** The Add calendar form's values through the server's schema (docs/product.md §18.1). */

const messagesOf = (values: Parameters<typeof addCalendarSchema.safeParse>[0]) => {
  const result = addCalendarSchema.safeParse(values);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the Add calendar form schema', () => {
  it('sends an ICS address without the CalDAV fields, and an empty name as none', () => {
    const parsed = addCalendarSchema.parse({
      ...EMPTY_CALENDAR_FORM,
      url: ' https://calendar.example.com/me.ics ',
      username: 'left over',
      password: 'left over',
    });
    expect(parsed).toEqual({ kind: 'ics', url: 'https://calendar.example.com/me.ics', name: null });
  });

  it('refuses an address that is not http(s) or webcal', () => {
    expect(messagesOf({ ...EMPTY_CALENDAR_FORM, url: 'ftp://calendar.example.com/x' })).toEqual([
      ['url', CALENDAR_SYNC_MESSAGES.urlInvalid],
    ]);
  });

  it('asks CalDAV for a user name and a password', () => {
    expect(
      messagesOf({ ...EMPTY_CALENDAR_FORM, kind: 'caldav', url: 'https://dav.example.com/cal/' }),
    ).toEqual([
      ['username', CALENDAR_SYNC_MESSAGES.usernameRequired],
      ['password', CALENDAR_SYNC_MESSAGES.passwordRequired],
    ]);
    expect(
      addCalendarSchema.parse({
        kind: 'caldav',
        url: 'https://dav.example.com/cal/',
        name: 'Work',
        username: 'pat',
        password: 's3cret',
      }),
    ).toEqual({
      kind: 'caldav',
      url: 'https://dav.example.com/cal/',
      name: 'Work',
      username: 'pat',
      password: 's3cret',
    });
  });
});
