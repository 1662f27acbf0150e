import { ApiError, DEFAULT_ERROR_MESSAGE } from '../../lib/api-client';

/** SPEC §8: the server's message when it sent one, else the screen's own failure text. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message !== DEFAULT_ERROR_MESSAGE) {
    return error.message;
  }
  return fallback;
}

/** Field errors the server sent with a 400, for the form fields that have them. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}
