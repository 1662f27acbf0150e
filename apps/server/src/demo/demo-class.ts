import { addDays, weekdayOf } from '@slotwise/shared/dates';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  appointmentEvents,
  appointmentSeries,
  appointments,
  services,
  timeslots,
} from '../db/schema';

/**
 * The demo class and series (docs/decisions/067-seats-and-series.md): the first demo tutor teaches a
 * "Morning study group" of 8 seats every Tuesday at 08:00 on her clock (before anyone's opening
 * hours, so it overlaps no other demo slot) for the next eight weeks. The first class is partly
 * full: every demo client holds a seat. The demo client comes every other week: a fortnightly
 * series of four (an `appointment_series` row, its occurrences naming it); the other two
 * clients also hold a seat in the second class. Each slot's `seats_taken` counts its booked
 * appointments and `is_booked` means "no seat left", as the booking statement keeps them.
 * Runs after the marketplace seed (apps/server/src/demo/seed-marketplace.ts), whose bindings of
 * slots to services and of appointments to prices leave these rows as they are written here.
 */

export const DEMO_CLASS = {
  name: 'Morning study group',
  capacity: 8,
  weeks: 8,
  startTime: '08:00:00',
  endTime: '09:00:00',
  /** 2 = Tuesday (weekdayOf: 0 = Sunday). */
  weekday: 2,
  priceCents: 3000,
  currency: 'USD',
  description: 'Small-group math practice, up to 8 students.',
} as const;

/** The demo client's series on the class: every other week, four times. */
export const DEMO_SERIES = { intervalWeeks: 2, count: 4 } as const;

export interface DemoClassResult {
  serviceId: string;
  slotIds: string[];
  seriesId: string;
  appointments: number;
  events: number;
}

const HOUR = 3600 * 1000;

/**
 * The class's weeks from the first Tuesday after `today` (the provider's local day); `clientIds`
 * are the demo clients, the demo client first.
 */
export async function seedDemoClass(
  tx: Tx,
  {
    providerId,
    clientIds,
    today,
    zone,
    now,
  }: { providerId: string; clientIds: string[]; today: string; zone: string; now: Date },
): Promise<DemoClassResult> {
  const [service] = await tx
    .insert(services)
    .values({
      providerId,
      name: DEMO_CLASS.name,
      durationMinutes: 60,
      priceCents: DEMO_CLASS.priceCents,
      currency: DEMO_CLASS.currency,
      description: DEMO_CLASS.description,
    })
    .returning({ id: services.id });
  const serviceId = service!.id;

  const first = addDays(today, (DEMO_CLASS.weekday - weekdayOf(today) + 7) % 7 || 7);
  const instant = (day: string, time: string) =>
    sql`((${day}::date + ${time}::time) at time zone ${zone})`;
  const slots = await tx
    .insert(timeslots)
    .values(
      Array.from({ length: DEMO_CLASS.weeks }, (_, week) => {
        const day = addDays(first, 7 * week);
        return {
          providerId,
          day,
          startTime: DEMO_CLASS.startTime,
          endTime: DEMO_CLASS.endTime,
          startsAt: instant(day, DEMO_CLASS.startTime),
          endsAt: instant(day, DEMO_CLASS.endTime),
          type: DEMO_CLASS.name,
          serviceId,
          capacity: DEMO_CLASS.capacity,
        };
      }),
    )
    .returning({
      id: timeslots.id,
      day: timeslots.day,
      startsAt: timeslots.startsAt,
      endsAt: timeslots.endsAt,
    });

  const [demoClient, ...others] = clientIds;
  const seriesCreatedAt = new Date(now.getTime() - 50 * HOUR);
  const [series] = await tx
    .insert(appointmentSeries)
    .values({
      clientId: demoClient!,
      providerId,
      intervalWeeks: DEMO_SERIES.intervalWeeks,
      count: DEMO_SERIES.count,
      createdAt: seriesCreatedAt,
    })
    .returning({ id: appointmentSeries.id });
  const seriesId = series!.id;

  // Who holds which week's seat: the series' weeks 0, 2, 4, 6; everyone in the first class,
  // the other clients in the second one too.
  const seats: { client: string; week: number; seriesId: string | null; bookedAt: Date }[] = [
    ...Array.from({ length: DEMO_SERIES.count }, (_, k) => ({
      client: demoClient!,
      week: k * DEMO_SERIES.intervalWeeks,
      seriesId,
      bookedAt: seriesCreatedAt,
    })),
    ...others.flatMap((client, i) =>
      [0, 1].map((week) => ({
        client,
        week,
        seriesId: null,
        bookedAt: new Date(now.getTime() - (20 + 7 * i + week) * HOUR),
      })),
    ),
  ];
  const rows = await tx
    .insert(appointments)
    .values(
      seats.map((seat) => {
        const slot = slots[seat.week]!;
        return {
          timeslotId: slot.id,
          providerId,
          clientId: seat.client,
          status: 'booked' as const,
          day: slot.day,
          startTime: DEMO_CLASS.startTime,
          endTime: DEMO_CLASS.endTime,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          serviceType: DEMO_CLASS.name,
          serviceId,
          serviceName: DEMO_CLASS.name,
          priceCents: DEMO_CLASS.priceCents,
          currency: DEMO_CLASS.currency,
          seriesId: seat.seriesId,
          createdAt: seat.bookedAt,
          updatedAt: seat.bookedAt,
        };
      }),
    )
    .returning({ id: appointments.id });
  await tx.insert(appointmentEvents).values(
    seats.map((seat, i) => {
      const slot = slots[seat.week]!;
      return {
        appointmentId: rows[i]!.id,
        providerId,
        clientId: seat.client,
        type: 'booked' as const,
        actorRole: 'client' as const,
        actorUserId: seat.client,
        toTimeslotId: slot.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        occurredAt: seat.bookedAt,
      };
    }),
  );
  // Each class's seats are its booked appointments; full means booked (none is, here).
  const slotIds = slots.map((slot) => slot.id);
  await tx.execute(sql`
    update ${timeslots} t
    set seats_taken = (select count(*) from ${appointments} a
                       where a.timeslot_id = t.id and a.status = 'booked'),
        is_booked = (select count(*) from ${appointments} a
                     where a.timeslot_id = t.id and a.status = 'booked') >= t.capacity
    where t.id in (${sql.join(
      slotIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return { serviceId, slotIds, seriesId, appointments: rows.length, events: seats.length };
}
