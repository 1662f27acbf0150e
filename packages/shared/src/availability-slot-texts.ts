import { hhmm } from './dates';
import { MESSAGES } from './texts';

/** Time slots: our own texts, limits and composed messages (docs/decisions/026-slot-conflicts.md). */

/** Our own texts where docs/product.md has none. */
export const TIMESLOT_MESSAGES = {
  invalidDate: 'Date must be a valid date (YYYY-MM-DD)',
  invalidStartTime: 'Start time must be a valid time (HH:MM)',
  invalidEndTime: 'End time must be a valid time (HH:MM)',
  startInPast: 'Start time cannot be in the past',
  typeTooLong: 'Type must be at most 80 characters',
  nothingToUpdate: 'Nothing to update: send a day, start time, end time or type',
  invalidId: 'Invalid time slot id',
  slotNotFound: 'Time slot not found',
  slotBookedUpdate: 'This slot is booked and cannot be changed. Cancel the appointment first.',
  slotBookedDelete: 'This slot is booked and cannot be deleted. Cancel the appointment first.',
  overlapUnknown: 'This time slot overlaps one of your existing slots',
  // Several slots at once
  datesRequired: 'Choose at least one date',
  datesDuplicate: 'Each date can be chosen only once',
  tooManyDates: `At most ${366} dates can be chosen at once`,
  fromDateRequired: 'Start date is required',
  toDateRequired: 'End date is required',
  toDateBeforeFrom: 'End date must be on or after the start date',
  weekdaysRequired: 'Choose at least one weekday',
  noDatesInRange: 'None of the chosen weekdays falls between these dates',
  slotLengthRequired: 'Slot length is required',
  slotLengthTooLong: 'Slot length must be at most 24 hours',
  breakInvalid: 'Break must be between 0 and 720 minutes',
  rangeShorterThanSlot: 'The time range is shorter than one slot',
  bulkFailed: 'Failed to create time slots',
} as const;

export const MIN_SLOT_MINUTES = 15;
/** Upper bound of one bulk request: enough for a month of half-hour slots, small enough for one transaction. */
export const MAX_SLOTS_PER_REQUEST = 500;
export const MAX_BULK_DATES = 366;
export const MAX_BREAK_MINUTES = 720;

export function bulkCreatedMessage(count: number): string {
  return count === 1 ? MESSAGES.slotCreated : `${count} time slots created successfully!`;
}

export function bulkStartInPastMessage(day: string, time: string): string {
  return `Slots on ${day} must start after ${hhmm(time)}, the current time`;
}

export function bulkTooManySlotsMessage(count: number): string {
  return `At most ${MAX_SLOTS_PER_REQUEST} slots can be created at once (this run makes ${count})`;
}
