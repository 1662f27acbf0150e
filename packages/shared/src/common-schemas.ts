import { z } from './zod';

/**
 * Small builders for the shapes the response schemas repeat: many answer fields are plain
 * strings (ids, ISO days and instants, names) or plain numbers. Spread them into `z.object`,
 * in the answer's field order: `z.object({ ...stringFields('id', 'day'), rating: z.number() })`.
 */

function fieldsOf<K extends string, T extends z.ZodType>(
  keys: readonly K[],
  make: () => T,
): { [P in K]: T } {
  return Object.fromEntries(keys.map((key) => [key, make()])) as { [P in K]: T };
}

/** Required string fields. */
export const stringFields = <const K extends string>(...keys: K[]) =>
  fieldsOf(keys, () => z.string());

/** Required number fields. */
export const numberFields = <const K extends string>(...keys: K[]) =>
  fieldsOf(keys, () => z.number());

/** String fields that may be null (a missing value is sent as null, never left out). */
export const nullableStringFields = <const K extends string>(...keys: K[]) =>
  fieldsOf(keys, () => z.string().nullable());

/**
 * The refinement of a PATCH body: at least one field must be given, else `message` (a 400 with
 * nothing to do, rather than an empty update).
 */
export function someFieldGiven(message: string) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (Object.values(values).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message });
    }
  };
}

/** `{ [key]: item[] }`: the answer of a list endpoint. */
export function listOf<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> });
}

/** `{ [key]: item[], nextCursor }`: one page of a cursor-paged list; `nextCursor` null at the end. */
export function cursorPageOf<K extends string, T extends z.ZodType>(key: K, item: T) {
  return listOf(key, item).extend({ nextCursor: z.string().nullable() });
}

/** `{ message, [key]: item }`: the answer of a write, its toast text and what it wrote. */
export function messageWith<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ message: z.string(), ...({ [key]: item } as { [P in K]: T }) });
}

/** A `?limit=` query field: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimitField(max: number, fallback: number, message: string) {
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .optional()
    .default(fallback);
}

/** The second argument of `.refine()`: the issue's `message`, reported at the field `path`. */
export const issueAt = (path: string, message: string) => ({ path: [path], message });

/** `{ id }` path parameters: a uuid, else a 400 with `message`. */
export const idParamsOf = (message: string) => z.object({ id: z.uuid(message) });
