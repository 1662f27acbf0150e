import { ERROR_CODES } from '@slotwise/shared/api-error-schemas';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Internals that must never reach a client (docs/product.md §10.2: no stack trace or SQL). */
const INTERNALS =
  /\bat [\w$.<>]+ \(|node_modules|\.[jt]s:\d+|Failed query|from "\w+"|insert into "|update "\w+" set|violates|syntax error at|relation "|duplicate key|invalid input syntax|invalid byte sequence/i;

/** The docs/product.md §10.2 error body: `{message, error, code, fieldErrors?}`, message === error. */
export function expectErrorBody(res: LightMyRequestResponse, label = ''): void {
  expect(res.headers['content-type'], `${label}: content type`).toMatch(/^application\/json/);
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    throw new Error(`${label}: the error body is not JSON: ${res.body.slice(0, 200)}`);
  }
  expect(
    Object.keys(body).filter((k) => !['message', 'error', 'code', 'fieldErrors'].includes(k)),
    `${label}: unexpected keys in ${res.body.slice(0, 200)}`,
  ).toEqual([]);
  expect(typeof body.message, `${label}: message in ${res.body.slice(0, 200)}`).toBe('string');
  expect((body.message as string).length, `${label}: empty message`).toBeGreaterThan(0);
  expect(body.error, `${label}: error === message`).toBe(body.message);
  expect(ERROR_CODES, `${label}: code`).toContain(body.code);
  if (body.fieldErrors !== undefined) {
    expect(typeof body.fieldErrors, `${label}: fieldErrors`).toBe('object');
    for (const value of Object.values(body.fieldErrors as object)) {
      expect(typeof value, `${label}: fieldErrors values`).toBe('string');
    }
  }
  expect(res.body, `${label}: internals in the error body`).not.toMatch(INTERNALS);
}
