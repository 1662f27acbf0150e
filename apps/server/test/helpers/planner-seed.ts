import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Enough rows for PostgreSQL's planner to choose as it does at scale (the EXPLAIN tests): 8,000
 * verified provider users, their provider rows as `insertProviders` writes them, five slots each
 * (10:00–10:30 on 13–17 January 2030), then ANALYZE.
 */
export async function seedForPlanner(db: Db, insertProviders: SQL) {
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name, role, email_verified_at)
      select 'x' || g || '@example.test', 'x', 'First' || g, 'Last' || g, 'provider', now()
      from generate_series(1, 8000) g`);
  await db.execute(insertProviders);
  await db.execute(sql`insert into timeslots (provider_id, day, start_time, end_time, starts_at, ends_at, type)
      select p.id, d::date, '10:00', '10:30', d + interval '10 hours', d + interval '10 hours 30 minutes', 'Consultation'
      from providers p cross join generate_series(timestamptz '2030-01-13', timestamptz '2030-01-17', interval '1 day') d`);
  // VACUUM too: it merges the GIN indexes' pending lists, as autovacuum does on a live database.
  await db.execute(sql`vacuum analyze`);
}
