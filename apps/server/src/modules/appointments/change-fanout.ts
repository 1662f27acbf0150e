import type { DbOrTx } from '../../db/client';
import type { AppointmentChange } from './change';

/**
 * THE place where an appointment change reaches everything that reacts to it. Book, cancel and
 * reschedule (book.ts, cancel.ts, reschedule.ts) build one `AppointmentChange` and hand it to
 * `app.appointmentChanges`; they never call a consumer themselves.
 *
 * Two phases:
 * - `inTransaction(tx, change)` runs inside the change's own transaction, after its rows are
 *   written: durable effects that must commit (or roll back) with it — the stored notification,
 *   queued email/reminder jobs, review prompts. A throw here rolls the whole change back.
 * - `afterCommit(change)` runs once the change is committed: socket events, metrics. It must not
 *   throw (a throw is caught and logged, the request still succeeds). A consumer that returns a
 *   promise (telling the other instances, push/provider-window-cache.ts) is awaited before the
 *   answer leaves; a rejection is logged like a throw.
 *
 * The booking is ONE statement (claim the slot, insert the appointment, its event and the stored
 * notification — docs/decisions/035-change-notifications-and-events.md): the slot's row lock must not outlive it, so no
 * transaction is open around it. The consumers whose rows that statement writes itself are
 * listed in `WRITTEN_BY_BOOKING_STATEMENT` (book.ts); for a booking, every OTHER consumer's
 * `inTransaction` runs right after the booking committed, its statements on their own (no
 * transaction around them: each queues its own jobs, `fanOutBooking` in book.ts).
 *
 * Plugging in a consumer (email, reminders, reviews…):
 *   1. write `export const myConsumer: AppointmentChangeConsumer = { name: 'my-thing', … }` in
 *      your module (import the types from here and from ./change — never the commands);
 *   2. add it to the list in app/appointment-changes.ts (the one place that composes them: the
 *      appointments module imports no consumer), or call
 *      `app.appointmentChanges.register(myConsumer)` from your plugin before the app listens.
 * Consumers run in registration order; `change.told` is the other party's text, already built.
 */
export interface AppointmentChangeConsumer {
  name: string;
  /** Inside the change's transaction: durable effects (stored notification, stats event row, queued jobs). */
  inTransaction?(tx: DbOrTx, change: AppointmentChange): Promise<void>;
  /** After commit: sockets, metrics. Must not throw; a returned promise is awaited. */
  afterCommit?(change: AppointmentChange): void | Promise<void>;
  /** Inside the transaction that marks an appointment a no-show (its fee, docs/decisions/068). */
  onNoShow?(tx: DbOrTx, appointmentId: string): Promise<void>;
  /**
   * Inside the transaction that freed slots without telling anyone (an unpaid hold released,
   * docs/decisions/068-payments.md): the waitlist offers them (docs/decisions/069-waitlist.md).
   * Its `afterCommit` then runs with the same change.
   */
  onSlotsFreed?(tx: DbOrTx, change: AppointmentChange): Promise<void>;
}

/**
 * The consumers whose durable rows the booking statement writes itself (book.ts), by the names
 * they register under: the other party's stored notification, and the mail jobs
 * (`mailJobsFor`, change-jobs.ts) of the email module's consumer.
 */
export const STORED_NOTIFICATION_CONSUMER = 'stored-notification';
export const MAIL_CONSUMER = 'email';

interface FanoutLog {
  error(details: object, message: string): void;
}

/** The registry the app builds once (`app.appointmentChanges`, app/appointment-changes.ts). */
export class AppointmentChanges {
  readonly #consumers: AppointmentChangeConsumer[] = [];

  constructor(
    consumers: readonly AppointmentChangeConsumer[] = [],
    private readonly log?: FanoutLog,
  ) {
    for (const consumer of consumers) this.register(consumer);
  }

  register(consumer: AppointmentChangeConsumer): void {
    if (this.#consumers.some((known) => known.name === consumer.name)) {
      throw new Error(`appointment change consumer '${consumer.name}' is registered twice`);
    }
    this.#consumers.push(consumer);
  }

  get names(): string[] {
    return this.#consumers.map((consumer) => consumer.name);
  }

  /** Whether any consumer but `except` has durable work for a change. */
  hasTransactionalWork(except: readonly string[] = []): boolean {
    return this.#consumers.some((c) => c.inTransaction && !except.includes(c.name));
  }

  /** Phase 1, inside the change's transaction; `except`: consumers already written for. */
  async inTransaction(
    tx: DbOrTx,
    change: AppointmentChange,
    except: readonly string[] = [],
  ): Promise<void> {
    for (const consumer of this.#consumers) {
      if (consumer.inTransaction && !except.includes(consumer.name)) {
        await consumer.inTransaction(tx, change);
      }
    }
  }

  /** The no-show hooks, inside the transaction that marked the appointment (no-show.ts). */
  async noShowInTransaction(tx: DbOrTx, appointmentId: string): Promise<void> {
    for (const consumer of this.#consumers) await consumer.onNoShow?.(tx, appointmentId);
  }

  /** The freed-slot hooks, inside the transaction that released a hold (payments/checkout.ts). */
  async slotsFreedInTransaction(tx: DbOrTx, change: AppointmentChange): Promise<void> {
    for (const consumer of this.#consumers) await consumer.onSlotsFreed?.(tx, change);
  }

  /**
   * Phase 2, after commit: every consumer runs (synchronously, in order) even if one before it
   * throws; then the promises some returned are awaited together. Never rejects.
   */
  async afterCommit(change: AppointmentChange): Promise<void> {
    const pending: Promise<void>[] = [];
    const failed = (consumer: AppointmentChangeConsumer, error: unknown) =>
      this.log?.error(
        { err: error, consumer: consumer.name, appointmentId: change.notice.appointmentId },
        'appointment change consumer failed after commit',
      );
    for (const consumer of this.#consumers) {
      try {
        const done: unknown = consumer.afterCommit?.(change);
        // Only a promise is awaited: a consumer written as an arrow may hand back whatever the
        // call inside returned (prom-client's inc returns an object), which is not a failure.
        if (done instanceof Promise) {
          pending.push(done.catch((error: unknown) => failed(consumer, error)));
        }
      } catch (error) {
        failed(consumer, error);
      }
    }
    if (pending.length > 0) await Promise.all(pending);
  }
}
