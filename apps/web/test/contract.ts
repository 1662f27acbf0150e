import { ERROR_CODES, type ErrorCode } from '@slotwise/shared/api-error-schemas';
import { z } from '@slotwise/shared/zod';
import { json } from './mock-api';

/** The error body every failed request gets (docs/product.md §10: message, error, code, fieldErrors?). */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

const violations: string[] = [];

/** Object keys sorted, so two bodies compare equal whatever order their keys were written in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * A JSON answer of an in-memory fake, checked against the server's response schema from
 * packages/shared: a missing or mistyped field, or a field the schema does not know, is a
 * contract violation. It is recorded (test/setup.ts fails the test) and thrown.
 */
export function contractJson(route: string, schema: z.ZodType, status: number, body: unknown) {
  const result = schema.safeParse(body);
  let problem: string | null = null;
  if (!result.success) problem = z.prettifyError(result.error);
  else if (JSON.stringify(canonical(result.data)) !== JSON.stringify(canonical(body))) {
    problem = 'the answer has fields the shared schema does not declare';
  }
  if (problem) {
    const message = `${route} → ${status}: answer does not match the shared schema: ${problem}`;
    violations.push(message);
    throw new Error(message);
  }
  return json(status, body);
}

/** An error answer, checked against the docs/product.md §10.2 error body. */
export function contractError(route: string, status: number, body: unknown) {
  return contractJson(route, errorBodySchema, status, body);
}

/**
 * An error answer as the server sends it (docs/product.md §10.2), for a test to hand to a fake:
 * `message` doubles as `error`; checked like every answer.
 */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  fieldErrors?: Record<string, string>,
): Response {
  return contractError(`test answer ${code}`, status, errorBody(code, message, fieldErrors));
}

/** The body of apiError, for fakes that take a status and a body. */
export function errorBody(code: ErrorCode, message: string, fieldErrors?: Record<string, string>) {
  return { message, error: message, code, ...(fieldErrors ? { fieldErrors } : {}) };
}

/** The server's 400 for bad input: `fieldErrors`, the first of them as the message. */
export function validationError(route: string, fieldErrors: Record<string, string>) {
  const message = Object.values(fieldErrors)[0] ?? 'Invalid input';
  return contractError(route, 400, errorBody('VALIDATION_FAILED', message, fieldErrors));
}

/** The violations recorded since the last call (and forgets them). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}
