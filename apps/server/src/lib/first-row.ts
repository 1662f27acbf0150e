import { NotFoundError } from '../errors';

/**
 * The first row a query answers, or a 404 with `message` when it answers none: the "load it or
 * it is not there (for this caller)" step of most services.
 */
export async function firstOrNotFound<T>(rows: PromiseLike<T[]>, message: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new NotFoundError(message);
  return row;
}

/** The first row a query answers, or `fallback` when it answers none. */
export async function firstOr<T, F>(rows: PromiseLike<T[]>, fallback: F): Promise<T | F> {
  const [row] = await rows;
  return row ?? fallback;
}
