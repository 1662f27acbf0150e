import { randomUUID } from 'node:crypto';
import {
  offerMessage,
  WAITLIST_MESSAGES,
  type WaitlistOffer,
} from '@slotwise/shared/waitlist-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { providers, services, timeslots, users, waitlistOffers } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { cancelJobsByKey, enqueueJobs } from '../../jobs/job-queue';
import { slotIsBusy, slotIsFreeAndFuture } from '../appointments/claimable-slot';
import { createNotification } from '../notifications/service';
import { queuePushes } from '../web-push/push-queue';
import { slotObeysPolicy } from '../policies/policy-rules';
import { textIfWanted } from '../sms/sms-queue';
import { waitlistOfferText } from '../sms/sms-texts';
import type { WaitlistSettings } from './settings';

/**
 * Offers (docs/decisions/069-waitlist.md). A slot that frees up inside someone's window is
 * offered to the earliest such entry, in the transaction that freed it: the open offer holds one
 * seat, which the booking claim counts (appointments/claimable-slot.ts), so nobody else can take
 * it until the offer is accepted, declined or runs out — on any instance. Declined or run out,
 * it goes to the next entry; with nobody left the slot is public.
 *
 * Lock order, everywhere: the slot's row, then the offer's (the claim statement locks the slot,
 * then takes up the client's offer), so an offer's end racing its acceptance cannot deadlock.
 */

/** The job that ends an offer at its deadline and passes the slot on. */
export const OFFER_EXPIRY_JOB = 'waitlist.offer-expiry';
/** The offer's mail to its client. */
export const OFFER_MAIL_JOB = 'waitlist.offer-mail';

/** An offer made, for the after-commit socket event. */
export interface OfferMade {
  offerId: string;
  clientId: string;
  timeslotId: string;
  expiresAt: Date;
}

/** What a transaction did to the waitlist: offers made, and slots that went public. */
export interface OffersMade {
  offers: OfferMade[];
  /** Slots an offer ended on with nobody left to offer them to: public again. */
  released: { providerId: string; timeslotId: string }[];
}

export const NOTHING_OFFERED: OffersMade = { offers: [], released: [] };

interface SlotToOffer {
  id: string;
  provider_id: string;
  day: string;
  start_time: string;
  starts_at: Date | string;
  slot_type: string;
  seats_open: number;
  offerable: boolean;
  provider_name: string;
  service_name: string | null;
}

/**
 * Locks the slot and reads what an offer needs: the seats neither taken nor held, and whether it
 * may be offered at all (free, in the future, not busy in the provider's calendars, the provider
 * not suspended (docs/product.md §19.4), allowed by the provider's booking policy).
 */
async function lockSlotToOffer(tx: DbOrTx, timeslotId: string): Promise<SlotToOffer | null> {
  const [slot] = await queryRows<SlotToOffer>(
    tx,
    sql`select ${timeslots.id} as id, ${timeslots.providerId} as provider_id,
          ${timeslots.day}::text as day, ${timeslots.startTime}::text as start_time,
          ${timeslots.startsAt} as starts_at, ${timeslots.type} as slot_type,
          (${timeslots.capacity} - ${timeslots.seatsTaken} - (select count(*) from waitlist_offers o
             where o.timeslot_id = ${timeslots.id} and o.status = 'offered'
               and o.expires_at > now()))::int as seats_open,
          (${slotIsFreeAndFuture} and not ${slotIsBusy} and p.suspended_at is null
            and ${slotObeysPolicy()}) as offerable,
          pu.first_name || ' ' || pu.last_name as provider_name, s.name as service_name
        from ${timeslots}
        join ${providers} p on p.id = ${timeslots.providerId}
        join ${users} pu on pu.id = p.user_id
        left join ${services} s on s.id = ${timeslots.serviceId}
        where ${timeslots.id} = ${timeslotId}
        for update of ${timeslots}`,
  );
  return slot ?? null;
}

/**
 * One offer of the slot to the earliest waiting entry whose window holds it (an index range scan
 * on the provider's windows), or null with nobody to offer it to. An entry is offered a slot
 * once, holds one open offer at a time, and is skipped where its client already has a seat.
 * ON CONFLICT: an entry another transaction just made an offer to is left to it.
 */
async function offerToNext(
  tx: DbOrTx,
  timeslotId: string,
  expiresAt: Date,
): Promise<{ offerId: string; clientId: string } | null> {
  const offerId = randomUUID();
  const [made] = await queryRows<{ id: string; client_id: string }>(
    tx,
    sql`with slot as (
          select t.id, t.provider_id, t.service_id, t.starts_at, t.ends_at
          from ${timeslots} t where t.id = ${timeslotId}
        ), next_entry as (
          select e.id as entry_id, e.client_id
          from slot t
          join waitlist_windows w on w.provider_id = t.provider_id
            and w.starts_at <= t.starts_at and w.ends_at >= t.ends_at
          join waitlist_entries e on e.id = w.entry_id
          where e.status = 'waiting' and e.ends_at > now()
            and (e.service_id is null or e.service_id = t.service_id)
            and not exists (select 1 from waitlist_offers o where o.entry_id = e.id
                            and (o.timeslot_id = t.id or o.status = 'offered'))
            and not exists (select 1 from appointments a where a.timeslot_id = t.id
                            and a.client_id = e.client_id and a.status in ('booked', 'pending_payment'))
          order by e.created_at, e.id
          limit 1
        )
        insert into waitlist_offers (id, entry_id, client_id, provider_id, timeslot_id, expires_at)
        select ${offerId}, n.entry_id, n.client_id, t.provider_id, t.id, ${expiresAt.toISOString()}::timestamptz
        from next_entry n, slot t
        on conflict do nothing
        returning id, client_id`,
  );
  return made ? { offerId: made.id, clientId: made.client_id } : null;
}

/**
 * In the transaction that freed or created the slots: each free seat not yet held goes to the
 * next waiting entry (one seat per entry), held for `holdMinutes`, with the client's stored
 * notification, mail and the offer's expiry job written alongside.
 */
export async function offerSlots(
  tx: DbOrTx,
  settings: WaitlistSettings,
  timeslotIds: readonly string[],
): Promise<OfferMade[]> {
  const made: OfferMade[] = [];
  for (const timeslotId of [...new Set(timeslotIds)].sort()) {
    const slot = await lockSlotToOffer(tx, timeslotId);
    if (!slot?.offerable) continue;
    for (let seat = 0; seat < slot.seats_open; seat++) {
      const expiresAt = new Date(Date.now() + settings.holdMinutes * 60_000);
      // A conflict with a concurrent offer to the same entry: the next try skips that entry.
      let offer: Awaited<ReturnType<typeof offerToNext>> = null;
      for (let attempt = 0; attempt < 3 && !offer; attempt++) {
        offer = await offerToNext(tx, timeslotId, expiresAt);
        if (!offer && !(await someEntryMatches(tx, timeslotId))) break;
      }
      if (!offer) break;
      await writeOfferEffects(tx, settings, slot, { ...offer, timeslotId, expiresAt });
      made.push({ ...offer, timeslotId, expiresAt });
    }
  }
  return made;
}

/** Whether any entry could still take the slot (after an insert that did nothing). */
async function someEntryMatches(tx: DbOrTx, timeslotId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists (
          select 1 from ${timeslots} t
          join waitlist_windows w on w.provider_id = t.provider_id
            and w.starts_at <= t.starts_at and w.ends_at >= t.ends_at
          join waitlist_entries e on e.id = w.entry_id
          where t.id = ${timeslotId} and e.status = 'waiting' and e.ends_at > now()
            and (e.service_id is null or e.service_id = t.service_id)
            and not exists (select 1 from waitlist_offers o where o.entry_id = e.id
                            and (o.timeslot_id = t.id or o.status = 'offered'))) as found`,
  );
  return row?.found ?? false;
}

/** The hold on the slot, the client's stored notification, the mail and the expiry job. */
async function writeOfferEffects(
  tx: DbOrTx,
  settings: WaitlistSettings,
  slot: SlotToOffer,
  offer: OfferMade,
): Promise<void> {
  await tx
    .update(timeslots)
    .set({
      heldUntil: sql`greatest(coalesce(${timeslots.heldUntil}, now()), ${offer.expiresAt.toISOString()}::timestamptz)`,
    })
    .where(eq(timeslots.id, offer.timeslotId));
  const message = offerMessage({
    providerName: slot.provider_name,
    serviceName: slot.service_name,
    day: slot.day,
    startTime: slot.start_time,
    holdMinutes: settings.holdMinutes,
  });
  await createNotification(tx, {
    userId: offer.clientId,
    type: 'waitlist_offer',
    title: WAITLIST_MESSAGES.offerTitle,
    message,
    appointmentId: null,
  });
  // Its text (docs/product.md §20.3), not sent once the hold has ended or the offer is over.
  const what = `${slot.service_name ?? slot.slot_type} with ${slot.provider_name}`;
  await textIfWanted(tx, [offer.clientId], 'waitlist', (recipient) => ({
    body: waitlistOfferText(
      {
        what,
        startsAt: new Date(slot.starts_at),
        expiresAt: offer.expiresAt,
        link: `${settings.publicUrl}/waitlist`,
      },
      recipient.timezone,
    ),
    notAfter: offer.expiresAt,
    offerId: offer.offerId,
  }));
  // Its push (docs/product.md §20.2), when the client's cell waitlist × push is on.
  await queuePushes(tx, 'waitlist', [
    {
      userId: offer.clientId,
      title: WAITLIST_MESSAGES.offerTitle,
      body: message,
      url: '/waitlist',
      tag: `waitlist-offer:${offer.offerId}`,
    },
  ]);
  await enqueueJobs(tx, [
    {
      kind: OFFER_MAIL_JOB,
      key: `waitlist-offer-mail:${offer.offerId}`,
      payload: { offerId: offer.offerId },
    },
    {
      kind: OFFER_EXPIRY_JOB,
      key: `waitlist-offer:${offer.offerId}`,
      payload: { offerId: offer.offerId },
      runAt: offer.expiresAt,
    },
  ]);
}

/**
 * Ends an open offer (declined, withdrawn or run out) and passes its slot on. The slot's row is
 * locked first (see the lock order above). `released`: nobody was left, the slot is public.
 */
async function endOffer(
  tx: DbOrTx,
  settings: WaitlistSettings,
  offer: { id: string; timeslotId: string; providerId: string },
  status: 'declined' | 'expired',
): Promise<OffersMade> {
  await lockSlotToOffer(tx, offer.timeslotId);
  const [ended] = await tx
    .update(waitlistOffers)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(waitlistOffers.id, offer.id), eq(waitlistOffers.status, 'offered')))
    .returning({ id: waitlistOffers.id });
  if (!ended) return NOTHING_OFFERED;
  await cancelJobsByKey(tx, `waitlist-offer:${offer.id}`);
  const offers = await offerSlots(tx, settings, [offer.timeslotId]);
  const released =
    offers.length === 0 ? [{ providerId: offer.providerId, timeslotId: offer.timeslotId }] : [];
  return { offers, released };
}

interface OpenOffer {
  id: string;
  timeslotId: string;
  providerId: string;
  clientId: string;
  status: string;
  expiresAt: Date;
}

async function offerRow(tx: DbOrTx, where: ReturnType<typeof and>): Promise<OpenOffer | null> {
  const [row] = await tx
    .select({
      id: waitlistOffers.id,
      timeslotId: waitlistOffers.timeslotId,
      providerId: waitlistOffers.providerId,
      clientId: waitlistOffers.clientId,
      status: waitlistOffers.status,
      expiresAt: waitlistOffers.expiresAt,
    })
    .from(waitlistOffers)
    .where(where)
    .limit(1);
  return row ?? null;
}

/** POST /waitlist/offers/:id/decline: the client lets it go; the next entry gets it. */
export async function declineOffer(
  tx: DbOrTx,
  settings: WaitlistSettings,
  clientUserId: string,
  offerId: string,
): Promise<OffersMade> {
  const offer = await offerRow(
    tx,
    and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.clientId, clientUserId)),
  );
  if (!offer) throw new NotFoundError(WAITLIST_MESSAGES.offerNotFound);
  if (offer.status !== 'offered') {
    throw new ConflictError('INVALID_STATE', WAITLIST_MESSAGES.offerClosed);
  }
  return endOffer(tx, settings, offer, 'declined');
}

/** An entry removed: its open offer, if any, is withdrawn (as declined) and passed on. */
export async function withdrawOpenOffer(
  tx: DbOrTx,
  settings: WaitlistSettings,
  owner: { entryId: string; clientUserId: string },
): Promise<OffersMade> {
  const offer = await offerRow(
    tx,
    and(
      eq(waitlistOffers.entryId, owner.entryId),
      eq(waitlistOffers.clientId, owner.clientUserId),
      eq(waitlistOffers.status, 'offered'),
    ),
  );
  return offer ? endOffer(tx, settings, offer, 'declined') : NOTHING_OFFERED;
}

/** The expiry job: an offer still open past its deadline ends, and the slot passes on. */
export async function expireOffer(
  tx: DbOrTx,
  settings: WaitlistSettings,
  offerId: string,
  now: Date,
): Promise<OffersMade> {
  const offer = await offerRow(tx, eq(waitlistOffers.id, offerId));
  if (!offer || offer.status !== 'offered' || offer.expiresAt > now) return NOTHING_OFFERED;
  return endOffer(tx, settings, offer, 'expired');
}

/**
 * The open offer a client accepts: theirs, still open and in time (else 404 / 409). The booking
 * itself is the ordinary claim (book.ts), which takes the offer up in the same statement.
 */
export async function offerToAccept(
  db: DbOrTx,
  clientUserId: string,
  offerId: string,
): Promise<OpenOffer> {
  const offer = await offerRow(
    db,
    and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.clientId, clientUserId)),
  );
  if (!offer) throw new NotFoundError(WAITLIST_MESSAGES.offerNotFound);
  if (offer.status === 'offered' && offer.expiresAt > new Date()) return offer;
  if (offer.status === 'accepted' || offer.status === 'declined') {
    throw new ConflictError('INVALID_STATE', WAITLIST_MESSAGES.offerClosed);
  }
  throw new ConflictError('INVALID_STATE', WAITLIST_MESSAGES.offerExpired);
}

/** GET /waitlist/offers: the client's offers, newest first. */
export async function ownOffers(db: DbOrTx, clientUserId: string): Promise<WaitlistOffer[]> {
  return queryRows<WaitlistOffer>(
    db,
    sql`select o.id, o.entry_id, o.timeslot_id, o.provider_id,
          pu.first_name as provider_first_name, pu.last_name as provider_last_name,
          s.name as service_name, pu.timezone, t.day::text as day,
          t.start_time::text as start_time, t.end_time::text as end_time,
          to_char(t.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as starts_at,
          to_char(t.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ends_at,
          case when o.status = 'offered' and o.expires_at <= now() then 'expired' else o.status end
            as status,
          to_char(o.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
          o.appointment_id
        from waitlist_offers o
        join ${timeslots} t on t.id = o.timeslot_id
        join ${providers} p on p.id = o.provider_id
        join ${users} pu on pu.id = p.user_id
        left join ${services} s on s.id = t.service_id
        where o.client_id = ${clientUserId}
        order by o.created_at desc, o.id desc
        limit 50`,
  );
}
