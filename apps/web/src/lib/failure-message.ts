import { translate } from './i18n';
import { ApiError, DEFAULT_ERROR_MESSAGE } from './api-client';

/**
 * docs/product.md §8: the server's message when it sent one (worded in the screen's language by
 * the server), else the screen's own failure text, an English key translated here (a network
 * failure or an answer without a message gets the fallback).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message !== DEFAULT_ERROR_MESSAGE) {
    return error.message;
  }
  return translate(fallback);
}

/** The server's per-field messages of a 400 (field name → message); empty for other errors. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}
