import pg from 'pg';
import { isStatementError } from './errors';

/**
 * pg-pool's `query` ends the connection it used on ANY error (it releases the client with the
 * error, which removes it), though a statement the server refused (a unique or exclusion
 * violation, a deadlock victim, a serialization failure) leaves the session as sound as before.
 * A booking rush's refusals are such errors (the room of docs/product.md §13.3 answers
 * RESOURCE_BUSY from its exclusion constraint), so each one cost a new backend and its prepared
 * statements parsed again: about a second per rush on a 2-core machine
 * (docs/decisions/085-statement-errors-keep-the-connection.md).
 *
 * Here a statement error keeps the connection: the client is released as usual and its next
 * query waits for the server's ReadyForQuery (pg queues it until then). Anything else (a broken
 * socket, a FATAL from the server, a timeout of ours) still ends it, as pg-pool does.
 * Transactions are not concerned: drizzle runs them on a client of `connect()` and releases it
 * itself, after its ROLLBACK.
 */
export class SessionKeepingPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    // pg.Pool's `query` has callback and promise overloads: only the promise one (drizzle's and
    // ours) changes, the others go to pg-pool as they are.
    const poolQuery = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text !== 'string' && (typeof text !== 'object' || text === null)) {
        return poolQuery(...args);
      }
      const submittable = typeof (text as { submit?: unknown }).submit === 'function';
      if (submittable || typeof values === 'function' || typeof callback === 'function') {
        return poolQuery(...args);
      }
      return this.queryKeepingSession(text, values);
    }) as pg.Pool['query'];
  }

  private async queryKeepingSession(text: unknown, values: unknown): Promise<pg.QueryResult> {
    const client = await this.connect();
    let result: pg.QueryResult;
    try {
      result = await (client.query as (t: unknown, v: unknown) => Promise<pg.QueryResult>)(
        text,
        values,
      );
    } catch (error) {
      client.release(isStatementError(error) ? undefined : (error as Error));
      throw error;
    }
    client.release();
    return result;
  }
}
