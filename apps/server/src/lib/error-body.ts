import { ERROR_CODES } from '@slotwise/shared/api-error-schemas';
import { z } from 'zod';

/** The docs/product.md §10.2 error body, as a response schema. */
export const errorBody = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
