import { englishText, type Translate } from './english-text';

/**
 * The web's words for calendar sync (docs/product.md §18): the provider's Calendars section and
 * the busy time on the week calendar. The API's messages and validation texts are in
 * calendar-sync-schemas.ts.
 */
export const CALENDAR_SYNC_TEXTS = {
  sectionTitle: 'Calendars',
  sectionHelp:
    'Connect the calendars you live in: their busy time is greyed on your week and clients cannot book it.',
  listLabel: 'Connected calendars',
  empty: 'No calendar connected yet.',
  loading: 'Loading calendars...',
  loadFailed: 'Failed to load your calendars',
  addTitle: 'Add calendar',
  kindLegend: 'Calendar type',
  kindIcs: 'ICS address',
  kindCaldav: 'CalDAV calendar',
  icsHint: "The calendar's secret address (iCal / ICS); webcal:// works too.",
  urlLabel: 'Calendar address',
  nameLabel: 'Name (optional)',
  usernameLabel: 'User name',
  passwordLabel: 'Password',
  add: 'Add calendar',
  adding: 'Connecting...',
  addFailed: 'The calendar could not be connected',
  syncNow: 'Sync now',
  syncing: 'Syncing...',
  syncFailed: 'The calendar could not be synced',
  remove: 'Remove',
  removeTitle: 'Remove calendar',
  removeQuestion: (name: string, t: Translate = englishText) =>
    t('Disconnect "{{name}}"? Its busy time no longer keeps clients off those times.', { name }),
  keep: 'Keep calendar',
  removing: 'Removing...',
  removeFailed: 'The calendar could not be removed',
  lastSync: 'Last sync',
  nextSync: 'Next sync',
  never: 'Never',
  busyCount: (count: number, t: Translate = englishText) => t('{{count}} busy times', { count }),
  lastError: 'Last error',
  kindName: { ics: 'ICS address', caldav: 'CalDAV' } as const,
  /** The week calendar's greyed block. */
  busy: 'Busy',
  busyLabel: (name: string, range: string, t: Translate = englishText) =>
    t('Busy, {{range}}, {{name}}', { range, name }),
  /** Added to a free slot's name when busy time covers it: clients are not offered it. */
  busySlotLabel: (name: string, t: Translate = englishText) =>
    t('busy in {{name}}, not offered to clients', { name }),
} as const;
