import type { z } from 'zod';
import { ValidationError } from '../errors';

/**
 * Parses with a shared schema and turns failures into the docs/product.md §10 400: the first message
 * per field in `fieldErrors`, the first overall as `message`. Used where Fastify's schema
 * validation cannot run (multipart bodies).
 */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    fieldErrors[field] ??= issue.message;
  }
  throw new ValidationError(Object.values(fieldErrors)[0] ?? 'Invalid request', fieldErrors);
}
