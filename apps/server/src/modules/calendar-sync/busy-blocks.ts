import type { BusyBlock } from '@slotwise/shared/calendar-sync-schemas';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { BusyInterval } from './source';

/**
 * Busy blocks (docs/decisions/071-calendar-sync.md): each sync replaces its connection's blocks
 * whole, in one transaction, so a booking's claim sees either the old set or the new one.
 * Overlapping or touching intervals are merged first (a feed often repeats itself).
 */
export function mergedIntervals(blocks: readonly BusyInterval[]): BusyInterval[] {
  const sorted = blocks
    .filter((b) => b.endsAt.getTime() > b.startsAt.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: BusyInterval[] = [];
  for (const block of sorted) {
    const last = merged[merged.length - 1];
    if (last && block.startsAt.getTime() <= last.endsAt.getTime()) {
      if (block.endsAt.getTime() > last.endsAt.getTime()) last.endsAt = block.endsAt;
    } else {
      merged.push({ startsAt: block.startsAt, endsAt: block.endsAt });
    }
  }
  return merged;
}

export async function replaceBusyBlocks(
  tx: DbOrTx,
  connection: { id: string; providerId: string },
  blocks: readonly BusyInterval[],
): Promise<number> {
  const merged = mergedIntervals(blocks);
  await tx.execute(sql`delete from busy_blocks where connection_id = ${connection.id}`);
  if (merged.length === 0) return 0;
  // One statement whatever the count (a 5,000-event feed): two arrays unnested.
  const starts = `{${merged.map((b) => b.startsAt.toISOString()).join(',')}}`;
  const ends = `{${merged.map((b) => b.endsAt.toISOString()).join(',')}}`;
  await tx.execute(sql`insert into busy_blocks (connection_id, provider_id, starts_at, ends_at)
    select ${connection.id}, ${connection.providerId}, s, e
    from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) as b(s, e)`);
  return merged.length;
}

/** GET /calendar/busy: the provider's busy blocks overlapping [from, to), with the calendar's name. */
export async function busyBlocksOf(
  db: DbOrTx,
  providerId: string,
  range: { from: Date; to: Date },
): Promise<BusyBlock[]> {
  return queryRows<BusyBlock>(
    db,
    sql`select to_char(b.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as starts_at,
          to_char(b.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ends_at,
          c.name as calendar_name
        from busy_blocks b join calendar_connections c on c.id = b.connection_id
        where b.provider_id = ${providerId}
          and tstzrange(b.starts_at, b.ends_at, '[)')
            && tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz, '[)')
        order by b.starts_at, c.name
        limit 2000`,
  );
}
