import { hhmm } from './dates';
import { englishText, type Translate } from './english-text';
import { msg } from './locales';
import { MESSAGES } from './texts';

/** Time slots: our own texts, limits and composed messages (docs/decisions/026-slot-conflicts.md). */

/** Our own texts where docs/product.md has none. */
export const TIMESLOT_MESSAGES = {
  invalidDate: msg('Date must be a valid date (YYYY-MM-DD)'),
  invalidStartTime: msg('Start time must be a valid time (HH:MM)'),
  invalidEndTime: msg('End time must be a valid time (HH:MM)'),
  startInPast: msg('Start time cannot be in the past'),
  typeTooLong: msg('Type must be at most 80 characters'),
  nothingToUpdate: msg('Nothing to update: send a day, start time, end time or type'),
  invalidId: msg('Invalid time slot id'),
  slotNotFound: msg('Time slot not found'),
  slotBookedUpdate: msg('This slot is booked and cannot be changed. Cancel the appointment first.'),
  slotBookedDelete: msg('This slot is booked and cannot be deleted. Cancel the appointment first.'),
  overlapUnknown: msg('This time slot overlaps one of your existing slots'),
  // Several slots at once
  datesRequired: msg('Choose at least one date'),
  datesDuplicate: msg('Each date can be chosen only once'),
  tooManyDates: msg('At most 366 dates can be chosen at once'),
  fromDateRequired: msg('Start date is required'),
  toDateRequired: msg('End date is required'),
  toDateBeforeFrom: msg('End date must be on or after the start date'),
  weekdaysRequired: msg('Choose at least one weekday'),
  noDatesInRange: msg('None of the chosen weekdays falls between these dates'),
  slotLengthRequired: msg('Slot length is required'),
  slotLengthTooLong: msg('Slot length must be at most 24 hours'),
  breakInvalid: msg('Break must be between 0 and 720 minutes'),
  rangeShorterThanSlot: msg('The time range is shorter than one slot'),
  bulkFailed: msg('Failed to create time slots'),
} as const;

export const MIN_SLOT_MINUTES = 15;
/** Upper bound of one bulk request: enough for a month of half-hour slots, small enough for one transaction. */
export const MAX_SLOTS_PER_REQUEST = 500;
export const MAX_BULK_DATES = 366;
export const MAX_BREAK_MINUTES = 720;

export function bulkCreatedMessage(count: number, t: Translate = englishText): string {
  return count === 1
    ? t(MESSAGES.slotCreated, {})
    : t('{{count}} time slots created successfully!', { count });
}

export function bulkStartInPastMessage(
  day: string,
  time: string,
  t: Translate = englishText,
): string {
  return t('Slots on {{day}} must start after {{time}}, the current time', {
    day,
    time: hhmm(time),
  });
}

export function bulkTooManySlotsMessage(count: number, t: Translate = englishText): string {
  return t('At most {{max}} slots can be created at once (this run makes {{slots}})', {
    max: MAX_SLOTS_PER_REQUEST,
    slots: count,
  });
}
