import type { DbOrTx } from '../../db/client';
import type { AppointmentChange } from '../appointments/change';
import type { AppointmentChangeConsumer } from '../appointments/change-fanout';
import { type OfferMade, type OffersMade, offerSlots } from './offers';
import type { WaitlistSettings } from './settings';

/**
 * The waitlist's part of every appointment change (docs/decisions/069-waitlist.md): a slot freed
 * by a cancel, a reschedule away or an unpaid hold is offered in the change's own transaction,
 * so it is never public in between; once committed, each client offered is told.
 */
export function waitlistConsumer(
  settings: WaitlistSettings,
  tell: (made: OffersMade) => void,
): AppointmentChangeConsumer {
  const made = new WeakMap<AppointmentChange, OfferMade[]>();
  const offer = async (tx: DbOrTx, change: AppointmentChange) => {
    if (change.slots.freed.length === 0) return;
    const offers = await offerSlots(tx, settings, change.slots.freed);
    if (offers.length > 0) made.set(change, offers);
  };
  return {
    name: 'waitlist',
    async inTransaction(tx, change) {
      // A held booking frees nothing; its release comes through onSlotsFreed.
      if (!change.held) await offer(tx, change);
    },
    onSlotsFreed: offer,
    afterCommit(change) {
      const offers = made.get(change);
      if (offers) tell({ offers, released: [] });
    },
  };
}
