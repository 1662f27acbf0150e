import { dayOf, type SlotClock } from './dates';
import { listOf, messageWith, someFieldGiven, stringFields } from './common-schemas';
import { msg } from './locales';
import { MESSAGES } from './texts';
import {
  addIssues,
  endTimeField,
  slotCrossFieldIssues,
  slotDateField,
  slotServiceIdField,
  slotTypeField,
  startTimeField,
} from './availability-slot-field-schemas';
import { TIMESLOT_MESSAGES } from './availability-slot-texts';
import { capacityField } from './appointments-series-schemas';
import { requiredText, z } from './zod';

/**
 * Time slots (docs/product.md): the request and response schemas of one slot, built from the
 * rules in availability-slot-field-schemas.ts and used by the server's routes and service and by the web forms
 * (react-hook-form + zodResolver). Several slots at once: availability-slot-run-schemas.ts.
 */

/**
 * One slot: the Create form, the Update form (prefilled) and the create body. With a clock
 * the past is refused too (forms: the browser's clock; the server adds the provider's).
 */
export function timeslotFormSchema(clock?: SlotClock) {
  return z
    .object({
      day: slotDateField,
      startTime: startTimeField,
      endTime: endTimeField,
    })
    .superRefine((values, ctx) => addIssues(ctx, slotCrossFieldIssues(values, clock)));
}
export type TimeslotFormValues = z.input<ReturnType<typeof timeslotFormSchema>>;

/** POST /timeslots/create: `{day, startTime, endTime, type?}` (docs/product.md §7). */
export const createTimeslotBodySchema = z
  .object({
    day: slotDateField,
    startTime: startTimeField,
    endTime: endTimeField,
    type: slotTypeField.optional(),
    /** The provider's service this slot is for: its name becomes the type (docs/product.md §11). */
    serviceId: slotServiceIdField.optional(),
    /** Seats (docs/decisions/067-seats-and-series.md): 1 by default, up to 100 for a class. */
    capacity: capacityField.optional(),
  })
  .superRefine((values, ctx) => addIssues(ctx, slotCrossFieldIssues(values)));
export type CreateTimeslotBody = z.input<typeof createTimeslotBodySchema>;

/**
 * PATCH /timeslots/update/:id: every field optional, only the sent ones change; `day` may be an
 * ISO date-time (docs/product.md §7) whose date part is the day. The server re-checks the merged slot
 * with `timeslotFormSchema`.
 */
export const updateTimeslotBodySchema = z
  .object({
    day: requiredText(MESSAGES.dateRequired)
      .refine((value) => value === '' || dayOf(value) !== null, TIMESLOT_MESSAGES.invalidDate)
      .transform((value) => dayOf(value) ?? value)
      .optional(),
    startTime: startTimeField.optional(),
    endTime: endTimeField.optional(),
    type: slotTypeField.optional(),
    /** Not below the seats already booked (409 CAPACITY_BELOW_BOOKED). */
    capacity: capacityField.optional(),
  })
  .superRefine(someFieldGiven(TIMESLOT_MESSAGES.nothingToUpdate))
  .superRefine((values, ctx) => addIssues(ctx, slotCrossFieldIssues(values)));
export type UpdateTimeslotBody = z.input<typeof updateTimeslotBodySchema>;

// ---- Responses -------------------------------------------------------------------------------

/** docs/product.md §3 time slot, as the API answers it. */
export const timeslotResponseSchema = z.object({
  ...stringFields('id', 'day', 'start_time', 'end_time', 'type'),
  is_booked: z.boolean(),
  /** docs/product.md §11: the slot's service and its current price (null when the slot names none). */
  service_id: z.string().nullable().optional(),
  price_cents: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  /** Seats and those still free (docs/decisions/067-seats-and-series.md); `is_booked`: none free. */
  capacity: z.number().optional(),
  seats_left: z.number().optional(),
});
export type Timeslot = z.infer<typeof timeslotResponseSchema>;

export const timeslotListResponseSchema = listOf('slots', timeslotResponseSchema);
export type TimeslotListResponse = z.infer<typeof timeslotListResponseSchema>;

export const timeslotMessageResponseSchema = messageWith('slot', timeslotResponseSchema);
export type TimeslotMessageResponse = z.infer<typeof timeslotMessageResponseSchema>;

export const bulkCreateTimeslotsResponseSchema = z.object({
  message: z.string(),
  slots: z.array(timeslotResponseSchema),
});
export type BulkCreateTimeslotsResponse = z.infer<typeof bulkCreateTimeslotsResponseSchema>;

/** GET /timeslots/view: from today on by default, `?include=past` for the whole history. */
export const timeslotListQuerySchema = z.object({
  include: z.enum(['past'], { error: msg("include must be 'past'") }).optional(),
});
