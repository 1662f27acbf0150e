import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { seedDemoPhone } from './demo-phone';
import { appointmentEvents, appointments, providers, timeslots, users } from '../db/schema';
import { hashPassword } from '../modules/accounts/passwords';
import { refreshRatingPrior } from '../modules/reviews/rating';
import { providerSearchText } from '../modules/discovery/search-text';
import {
  CLIENTS,
  DEMO_CLIENT_EMAIL,
  DEMO_PASSWORD,
  DEMO_PROVIDER_EMAIL,
  emailOf,
  PROVIDERS,
} from './demo-catalogue';
import { planAppointments, planSlots, random, wallClock } from './demo-plan';
import { seedDemoWeeklyHours } from './weekly-hours-demo';
import { seedDemoPolicies } from './demo-policies';
import { seedDemoReviews } from './seed-reviews';
import { seedDemoMessages } from './demo-messages';
import { DEMO_PROVIDER_ZONE, seedMarketplace } from './seed-marketplace';
import { seedDemoPhotos } from './demo-photos';
import { seedDemoBusiness } from './demo-business';
import { seedDemoClass } from './demo-class';
import { seedDemoPayments } from './demo-payments';
import { DEMO_WAITLIST, seedDemoWaitlist } from './demo-waitlist';
import { seedDemoCalendar } from './demo-calendar';
import { seedDemoOperator } from './demo-operator';
import { DEMO_ADMIN_EMAIL } from '../config';

/**
 * Demo data (DEMO_DATA, on for the embedded default): an empty database becomes a living
 * marketplace — two dozen providers over the eight SPEC categories, two weeks of slots, three
 * clients with appointments (today's, upcoming, past, canceled, one rescheduled) and their events.
 * Everything happens in one transaction with multi-row inserts, and the password hash is
 * computed once. A database with any user is never touched.
 *
 * The people are in demo-catalogue.ts, what they booked in demo-plan.ts; this file writes it.
 */

/** Any constant shared by every instance: two instances starting together seed once. */
const DEMO_SEED_LOCK_ID = 5_001_2027;
const INSERT_CHUNK = 500;

export interface DemoSeedOptions {
  /**
   * Zone of the demo clients; default: the server's own zone. The providers are on their
   * cities' clocks (DEMO_PROVIDER_ZONE), and so are their slots.
   */
  timezone?: string;
  now?: Date;
  /**
   * The server's own address (PUBLIC_URL): the demo provider's calendar is its demo feed there
   * (demo-calendar.ts). Default: the embedded server's.
   */
  publicUrl?: string;
}

export interface DemoSeedResult {
  seeded: boolean;
  providers: number;
  clients: number;
  /** The demo operator (demo-operator.ts). */
  operators: number;
  slots: number;
  appointments: number;
  events: number;
}

const NOTHING = { providers: 0, clients: 0, operators: 0, slots: 0, appointments: 0, events: 0 };

function chunks<T>(items: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function serverZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone if PostgreSQL knows it (slot instants are computed there), else UTC. */
async function knownZone(db: Db, timezone: string): Promise<string> {
  try {
    await db.execute(sql`select now() at time zone ${timezone}`);
    return timezone;
  } catch {
    return 'UTC';
  }
}

function logCredentials(log: FastifyBaseLogger) {
  log.info(
    {
      client: DEMO_CLIENT_EMAIL,
      provider: DEMO_PROVIDER_EMAIL,
      operator: DEMO_ADMIN_EMAIL,
      password: DEMO_PASSWORD,
    },
    `demo accounts: client ${DEMO_CLIENT_EMAIL}, provider ${DEMO_PROVIDER_EMAIL}, operator ${DEMO_ADMIN_EMAIL}, password ${DEMO_PASSWORD}`,
  );
}

/**
 * Seeds the demo marketplace into an empty database (no users at all); otherwise does nothing
 * but remind of the demo credentials when the demo accounts exist.
 */
export async function seedDemoData(
  db: Db,
  log: FastifyBaseLogger,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const started = Date.now();
  const timezone = await knownZone(db, options.timezone ?? serverZone());
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  let result: Omit<DemoSeedResult, 'seeded'> | null;
  try {
    result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_ID})`);
      const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
      if (anyone) return null;
      return insertDemo(tx, {
        passwordHash,
        timezone,
        now,
        publicUrl: options.publicUrl ?? 'http://localhost:3000',
      });
    });
  } catch (err) {
    // Demo data is a convenience: the transaction left the database empty, the app still starts.
    log.error({ err }, 'demo data could not be seeded');
    return { seeded: false, ...NOTHING };
  }

  if (!result) {
    const [demo] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_CLIENT_EMAIL))
      .limit(1);
    if (demo) {
      // A demo database seeded before there were operators gets its operator (demo-operator.ts).
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_ID})`);
          await seedDemoOperator(tx, { passwordHash, timezone, now });
        })
        .catch((err: unknown) => log.error({ err }, 'demo operator could not be added'));
      logCredentials(log);
    }
    return { seeded: false, ...NOTHING };
  }
  log.info({ ...result, ms: Date.now() - started, timezone }, 'demo data seeded');
  logCredentials(log);
  return { seeded: true, ...result };
}

/** The demo barbers after the demo provider (the first): the demo business's staff. */
function barberStaff(providerIds: string[]): string[] {
  return PROVIDERS.flatMap((p, i) =>
    i > 0 && p.specialty === PROVIDERS[0]!.specialty ? [providerIds[i]!] : [],
  );
}

async function insertDemo(
  tx: Tx,
  {
    passwordHash,
    timezone,
    now,
    publicUrl,
  }: { passwordHash: string; timezone: string; now: Date; publicUrl: string },
): Promise<Omit<DemoSeedResult, 'seeded'>> {
  const verifiedAt = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  const people = [
    ...PROVIDERS.map((p) => ({ ...p, role: 'provider' as const })),
    ...CLIENTS.map((c) => ({ ...c, role: 'client' as const })),
  ];
  const userRows = await tx
    .insert(users)
    .values(
      people.map((person) => ({
        email: emailOf(person),
        passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        timezone: person.role === 'provider' ? DEMO_PROVIDER_ZONE : timezone,
        // The demo client reads Spanish mail (docs/product.md §21.1); the others never chose.
        locale: emailOf(person) === DEMO_CLIENT_EMAIL ? ('es' as const) : null,
        emailVerifiedAt: verifiedAt,
        createdAt: verifiedAt,
        updatedAt: verifiedAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(userRows.map((row) => [row.email, row.id]));
  const userIdOf = (person: { firstName: string; lastName: string; email?: string }) =>
    userIdByEmail.get(emailOf(person))!;

  const providerRows = await tx
    .insert(providers)
    .values(
      PROVIDERS.map((p) => ({
        userId: userIdOf(p),
        specialty: p.specialty,
        bio: p.bio,
        searchText: providerSearchText(p.firstName, p.lastName, p.specialty),
        createdAt: verifiedAt,
        updatedAt: verifiedAt,
      })),
    )
    .returning({ id: providers.id, userId: providers.userId });
  const providerIdByUser = new Map(providerRows.map((row) => [row.userId, row.id]));
  const providerUserOf = new Map(providerRows.map((row) => [row.id, row.userId]));
  const providerIds = PROVIDERS.map((p) => providerIdByUser.get(userIdOf(p))!);
  const clientIds = CLIENTS.map((c) => userIdOf(c));

  // Slots and appointments are on the providers' clocks.
  const zone = DEMO_PROVIDER_ZONE;
  const local = wallClock(now, zone);
  const plannedSlots = planSlots(local.day, local.time);
  const instant = (day: string, time: string) =>
    sql`((${day}::date + ${time}::time) at time zone ${zone})`;
  const slotRows: { id: string; startsAt: Date; endsAt: Date }[] = [];
  for (const chunk of chunks(plannedSlots)) {
    const rows = await tx
      .insert(timeslots)
      .values(
        chunk.map((slot) => ({
          providerId: providerIds[slot.provider]!,
          day: slot.day,
          startTime: slot.startTime,
          endTime: slot.endTime,
          startsAt: instant(slot.day, slot.startTime),
          endsAt: instant(slot.day, slot.endTime),
          type: slot.type,
        })),
      )
      .returning({ id: timeslots.id, startsAt: timeslots.startsAt, endsAt: timeslots.endsAt });
    slotRows.push(...rows);
  }
  if (slotRows.length !== plannedSlots.length) throw new Error('demo slots: count mismatch');

  const plan = planAppointments(plannedSlots, local.day);
  const hour = 3600 * 1000;
  const rand = random(7);
  /** When the booking was made: a few hours to three days before now (and before the slot). */
  const bookedAt = (startsAt: Date) =>
    new Date(Math.min(now.getTime(), startsAt.getTime()) - (2 + Math.floor(rand() * 70)) * hour);

  const appointmentValues = plan.map((a) => {
    const slot = plannedSlots[a.slot]!;
    const row = slotRows[a.slot]!;
    const booked = bookedAt(
      a.movedFrom === undefined ? row.startsAt : slotRows[a.movedFrom]!.startsAt,
    );
    const canceledAt =
      a.status === 'canceled'
        ? new Date(Math.min(now.getTime() - hour, booked.getTime() + 6 * hour))
        : null;
    return {
      values: {
        timeslotId: row.id,
        providerId: providerIds[slot.provider]!,
        clientId: clientIds[a.client]!,
        status: a.status,
        day: slot.day,
        startTime: slot.startTime,
        endTime: slot.endTime,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        serviceType: slot.type,
        canceledAt,
        canceledBy: a.canceledBy ?? null,
        createdAt: booked,
        updatedAt: canceledAt ?? booked,
      },
      booked,
      canceledAt,
    };
  });
  const appointmentIds: string[] = [];
  for (const chunk of chunks(appointmentValues)) {
    const rows = await tx
      .insert(appointments)
      .values(chunk.map((a) => a.values))
      .returning({ id: appointments.id });
    appointmentIds.push(...rows.map((row) => row.id));
  }

  const events: (typeof appointmentEvents.$inferInsert)[] = [];
  plan.forEach((a, i) => {
    const { values, booked, canceledAt } = appointmentValues[i]!;
    const common = {
      appointmentId: appointmentIds[i]!,
      providerId: values.providerId,
      clientId: values.clientId,
    };
    const first = a.movedFrom === undefined ? a.slot : a.movedFrom;
    events.push({
      ...common,
      type: 'booked',
      actorRole: 'client',
      actorUserId: values.clientId,
      toTimeslotId: slotRows[first]!.id,
      startsAt: slotRows[first]!.startsAt,
      endsAt: slotRows[first]!.endsAt,
      occurredAt: booked,
    });
    if (a.movedFrom !== undefined) {
      events.push({
        ...common,
        type: 'rescheduled',
        actorRole: 'client',
        actorUserId: values.clientId,
        fromTimeslotId: slotRows[a.movedFrom]!.id,
        toTimeslotId: values.timeslotId,
        startsAt: values.startsAt,
        endsAt: values.endsAt,
        occurredAt: new Date(Math.min(now.getTime() - hour, booked.getTime() + 3 * hour)),
      });
    }
    if (a.status === 'canceled') {
      const byProvider = a.canceledBy === 'provider';
      events.push({
        ...common,
        type: 'canceled',
        actorRole: byProvider ? 'provider' : 'client',
        actorUserId: byProvider ? providerUserOf.get(values.providerId)! : values.clientId,
        fromTimeslotId: values.timeslotId,
        startsAt: values.startsAt,
        endsAt: values.endsAt,
        occurredAt: canceledAt!,
      });
    }
  });
  for (const chunk of chunks(events)) await tx.insert(appointmentEvents).values(chunk);

  // A slot's seats are its active appointments; it is booked once they fill it.
  await tx.execute(sql`
    update ${timeslots} t set seats_taken = held.n, is_booked = held.n >= t.capacity
    from (select timeslot_id, count(*)::int as n from ${appointments}
          where status = 'booked' group by timeslot_id) held
    where t.id = held.timeslot_id`);
  // The demo provider's weekly hours fill the weeks after the seeded ones.
  const weekly = await seedDemoWeeklyHours(tx, { providerId: providerIds[0]!, now });
  // A booking policy on the second demo provider (demo-policies.ts).
  if (providerIds[1]) await seedDemoPolicies(tx, providerIds[1]);

  // Trust: completed history with reviews and replies (seed-reviews.ts).
  const trust = await seedDemoReviews(tx, { providerIds, clientIds, timezone: zone, now });

  await seedDemoMessages(tx, {
    clientEmail: DEMO_CLIENT_EMAIL,
    providerEmail: DEMO_PROVIDER_EMAIL,
    now,
  });

  // A busy provider with the demo clients waiting for her, and her refilled slots
  // (demo-waitlist.ts): before the marketplace seed, which prices her slots like the others.
  const busy = PROVIDERS.findIndex(
    (p) =>
      p.firstName === DEMO_WAITLIST.provider.firstName &&
      p.lastName === DEMO_WAITLIST.provider.lastName,
  );
  const waitlist = await seedDemoWaitlist(tx, {
    providerId: providerIds[busy]!,
    clientIds,
    passwordHash,
    timezone,
    zone,
    today: local.day,
    now,
  });

  // Categories, cities, priced services, and every slot (the generated ones too) bound to one:
  // last, so the appointments seeded above keep the price they were booked at.
  await seedMarketplace(tx);
  // Deposit and prepaid services of the second demo barber, with their paid history
  // (demo-payments.ts).
  if (providerIds[1]) await seedDemoPayments(tx, providerIds[1]);
  // A weekly class of 8 seats of the first demo tutor, partly full, and the demo client's
  // fortnightly series on it (demo-class.ts).
  const tutor = PROVIDERS.findIndex((p) => p.specialty === 'Tutor');
  const lesson = await seedDemoClass(tx, {
    providerId: providerIds[tutor]!,
    clientIds,
    today: local.day,
    zone,
    now,
  });
  // Every provider's portrait (demo-photos.ts, docs/decisions/065-demo-photos.md).
  await seedDemoPhotos(
    tx,
    PROVIDERS.map((p) => ({ userId: userIdOf(p), seed: emailOf(p) })),
  );
  // The demo provider's business with the two other demo barbers (demo-business.ts).
  await seedDemoBusiness(tx, { ownerId: providerIds[0]!, staffIds: barberStaff(providerIds) });
  // The demo provider's own calendar: a weekday lunch break, busy time clients cannot book
  // (demo-calendar.ts, docs/decisions/071-calendar-sync.md).
  await seedDemoCalendar(tx, { providerId: providerIds[0]!, publicUrl, now });
  // The operator and a queue of open reports: a rude review, a provider asking for cash
  // (demo-operator.ts, docs/decisions/072-operating-the-marketplace.md).
  const operator = await seedDemoOperator(tx, { passwordHash, timezone, now });
  // The ranking's marketplace mean over the reviews just written (docs/decisions/048).
  await refreshRatingPrior(tx, true);
  // The demo client's confirmed phone number and SMS switches (demo-phone.ts): last, so the
  // offers seeded above text nobody.
  await seedDemoPhone(tx, { clientEmail: DEMO_CLIENT_EMAIL, now });

  return {
    providers: providerIds.length,
    clients: clientIds.length + waitlist.clients,
    operators: operator.users,
    slots: slotRows.length + weekly.created + lesson.slotIds.length + waitlist.slots,
    appointments:
      appointmentIds.length +
      trust.appointments +
      lesson.appointments +
      waitlist.appointments +
      operator.appointments,
    events: events.length + trust.events + lesson.events + waitlist.events + operator.events,
  };
}
