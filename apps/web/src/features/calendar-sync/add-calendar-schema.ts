import {
  createCalendarConnectionSchema,
  type CalendarConnectionKind,
  type CreateCalendarConnectionInput,
} from '@slotwise/shared/calendar-sync-schemas';
import { z } from '@slotwise/shared/zod';

/** The form's fields, all strings: the CalDAV ones are left out of an ICS address. */
export interface AddCalendarValues {
  kind: CalendarConnectionKind;
  url: string;
  name: string;
  username: string;
  password: string;
}

export const EMPTY_CALENDAR_FORM: AddCalendarValues = {
  kind: 'ics',
  url: '',
  name: '',
  username: '',
  password: '',
};

/**
 * The form checked by the server's own schema (createCalendarConnectionSchema): an ICS address
 * is sent without the CalDAV fields, an empty name as none.
 */
export const addCalendarSchema = z.preprocess((raw) => {
  const values = raw as AddCalendarValues;
  const name = values.name.trim() === '' ? null : values.name;
  return values.kind === 'ics' ? { kind: 'ics', url: values.url, name } : { ...values, name };
}, createCalendarConnectionSchema) as unknown as z.ZodType<
  CreateCalendarConnectionInput,
  AddCalendarValues
>;
