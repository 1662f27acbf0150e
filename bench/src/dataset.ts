/** The shape of the seeded data set: sizes and the special providers each scenario uses. */
export const DATASET = {
  providers: 100_000,
  slots: 1_000_000,
  clients: 1_000,
  /** Scenario 2: a provider with 2,000 future free slots. */
  slotsProvider: { index: 1, slots: 2_000 },
  /** Calendar sync: ICS connections of the slots provider and the next providers, polled. */
  calendar: { connections: 1_000 },
  /**
   * Scenario 3: the popular provider whose 500 fresh slots are stormed, three times in a row
   * (the leak check), each rush on its own 500; then `pooledRounds` more through PgBouncer and
   * `replicaRounds` beside a read replica (scenarios `pgbouncer`, `replica`), each on its own 500
   * too: 4,500 slots, 80 a day (quarter-hours 02:00–22:00 UTC), within the default 90-day horizon.
   */
  stormProvider: { index: 2, slots: 500, rounds: 3, pooledRounds: 3, replicaRounds: 3 },
  /** Scenario 4: a provider with 5,000 appointments (and as many slots), past and future. */
  dashboardProvider: { index: 3, appointments: 5_000 },
  /** Every other provider gets this many future slots (until the total reaches `slots`). */
  slotsPerProvider: 10,
  /** First of the providers whose users hold the real-time sockets (scenario 5). */
  firstRealtimeProvider: 11,
  realtimeProviders: 5_000,
  /** Booked appointments of other providers (one each), so the table is not one provider's. */
  otherAppointments: 50_000,
  /**
   * The teams scenario (docs/product.md §13): providers of their own, out of discovery (no
   * specialty: not listed), so no other scenario sees them. The staffed business: `staff`
   * providers (the first owns it) with 16 half-hour slots a day (09:00–17:00 UTC) naming the
   * owner's 30-minute service from tomorrow for `days` days, read day by day; on the day after
   * them, 09:00 is the "any staff" rush's time (every staff member free then). The room
   * business: `staff` more providers, one slot each of the owner's 60-minute service that needs
   * its one room, each starting 5 minutes after the previous one (all overlap). `clients`
   * clients of their own, one request each per rush.
   */
  teams: { staff: 10, days: 14, slotsPerDay: 16, clients: 200 },
  /**
   * Classes and series (docs/decisions/067-seats-and-series.md): two providers of their own,
   * out of discovery (no specialty), each with a 60-minute class service. The rush provider:
   * ONE slot of `capacity` seats three days from now, asked for by the `clients` bench clients
   * at once (exactly `capacity` win). The series provider: two slots of `capacity` seats a week
   * (10:00 and 18:00 UTC, two days from now and every 7 days after, `seriesCount` weeks), a
   * booking horizon of a year; client c books the weekly series of `seriesCount` from the
   * first week's slot c mod 2, so `seriesClients` series fill every seat exactly.
   */
  classes: { capacity: 100, seriesCount: 26, seriesClients: 200, seriesStarts: ['10:00', '18:00'] },
  /**
   * The prepaid booking rush (docs/product.md §16, docs/decisions/068-payments.md): a provider of
   * its own, out of discovery (no specialty), whose one service takes the full price when
   * booked (`payment_mode` 'prepay', `priceCents` in `currency`), and `slots` slots of that
   * service, rushed as the booking rush rushes the storm provider's (2,000 requests, each slot
   * wanted by 4). Then `checkouts` of the holds are paid with the test card.
   */
  payments: { slots: 500, priceCents: 2_500, currency: 'EUR', checkouts: 100 },
  /**
   * Payments webhooks (docs/decisions/068-payments.md): a provider of its own (not listed) with
   * a prepaid service and `holds` half-hour slots from tomorrow, 40 a day; `clients` clients of
   * their own book them all (each a pending payment and a Stripe Checkout Session); then every
   * session's checkout.session.completed is delivered, one in five of them twice.
   */
  webhooks: {
    holds: Number(process.env.BENCH_PAYMENT_HOLDS ?? 3_000),
    clients: 100,
    slotsPerDay: 40,
    priceCents: 2_500,
  },
  /**
   * The waitlist (docs/product.md §17, docs/decisions/069-waitlist.md): `providers` providers of
   * their own (not listed), each with `slotsPerProvider` one-hour slots over the next two days
   * (`slotsPerDay` a day from 09:00 UTC), all booked but the last; `clients` clients of their own,
   * each waiting for `entriesPerProvider` providers, so `providers × entriesPerProvider` waiting
   * entries whose two whole-day windows cover every slot of their provider. Provider p's first
   * waiter (the earliest entry) is client p; its slot 0 is held by client p + 37. `rounds`
   * cancels time "freed slot → waitlist_offer at the socket" (providers 0…rounds−1); then
   * `rushRounds` offered slots each get `rushSize` simultaneous requests (the offeree's accept and
   * the others' bookings) on the next providers. `controlProviders` more providers (indexes from
   * `providers` on) have the same booked slots and nobody waiting: each timed cancel is followed
   * by one of theirs, the cancel without an offer in the same run.
   */
  waitlist: {
    providers: 1_000,
    controlProviders: 200,
    clients: 1_000,
    entriesPerProvider: 10,
    slotsPerProvider: 8,
    slotsPerDay: 4,
    rounds: Number(process.env.BENCH_WAITLIST_ROUNDS ?? 200),
    rushRounds: Number(process.env.BENCH_WAITLIST_RUSHES ?? 20),
    rushSize: 50,
  },
} as const;

/** Name parts: searches are fragments of these, as people type them. */
// prettier-ignore
export const FIRST_NAMES = [
  'Ana', 'Maria', 'John', 'James', 'Mary', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'Linda',
  'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas',
  'Sarah', 'Carlos', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark',
  'Sandra', 'Luis', 'Ashley', 'Paul', 'Kimberly', 'Andrew', 'Emily', 'Joshua', 'Donna', 'Kevin',
  'Michelle', 'Brian', 'Carol', 'George', 'Amanda', 'Sofia', 'Melissa', 'Diego', 'Deborah',
  'Lucas', 'Stephanie', 'Mateo', 'Rebecca', 'Olivia', 'Laura', 'Noah', 'Sharon', 'Liam', 'Cynthia',
  'Emma', 'Kathleen', 'Yuki', 'Amy', 'Wei', 'Angela', 'Fatima', 'Helen', 'Omar', 'Anna', 'Ivan',
  'Brenda', 'Priya', 'Pamela', 'Chen', 'Nicole', 'Aisha', 'Hiroshi', 'Samantha', 'Elena',
];
// prettier-ignore
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark',
  'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres',
  'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker',
  'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook',
  'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly',
  'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood',
  'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo',
  'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez', 'Tanaka', 'Kowalski', 'Silva',
];
// prettier-ignore
export const SPECIALTIES = [
  'Barber', 'Hair stylist', 'Math tutor', 'Plumber', 'Electrician', 'Photographer',
  'Personal trainer', 'Yoga teacher', 'Massage therapist', 'Dentist', 'Physiotherapist',
  'Piano teacher', 'Dog groomer', 'Nail artist', 'Tattoo artist', 'Language tutor',
  'Nutritionist', 'Accountant', 'Driving instructor', 'Guitar teacher', 'Makeup artist',
  'Chiropractor', 'Life coach', 'Dermatologist',
];

/**
 * What people type into the search box: name and specialty fragments, whole words, two words.
 * Short common fragments ("an", "ma") match tens of thousands of the 100,000 providers.
 */
// prettier-ignore
export const SEARCH_QUERIES = [
  'ana', 'maria', 'john', 'lopez', 'garcia', 'smith', 'plumb', 'barber', 'tutor', 'yoga',
  'photo', 'dentist', 'mich', 'dav', 'nguyen', 'kim', 'massage', 'trainer', 'hair', 'sofia',
  'carlos', 'patel', 'elect', 'piano', 'dog', 'nail', 'math', 'coach', 'ana lopez',
  'maria garcia', 'john smith', 'david', 'emma', 'liam', 'wei chen', 'tanaka', 'silva',
  'physio', 'account', 'guitar', 'makeup', 'chiro', 'derm', 'language', 'driving', 'fatima',
  'omar', 'priya', 'yuki', 'hiroshi', 'rivera', 'ross', 'diaz', 'reed', 'bennett',
];

/** Where providers are (jittered ±0.25° around each): discovery's `near` and distance order. */
// prettier-ignore
export const CITIES: readonly { name: string; lat: number; lng: number }[] = [
  { name: 'Paris', lat: 48.8566, lng: 2.3522 }, { name: 'London', lat: 51.5074, lng: -0.1278 },
  { name: 'Madrid', lat: 40.4168, lng: -3.7038 }, { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Rome', lat: 41.9028, lng: 12.4964 }, { name: 'Lisbon', lat: 38.7223, lng: -9.1393 },
  { name: 'Amsterdam', lat: 52.3676, lng: 4.9041 }, { name: 'Vienna', lat: 48.2082, lng: 16.3738 },
  { name: 'Warsaw', lat: 52.2297, lng: 21.0122 }, { name: 'Prague', lat: 50.0755, lng: 14.4378 },
  { name: 'New York', lat: 40.7128, lng: -74.006 }, { name: 'Chicago', lat: 41.8781, lng: -87.6298 },
  { name: 'Toronto', lat: 43.6532, lng: -79.3832 }, { name: 'Mexico City', lat: 19.4326, lng: -99.1332 },
  { name: 'São Paulo', lat: -23.5505, lng: -46.6333 }, { name: 'Buenos Aires', lat: -34.6037, lng: -58.3816 },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093 }, { name: 'Auckland', lat: -36.8485, lng: 174.7633 },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503 }, { name: 'Mumbai', lat: 19.076, lng: 72.8777 },
];

/** Category slugs (the database check), given to providers in turn. */
export const CATEGORY_SLUGS = [
  'barber',
  'driver',
  'tutor',
  'photographer',
  'mechanic',
  'plumber',
  'electrician',
  'cleaner',
] as const;

/** Every seeded slot of the storm provider (rounds of each kind × 500). */
export const STORM_SLOTS =
  DATASET.stormProvider.slots *
  (DATASET.stormProvider.rounds +
    DATASET.stormProvider.pooledRounds +
    DATASET.stormProvider.replicaRounds);
