import { addDays } from '@slotwise/shared/dates';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  appointmentEvents,
  appointments,
  timeslots,
  users,
  waitlistEntries,
  waitlistOffers,
  waitlistWindows,
} from '../db/schema';
import { joinWaitlist } from '../modules/waitlist/entries';
import { emailOf } from './demo-catalogue';

/**
 * The demo waitlist (docs/product.md §17, docs/decisions/069-waitlist.md): Sofia Rossi, a
 * photographer, is fully booked from now to the end of the day after tomorrow (her clock) by six
 * regular clients; the three demo clients wait for her, the demo client first, so a cancel of
 * her next booking (`npm run demo:cancel`) offers the freed slot to the demo client. Her history
 * holds three freed slots refilled through accepted offers in the last three weeks, so her
 * "Freed slots refilled" figure is 3. The waiting entries are made by the module's own
 * `joinWaitlist`; the history's rows are those an accepted offer leaves (entry `booked`, offer
 * `accepted` naming its appointment). Runs before the marketplace seed, which binds these slots
 * and appointments to services and prices like every other demo slot.
 */

export const DEMO_WAITLIST = {
  provider: { firstName: 'Sofia', lastName: 'Rossi' },
  /** Today and the next days of hers that are fully booked, and the days the clients wait for. */
  busyDays: 3,
  /** The clients who booked her busy days (not on her waitlist). */
  regulars: [
    { firstName: 'Olivia', lastName: 'Grant' },
    { firstName: 'Ben', lastName: 'Adeyemi' },
    { firstName: 'Nadia', lastName: 'Haddad' },
    { firstName: 'Victor', lastName: 'Lindqvist' },
    { firstName: 'Zoe', lastName: 'Park' },
    { firstName: 'Omar', lastName: 'Farouk' },
  ],
  /** Who waits (index into the demo clients, the demo client first), for which days, since when. */
  waiting: [
    { client: 0, days: [0, 1, 2], hoursAgo: 50 },
    { client: 1, days: [0, 1, 2], hoursAgo: 30 },
    { client: 2, days: [1, 2], hoursAgo: 6 },
  ],
  /** Freed slots refilled through the waitlist: days ago, at 15:00 for an hour, by whom. */
  refills: [
    { daysAgo: 18, client: 2 },
    { daysAgo: 11, client: 1 },
    { daysAgo: 5, client: 0 },
  ],
  refillTime: { start: '15:00:00', end: '16:00:00', type: 'Portrait session' },
} as const;

export interface DemoWaitlistResult {
  /** Regular clients added. */
  clients: number;
  slots: number;
  appointments: number;
  events: number;
  entries: number;
  refilled: number;
}

const HOUR = 3600_000;

/**
 * `clientIds`: the demo clients, the demo client first; `timezone` theirs; `zone` the provider's,
 * `today` her local day.
 */
export async function seedDemoWaitlist(
  tx: Tx,
  input: {
    providerId: string;
    clientIds: string[];
    passwordHash: string;
    timezone: string;
    zone: string;
    today: string;
    now: Date;
  },
): Promise<DemoWaitlistResult> {
  const { providerId, clientIds, zone, today, now } = input;
  const instant = (day: string, time: string) =>
    sql`((${day}::date + ${time}::time) at time zone ${zone})`;
  const verifiedAt = new Date(now.getTime() - 20 * 24 * HOUR);
  const regulars = await tx
    .insert(users)
    .values(
      DEMO_WAITLIST.regulars.map((person) => ({
        email: emailOf(person),
        passwordHash: input.passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        role: 'client' as const,
        timezone: input.timezone,
        emailVerifiedAt: verifiedAt,
        createdAt: verifiedAt,
        updatedAt: verifiedAt,
      })),
    )
    .returning({ id: users.id });

  // Her busy days: every free slot still ahead is booked by a regular, in turn.
  const lastBusyDay = addDays(today, DEMO_WAITLIST.busyDays - 1);
  const free = await tx
    .select()
    .from(timeslots)
    .where(
      and(
        eq(timeslots.providerId, providerId),
        eq(timeslots.isBooked, false),
        gt(timeslots.startsAt, now),
        lte(timeslots.day, lastBusyDay),
      ),
    )
    .orderBy(timeslots.startsAt);
  const booked = free.map((slot, n) => ({
    slot,
    clientId: regulars[n % regulars.length]!.id,
    at: new Date(now.getTime() - (4 + 7 * (n % 9)) * HOUR),
  }));

  // The history: three past slots of hers, each freed, offered and taken by a waiting client.
  const refillSlots = await tx
    .insert(timeslots)
    .values(
      DEMO_WAITLIST.refills.map((refill) => {
        const day = addDays(today, -refill.daysAgo);
        const { start, end, type } = DEMO_WAITLIST.refillTime;
        return {
          providerId,
          day,
          startTime: start,
          endTime: end,
          startsAt: instant(day, start),
          endsAt: instant(day, end),
          type,
        };
      }),
    )
    .returning();
  const refilled = refillSlots.map((slot, n) => ({
    slot,
    clientId: clientIds[DEMO_WAITLIST.refills[n]!.client]!,
    at: new Date(slot.startsAt.getTime() - (30 + 10 * n) * HOUR),
  }));

  const bookings = [...booked, ...refilled];
  const rows =
    bookings.length === 0
      ? []
      : await tx
          .insert(appointments)
          .values(
            bookings.map(({ slot, clientId, at }) => ({
              timeslotId: slot.id,
              providerId,
              clientId,
              status: 'booked' as const,
              day: slot.day,
              startTime: slot.startTime,
              endTime: slot.endTime,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
              serviceType: slot.type,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .returning({ id: appointments.id });
  if (rows.length > 0) {
    await tx.insert(appointmentEvents).values(
      bookings.map(({ slot, clientId, at }, n) => ({
        appointmentId: rows[n]!.id,
        providerId,
        clientId,
        type: 'booked' as const,
        actorRole: 'client' as const,
        actorUserId: clientId,
        toTimeslotId: slot.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        occurredAt: at,
      })),
    );
    await tx
      .update(timeslots)
      .set({ seatsTaken: 1, isBooked: true })
      .where(
        inArray(
          timeslots.id,
          bookings.map((b) => b.slot.id),
        ),
      );
  }

  // Each refill's entry (booked through its offer) and the accepted offer naming the booking.
  for (const [n, { slot, clientId, at }] of refilled.entries()) {
    const joinedAt = new Date(at.getTime() - 4 * 24 * HOUR);
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        clientId,
        providerId,
        windows: [{ date: slot.day, from: '00:00', to: '24:00' }],
        status: 'booked',
        endsAt: sql`((${slot.day}::date + 1)::timestamp at time zone ${zone})`,
        createdAt: joinedAt,
        updatedAt: at,
      })
      .returning({ id: waitlistEntries.id });
    await tx.insert(waitlistWindows).values({
      entryId: entry!.id,
      providerId,
      startsAt: instant(slot.day, '00:00'),
      endsAt: sql`((${slot.day}::date + 1)::timestamp at time zone ${zone})`,
    });
    const offeredAt = new Date(at.getTime() - 5 * 60_000);
    await tx.insert(waitlistOffers).values({
      entryId: entry!.id,
      clientId,
      providerId,
      timeslotId: slot.id,
      status: 'accepted',
      expiresAt: new Date(offeredAt.getTime() + 15 * 60_000),
      appointmentId: rows[booked.length + n]!.id,
      createdAt: offeredAt,
      updatedAt: at,
    });
  }

  // Who waits now, through the module's own join; then dated as they joined, in order.
  for (const waiting of DEMO_WAITLIST.waiting) {
    const clientId = clientIds[waiting.client]!;
    const entry = await joinWaitlist(tx, clientId, {
      providerId,
      windows: waiting.days.map((d) => ({ date: addDays(today, d) })),
    });
    const joinedAt = new Date(now.getTime() - waiting.hoursAgo * HOUR);
    await tx
      .update(waitlistEntries)
      .set({ createdAt: joinedAt, updatedAt: joinedAt })
      .where(eq(waitlistEntries.id, entry.id));
  }

  return {
    clients: regulars.length,
    slots: refillSlots.length,
    appointments: rows.length,
    events: rows.length,
    entries: DEMO_WAITLIST.waiting.length,
    refilled: refilled.length,
  };
}
