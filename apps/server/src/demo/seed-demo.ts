import { clockIn } from '@slotwise/shared/timeslot-schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { appointmentEvents, appointments, providers, timeslots, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { providerSearchText } from '../modules/search/search-text';
import { seedMarketplace } from './seed-marketplace';

/**
 * Demo data (DEMO_DATA, on for the embedded default): an empty database becomes a living
 * marketplace — two dozen providers over the eight SPEC categories, two weeks of slots, three
 * clients with appointments (today's, upcoming, past, canceled, one rescheduled) and their events.
 * Everything happens in one transaction with multi-row inserts, and the password hash is
 * computed once. A database with any user is never touched.
 */

export const DEMO_PASSWORD = 'Password123';
export const DEMO_CLIENT_EMAIL = 'demo.client@slotwise.test';
export const DEMO_PROVIDER_EMAIL = 'demo.provider@slotwise.test';

/** Any constant shared by every instance: two instances starting together seed once. */
const DEMO_SEED_LOCK_ID = 5_001_2027;
const INSERT_CHUNK = 500;
/** Days of slots before today (history) and from today on. */
const PAST_DAYS = 2;
const FUTURE_DAYS = 14;

interface DemoProvider {
  firstName: string;
  lastName: string;
  specialty: string;
  bio: string;
  email?: string;
}

/** Per category: the slot length and the services the slots offer. */
const CATEGORIES: Record<string, { minutes: number; services: string[] }> = {
  Barber: { minutes: 30, services: ['Haircut', 'Beard trim', 'Haircut & beard'] },
  Driver: { minutes: 60, services: ['City ride', 'Airport transfer'] },
  Tutor: { minutes: 60, services: ['Math tutoring', 'Essay coaching', 'Exam prep'] },
  Photographer: { minutes: 60, services: ['Portrait session', 'Headshots', 'Family photos'] },
  Mechanic: { minutes: 60, services: ['Oil change', 'Brake inspection', 'Diagnostics'] },
  Plumber: { minutes: 60, services: ['Leak repair', 'Drain cleaning', 'Fixture install'] },
  Electrician: { minutes: 60, services: ['Outlet install', 'Lighting repair', 'Safety check'] },
  Cleaner: { minutes: 60, services: ['Standard cleaning', 'Deep cleaning', 'Move-out cleaning'] },
};

const PROVIDERS: DemoProvider[] = [
  {
    firstName: 'Marcus',
    lastName: 'Reed',
    specialty: 'Barber',
    email: DEMO_PROVIDER_EMAIL,
    bio: 'Classic cuts and sharp fades for fifteen years. Hot-towel shaves on request.',
  },
  {
    firstName: 'Tomás',
    lastName: 'Silva',
    specialty: 'Barber',
    bio: 'Modern styles, beard sculpting and kids’ cuts in a relaxed neighbourhood shop.',
  },
  {
    firstName: 'Kenji',
    lastName: 'Watanabe',
    specialty: 'Barber',
    bio: 'Precision scissor work and textured crops. Walk out looking like yourself, only better.',
  },
  {
    firstName: 'Grace',
    lastName: 'Okafor',
    specialty: 'Driver',
    bio: 'Licensed private driver. Airport runs, school pick-ups and errands, always on time.',
  },
  {
    firstName: 'Luis',
    lastName: 'Fernández',
    specialty: 'Driver',
    bio: 'Comfortable sedan, spotless record and a good playlist. Bilingual English/Spanish.',
  },
  {
    firstName: 'Hannah',
    lastName: 'Becker',
    specialty: 'Driver',
    bio: 'Minivan with child seats available. Happy to help with groceries and luggage.',
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    specialty: 'Tutor',
    bio: 'Math and physics tutor for middle and high school. Patient, structured, exam-focused.',
  },
  {
    firstName: 'Daniel',
    lastName: 'Cohen',
    specialty: 'Tutor',
    bio: 'Former English teacher. Essay writing, reading comprehension and college applications.',
  },
  {
    firstName: 'Amara',
    lastName: 'Mensah',
    specialty: 'Tutor',
    bio: 'Chemistry and biology, from homework help to AP exam preparation.',
  },
  {
    firstName: 'Sofia',
    lastName: 'Rossi',
    specialty: 'Photographer',
    bio: 'Natural-light portraits and family sessions, indoors or at your favourite park.',
  },
  {
    firstName: 'Ethan',
    lastName: 'Brooks',
    specialty: 'Photographer',
    bio: 'Professional headshots for LinkedIn, actors and teams. Same-week delivery.',
  },
  {
    firstName: 'Mei',
    lastName: 'Lin',
    specialty: 'Photographer',
    bio: 'Events, product shots and small weddings. Editing included in every session.',
  },
  {
    firstName: 'Jamal',
    lastName: 'Carter',
    specialty: 'Mechanic',
    bio: 'Mobile mechanic: oil changes, brakes and batteries done in your driveway.',
  },
  {
    firstName: 'Olga',
    lastName: 'Petrova',
    specialty: 'Mechanic',
    bio: 'Certified technician specialising in diagnostics and European cars.',
  },
  {
    firstName: 'Ryan',
    lastName: "O'Connor",
    specialty: 'Mechanic',
    bio: 'Honest quotes, no upselling. Pre-purchase inspections and routine maintenance.',
  },
  {
    firstName: 'Ana',
    lastName: 'Lopez',
    specialty: 'Plumber',
    bio: 'Leaks, clogs and water heaters. Licensed and insured, same-day visits when possible.',
  },
  {
    firstName: 'Mateo',
    lastName: 'García',
    specialty: 'Plumber',
    bio: 'Bathroom and kitchen fixtures installed cleanly, with a tidy workspace guaranteed.',
  },
  {
    firstName: 'Bill',
    lastName: 'Turner',
    specialty: 'Plumber',
    bio: 'Thirty years of pipes. Drain cleaning, sump pumps and emergency repairs.',
  },
  {
    firstName: 'Fatima',
    lastName: 'Haddad',
    specialty: 'Electrician',
    bio: 'Licensed electrician: lighting, outlets, panels and EV charger installation.',
  },
  {
    firstName: 'Noah',
    lastName: 'Williams',
    specialty: 'Electrician',
    bio: 'Smart-home wiring, ceiling fans and safety inspections for older homes.',
  },
  {
    firstName: 'Ingrid',
    lastName: 'Larsen',
    specialty: 'Electrician',
    bio: 'Small jobs welcome. Fast troubleshooting of tripping breakers and flickering lights.',
  },
  {
    firstName: 'Rosa',
    lastName: 'Martínez',
    specialty: 'Cleaner',
    bio: 'Thorough home cleaning with eco-friendly products. Weekly or one-off visits.',
  },
  {
    firstName: 'Chloe',
    lastName: 'Dubois',
    specialty: 'Cleaner',
    bio: 'Deep cleans and move-out cleaning that get the deposit back.',
  },
  {
    firstName: 'Samuel',
    lastName: 'Adeyemi',
    specialty: 'Cleaner',
    bio: 'Apartments and small offices. Reliable, discreet and detail-oriented.',
  },
];

const CLIENTS = [
  { firstName: 'Jordan', lastName: 'Miller', email: DEMO_CLIENT_EMAIL },
  { firstName: 'Emily', lastName: 'Chen', email: 'emily.chen@slotwise.test' },
  { firstName: 'Lucas', lastName: 'Schmidt', email: 'lucas.schmidt@slotwise.test' },
];

export interface DemoSeedOptions {
  /** Zone of every demo user and slot; default: the server's own zone. */
  timezone?: string;
  now?: Date;
}

export interface DemoSeedResult {
  seeded: boolean;
  providers: number;
  clients: number;
  slots: number;
  appointments: number;
  events: number;
}

// ---- Small calendar helpers (wall clock in one zone) -------------------------------------------

function wallClock(instant: Date, timeZone: string): { day: string; time: string } {
  const { today, time } = clockIn(timeZone, instant);
  return { day: today, time };
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function weekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function hhmmss(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** Deterministic pseudo-random numbers (mulberry32): the same demo on every fresh start. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function emailOf(person: { firstName: string; lastName: string; email?: string }): string {
  if (person.email) return person.email;
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${ascii(person.firstName)}.${ascii(person.lastName)}@slotwise.test`;
}

function chunks<T>(items: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---- The plan ---------------------------------------------------------------------------------

interface PlannedSlot {
  provider: number;
  day: string;
  startTime: string;
  endTime: string;
  type: string;
  /** Started before the seeding moment (wall-clock comparison in the zone). */
  past: boolean;
}

/**
 * Opening hours: weekdays 09:00–17:00, Saturdays 10:00–14:00, and every third provider also on
 * Sundays 11:00–15:00 (so the demo provider and a few others have slots every day).
 */
function hoursOn(day: string, providerIndex: number): [number, number] | null {
  const wd = weekday(day);
  if (wd >= 1 && wd <= 5) return [9 * 60, 17 * 60];
  if (wd === 6) return [10 * 60, 14 * 60];
  return providerIndex % 3 === 0 ? [11 * 60, 15 * 60] : null;
}

function planSlots(today: string, nowTime: string): PlannedSlot[] {
  const slots: PlannedSlot[] = [];
  PROVIDERS.forEach((provider, index) => {
    const category = CATEGORIES[provider.specialty]!;
    for (let offset = -PAST_DAYS; offset < FUTURE_DAYS; offset++) {
      const day = addDays(today, offset);
      const hours = hoursOn(day, index);
      if (!hours) continue;
      for (let start = hours[0]; start + category.minutes <= hours[1]; start += category.minutes) {
        const startTime = hhmmss(start);
        slots.push({
          provider: index,
          day,
          startTime,
          endTime: hhmmss(start + category.minutes),
          type: category.services[(start / category.minutes + index) % category.services.length]!,
          past: day < today || (day === today && startTime <= nowTime),
        });
      }
    }
  });
  return slots;
}

type Status = 'booked' | 'canceled';

interface PlannedAppointment {
  client: number;
  slot: number;
  status: Status;
  canceledBy?: 'client' | 'provider';
  /** Reschedule: the slot it was first booked on (free again now). */
  movedFrom?: number;
}

/**
 * Who booked what: hand-picked appointments for the demo client and the demo provider (today,
 * upcoming, past, canceled by either side, one rescheduled), then about one slot in five booked
 * by the other two clients, never two appointments of one client at the same time.
 */
function planAppointments(slots: PlannedSlot[], today: string): PlannedAppointment[] {
  const rand = random(2025);
  const used = new Set<number>();
  const busy = new Map<number, Set<string>>();
  const planned: PlannedAppointment[] = [];
  const key = (s: PlannedSlot) => `${s.day} ${s.startTime.slice(0, 2)}`;
  const free = (client: number, index: number) =>
    !used.has(index) && !busy.get(client)?.has(key(slots[index]!));
  const take = (appointment: PlannedAppointment) => {
    for (const index of [appointment.slot, appointment.movedFrom]) {
      if (index !== undefined) used.add(index);
    }
    if (appointment.status === 'booked') {
      const hours = busy.get(appointment.client) ?? new Set<string>();
      hours.add(key(slots[appointment.slot]!));
      busy.set(appointment.client, hours);
    }
    planned.push(appointment);
  };
  const find = (client: number, test: (s: PlannedSlot) => boolean, from = 0): number => {
    for (let i = from; i < slots.length; i++) {
      if (test(slots[i]!) && free(client, i)) return i;
    }
    return -1;
  };
  const pick = (client: number, test: (s: PlannedSlot) => boolean): number | undefined => {
    // A pseudo-random start, wrapping around, so picks spread over providers.
    const from = Math.floor(rand() * slots.length);
    const found = find(client, test, from);
    const index = found >= 0 ? found : find(client, test);
    return index >= 0 ? index : undefined;
  };
  const add = (
    client: number,
    test: (s: PlannedSlot) => boolean,
    extra: Partial<PlannedAppointment> = {},
  ) => {
    const slot = pick(client, test);
    if (slot !== undefined) take({ client, slot, status: 'booked', ...extra });
  };

  const DEMO_CLIENT = 0;
  const DEMO_PROVIDER = 0;
  const isToday = (s: PlannedSlot) => s.day === today;
  const upcoming = (s: PlannedSlot) => !s.past && s.day > today && s.day <= addDays(today, 6);

  // The demo client: today with the demo provider and with someone else, upcoming, history.
  add(DEMO_CLIENT, (s) => isToday(s) && s.provider === DEMO_PROVIDER && !s.past);
  add(DEMO_CLIENT, (s) => isToday(s) && s.provider === DEMO_PROVIDER);
  add(DEMO_CLIENT, (s) => isToday(s) && s.provider !== DEMO_PROVIDER);
  for (let i = 0; i < 3; i++) add(DEMO_CLIENT, (s) => upcoming(s) && s.provider !== DEMO_PROVIDER);
  add(DEMO_CLIENT, (s) => s.past && s.day < today);
  add(DEMO_CLIENT, upcoming, { status: 'canceled', canceledBy: 'client' });
  add(DEMO_CLIENT, upcoming, { status: 'canceled', canceledBy: 'provider' });
  const movedFrom = pick(DEMO_CLIENT, (s) => upcoming(s) && s.provider === 3);
  if (movedFrom !== undefined) {
    used.add(movedFrom);
    const from = slots[movedFrom]!;
    add(DEMO_CLIENT, (s) => !s.past && s.provider === from.provider && s.day > from.day, {
      movedFrom,
    });
  }
  // The demo provider's day: the other clients too, one canceled by the provider.
  add(1, (s) => isToday(s) && s.provider === DEMO_PROVIDER);
  add(2, (s) => isToday(s) && s.provider === DEMO_PROVIDER);
  add(2, (s) => s.provider === DEMO_PROVIDER && upcoming(s), {
    status: 'canceled',
    canceledBy: 'provider',
  });

  // Everyone else's calendar fills up a little.
  slots.forEach((_slot, index) => {
    if (rand() >= 0.2) return;
    const client = 1 + Math.floor(rand() * 2);
    if (free(client, index)) take({ client, slot: index, status: 'booked' });
  });
  return planned;
}

// ---- Writing ----------------------------------------------------------------------------------

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
    { client: DEMO_CLIENT_EMAIL, provider: DEMO_PROVIDER_EMAIL, password: DEMO_PASSWORD },
    `demo accounts: client ${DEMO_CLIENT_EMAIL}, provider ${DEMO_PROVIDER_EMAIL}, password ${DEMO_PASSWORD}`,
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
      return insertDemo(tx, { passwordHash, timezone, now });
    });
  } catch (err) {
    // Demo data is a convenience: the transaction left the database empty, the app still starts.
    log.error({ err }, 'demo data could not be seeded');
    return { seeded: false, providers: 0, clients: 0, slots: 0, appointments: 0, events: 0 };
  }

  if (!result) {
    const [demo] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_CLIENT_EMAIL))
      .limit(1);
    if (demo) logCredentials(log);
    return { seeded: false, providers: 0, clients: 0, slots: 0, appointments: 0, events: 0 };
  }
  log.info({ ...result, ms: Date.now() - started, timezone }, 'demo data seeded');
  logCredentials(log);
  return { seeded: true, ...result };
}

async function insertDemo(
  tx: Tx,
  { passwordHash, timezone, now }: { passwordHash: string; timezone: string; now: Date },
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
        timezone,
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

  const local = wallClock(now, timezone);
  const plannedSlots = planSlots(local.day, local.time);
  const instant = (day: string, time: string) =>
    sql`((${day}::date + ${time}::time) at time zone ${timezone})`;
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

  // A slot is booked exactly when an active appointment holds it.
  await tx.execute(sql`
    update ${timeslots} set is_booked = true
    where id in (select timeslot_id from ${appointments} where status = 'booked')`);
  // Categories, cities, priced services and slots bound to them (seed-marketplace.ts).
  await seedMarketplace(tx);

  return {
    providers: providerIds.length,
    clients: clientIds.length,
    slots: slotRows.length,
    appointments: appointmentIds.length,
    events: events.length,
  };
}
