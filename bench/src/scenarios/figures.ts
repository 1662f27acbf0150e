/**
 * The operator's marketplace figures (docs/product.md §19.2,
 * docs/decisions/072-operating-the-marketplace.md), PostgreSQL only (the runner writes the rows
 * itself): 1,000,000 appointments made over the last two years by providers and clients of
 * their own, inserted set-based in batches so the statement triggers of 0022 write their deltas
 * as a booking would, then folded once (timed); then `GET /api/admin/figures` for the last 30,
 * 90 and 366 days under load, with its totals checked against a count of the appointments.
 */
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client';
import { refreshRatingPrior } from '../../../apps/server/src/modules/reviews/rating';
import { log, settings } from '../cli';
import type { BenchDatabase } from '../database';
import { uuidOf } from '../ids';
import { type LoadResult, runLoad } from '../load';
import { uuidOf as sqlUuidOf } from '../seed';
import { mintToken } from '../tokens';

export const FIGURES_DATASET = {
  appointments: 1_000_000,
  /** Inserted this many at a time (each statement one trigger run over its transition table). */
  batch: 100_000,
  /** Made over the last this many days. */
  days: 730,
  providers: 200,
  clients: 2_000,
  ranges: [30, 90, 366],
  /** Reviews of the completed ones (the history a marketplace grows: docs/deploy.md). */
  reviews: 100_000,
} as const;

export interface FiguresRangeResult {
  days: number;
  load: LoadResult;
}

export interface FiguresResult {
  appointments: number;
  /** Inserting them (users and providers first). */
  seedMs: number;
  /** The deltas the one fold after the seed moved (those the server's job had not folded). */
  deltas: number;
  /** The one fold after the seed, and how many day rows the table then holds. */
  foldMs: number;
  dayRows: number;
  ranges: FiguresRangeResult[];
  /** The 366-day answer's bookings · canceled · no-shows against a count of the appointments. */
  answered: string;
  counted: string;
  exact: boolean;
  /** Reviews written after the appointments (one statement; the rating trigger per row). */
  reviews: number;
  reviewsSeedMs: number;
  /** A provider reading the first page of their own 500 reviews, 50 connections. */
  reviewsPage: LoadResult;
}

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const providerOf = (p: string) => sqlUuidOf(`'fig-provider-' || ${p}`);
const providerUserOf = (p: string) => sqlUuidOf(`'fig-provider-user-' || ${p}`);
const clientOf = (c: string) => sqlUuidOf(`'fig-client-user-' || ${c}`);

/** Status, price and currency of appointment i: most completed, some cancelled, a few others. */
const STATUS = `case when i % 100 < 62 then 'completed' when i % 100 < 75 then 'booked'
  when i % 100 < 88 then 'canceled' when i % 100 < 93 then 'no_show'
  when i % 100 < 98 then 'expired' else 'pending_payment' end`;

/** Users, providers and the appointments, each batch one statement. */
async function seed(client: pg.Client): Promise<void> {
  const { providers, clients, appointments, batch, days } = FIGURES_DATASET;
  await client.query(`insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
    select ${providerUserOf('p')}, 'fig-provider' || p || '@bench.slotwise.test', 'x', 'Fig' || p, 'Bench',
           'provider', 'UTC', now()
    from generate_series(0, ${providers - 1}) as p
    union all
    select ${clientOf('c')}, 'fig-client' || c || '@bench.slotwise.test', 'x', 'Fig' || c, 'Bench',
           'client', 'UTC', now()
    from generate_series(0, ${clients - 1}) as c
    on conflict do nothing`);
  await client.query(`insert into providers (id, user_id)
    select ${providerOf('p')}, ${providerUserOf('p')} from generate_series(0, ${providers - 1}) as p
    on conflict do nothing`);
  for (let first = 0; first < appointments; first += batch) {
    // Made at a spread instant of the last `days` days; held one to three weeks later, an hour
    // between 08:00 and 18:00 (UTC, as every seeded user lives).
    await client.query(`insert into appointments (provider_id, client_id, status, day, start_time, end_time,
        starts_at, ends_at, service_type, price_cents, currency, canceled_at, canceled_by, created_at, updated_at)
      select ${providerOf(`(i % ${providers})::text`)}, ${clientOf(`((i * 7) % ${clients})::text`)}, s,
             held, start_time, start_time + interval '1 hour',
             (held + start_time) at time zone 'UTC', (held + start_time + interval '1 hour') at time zone 'UTC',
             'Appointment',
             case when i % 5 = 0 then null else 1000 + (i % 40) * 250 end,
             case when i % 5 = 0 then null when i % 5 < 4 then 'EUR' else 'USD' end,
             case when s = 'canceled' then made + interval '1 hour' end,
             case when s = 'canceled' then 'client' end,
             made, made
      from (
        select i, s, made, (made at time zone 'UTC')::date + 1 + (i % 21) as held,
               time '08:00' + interval '1 hour' * (i % 10) as start_time
        from (
          select i, ${STATUS} as s,
                 date_trunc('second', now() - interval '1 day' * ${days}
                   * (((i::bigint * 7919) % ${appointments})::float8 / ${appointments})) as made
          from generate_series(${first}, ${Math.min(first + batch, appointments) - 1}) as i
        ) n
      ) a`);
    log(`  figures: ${Math.min(first + batch, appointments).toLocaleString('en')} appointments`);
  }
}

/** Reviews of the first completed appointments, spread over the 200 providers (500 each). */
async function seedReviews(client: pg.Client): Promise<number> {
  const { rowCount } =
    await client.query(`insert into reviews (appointment_id, provider_id, client_id,
      rating, comment, created_at, updated_at)
    select a.id, a.provider_id, a.client_id, 1 + (abs(hashtext(a.id::text)) % 5),
           'Bench review ' || left(a.id::text, 8), a.ends_at + interval '1 day', a.ends_at + interval '1 day'
    from appointments a
    where a.status = 'completed' and a.provider_id in (select ${providerOf('p')}
      from generate_series(0, ${FIGURES_DATASET.providers - 1}) as p)
    order by a.id
    limit ${FIGURES_DATASET.reviews}`);
  return rowCount ?? 0;
}

/**
 * Operators are a handful of people, not a crowd: the figures are asked by 10 at once (the
 * target is each answer's time, docs/decisions/072), where public reads take the bench's 50.
 */
const FIGURES_CONNECTIONS = 10;

/** The scenario; undefined on PGlite (the database belongs to the server there). */
export async function runFigures(
  serverUrl: string,
  db: BenchDatabase,
): Promise<FiguresResult | undefined> {
  if (!db.url) {
    log('figures: skipped (needs PostgreSQL)');
    return undefined;
  }
  const { appointments, days, ranges } = FIGURES_DATASET;
  log(
    `figures: ${appointments.toLocaleString('en')} appointments over ${days} days, folded, then ` +
      `GET /api/admin/figures for ${ranges.join(', ')} days, ${FIGURES_CONNECTIONS} connections × ${settings.duration} s`,
  );
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query('set statement_timeout = 0');
    // Days are UTC days (the counts below compare instants with dates).
    await client.query("set timezone = 'UTC'");
    // Earlier runs on a reused database: their rows go first (the delete trigger takes them out).
    await client.query(`delete from appointments where provider_id in (select id from providers
       where user_id in (select id from users where email like 'fig-%@bench.slotwise.test'))`);
    const token = await mintToken({
      userId: uuidOf('fig-operator'),
      role: 'admin',
      providerId: null,
    });
    const headers = { authorization: `Bearer ${token}` };
    const today = Date.now();
    const pathOf = (n: number) =>
      `/api/admin/figures?from=${utcDay(today - (n - 1) * DAY_MS)}&to=${utcDay(today)}`;
    const totalsOf = async () => {
      const res = await fetch(`${serverUrl}${pathOf(366)}`, { headers });
      if (!res.ok) throw new Error(`figures: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { totals: Record<string, number> }).totals;
    };
    // What the rest of the bench's data counts for (its bulk seed skips triggers: maybe nothing).
    const before = await totalsOf();

    const seedStarted = performance.now();
    await seed(client);
    const seedMs = performance.now() - seedStarted;
    const reviewsStarted = performance.now();
    const reviews = await seedReviews(client);
    const reviewsSeedMs = performance.now() - reviewsStarted;
    log(
      `  figures: ${reviews.toLocaleString('en')} reviews in ${(reviewsSeedMs / 1000).toFixed(1)} s`,
    );
    // A mass import moves the marketplace mean: its refresh (the server's job every minute, in
    // batches: docs/decisions/083-background-work-under-load.md) done here at once, as after an
    // import, so the reads below and the later scenarios are measured on settled scores.
    const priorStarted = performance.now();
    const database = await openDatabase({ databaseUrl: db.url, dataDir: db.dataDir, poolSize: 1 });
    try {
      await refreshRatingPrior(database.db);
    } finally {
      await database.close();
    }
    log(
      `  figures: rating prior refreshed in ${((performance.now() - priorStarted) / 1000).toFixed(1)} s`,
    );
    // The server's own fold job (every minute) may have taken some: this fold moves the rest.
    const foldStarted = performance.now();
    const folded = await client.query<{ n: number }>('select marketplace_figures_fold() as n');
    const foldMs = performance.now() - foldStarted;
    const deltas = Number(folded.rows[0]!.n);
    await client.query(
      'vacuum analyze marketplace_days, marketplace_figure_deltas, appointments, reviews',
    );
    const dayRows = Number(
      (await client.query('select count(*) as n from marketplace_days')).rows[0].n,
    );
    log(
      `  figures: seeded in ${(seedMs / 1000).toFixed(1)} s (${deltas.toLocaleString('en')} deltas), ` +
        `folded in ${foldMs.toFixed(0)} ms into ${dayRows} day rows`,
    );

    // What the answer grew by is the count of these appointments made in the range.
    const after = await totalsOf();
    const grew = (key: string) => after[key]! - before[key]!;
    const answered = `${grew('bookings')} · ${grew('canceled')} · ${grew('no_shows')}`;
    const counted = await client.query<{ b: string; c: string; n: string }>(
      `select count(*) filter (where status in ('booked', 'completed', 'no_show', 'canceled')) as b,
              count(*) filter (where status = 'canceled') as c,
              count(*) filter (where status = 'no_show') as n
       from appointments a join providers p on p.id = a.provider_id
         join users u on u.id = p.user_id and u.email like 'fig-%@bench.slotwise.test'
       where a.created_at >= $1::date and a.created_at < $2::date + 1`,
      [utcDay(today - 365 * DAY_MS), utcDay(today)],
    );
    const row = counted.rows[0]!;
    const countedText = `${row.b} · ${row.c} · ${row.n}`;

    const results: FiguresRangeResult[] = [];
    for (const n of ranges) {
      log(`  figures: the last ${n} days`);
      results.push({
        days: n,
        load: await runLoad({
          url: serverUrl,
          connections: FIGURES_CONNECTIONS,
          duration: settings.duration,
          warmup: settings.warmup,
          headers,
          paths: [pathOf(n)],
          idleUrl: `${serverUrl}/api/health`,
        }),
      });
    }
    // A provider with 500 reviews reads the first page of them (their own, so unlisted is fine).
    const reviewer = await mintToken({
      userId: uuidOf('fig-provider-user-0'),
      role: 'provider',
      providerId: uuidOf('fig-provider-0'),
    });
    const reviewsPath = `/api/providers/${uuidOf('fig-provider-0')}/reviews`;
    const first = await fetch(`${serverUrl}${reviewsPath}`, {
      headers: { authorization: `Bearer ${reviewer}` },
    });
    const firstBody = (await first.json()) as { reviews?: unknown[] };
    if (!first.ok || !firstBody.reviews?.length) {
      throw new Error(
        `figures: reviews page ${first.status} ${JSON.stringify(firstBody).slice(0, 200)}`,
      );
    }
    log(
      `  figures: a provider's reviews (first page of ${Math.round(reviews / FIGURES_DATASET.providers)})`,
    );
    const reviewsPage = await runLoad({
      url: serverUrl,
      connections: settings.connections,
      duration: settings.duration,
      warmup: settings.warmup,
      headers: { authorization: `Bearer ${reviewer}` },
      paths: [reviewsPath],
      idleUrl: `${serverUrl}/api/health`,
    });
    return {
      reviews,
      reviewsSeedMs,
      reviewsPage,
      appointments,
      seedMs,
      deltas,
      foldMs,
      dayRows,
      ranges: results,
      answered,
      counted: countedText,
      exact: answered === countedText,
    };
  } finally {
    await client.end();
  }
}
