import { z } from './zod';

/** Stable machine codes of the docs/product.md §10.2 error body. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'SLOT_TAKEN',
  'SLOT_OVERLAP',
  'SLOT_BOOKED',
  'INVALID_STATE',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'INVALID_TOKEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'NOT_REVIEWABLE',
  'ALREADY_REVIEWED',
  'ALREADY_REPLIED',
  'REPLY_LOCKED',
  'TOO_SOON',
  'TOO_FAR_AHEAD',
  'DAILY_LIMIT_REACHED',
  'BUFFER_CONFLICT',
  'CANCEL_WINDOW_PASSED',
  'RESOURCE_BUSY',
  'ALREADY_IN_BUSINESS',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'STAFF_HAS_BOOKINGS',
  'ALREADY_BOOKED',
  'CAPACITY_BELOW_BOOKED',
  'CARD_DECLINED',
  'PAYMENT_EXPIRED',
  'ALREADY_PAID',
  'SLOT_HELD',
  'PROVIDER_BUSY',
  'URL_NOT_ALLOWED',
  'PROVIDER_SUSPENDED',
  'ALREADY_REPORTED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error response: `message` and `error` carry the same human text (SPEC's client reads either). */
export interface ErrorBody {
  message: string;
  error: string;
  code: ErrorCode;
  fieldErrors?: Record<string, string>;
}

/** The error body as a schema: the one every route declares for its error answers. */
export const apiErrorSchema = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  fieldErrors: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<ErrorBody>;

/**
 * A route's error answers by status, for its `schema.response`: `errorResponses(400, 401, 403)`.
 * List them in the order of checks of docs/product.md (401 → 403 → 400 → 404 → 409).
 */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}
