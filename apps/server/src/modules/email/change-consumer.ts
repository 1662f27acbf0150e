import type { DbOrTx } from '../../db/client';
import type { AppointmentChange } from '../appointments/service';

/**
 * The interface of the appointments module's change fan-out (being built as
 * `appointments/change-fanout.ts`); defined here until it lands, then imported from there.
 */
export interface AppointmentChangeConsumer {
  name: string;
  /** Durable effects, in the change's own transaction: enqueue jobs here. */
  inTransaction?(tx: DbOrTx, change: AppointmentChange): Promise<void>;
  afterCommit?(change: AppointmentChange): void;
}
