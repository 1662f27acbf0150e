import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { jobs } from '../db/schema';

/**
 * The worker's lanes and turns (docs/decisions/083-background-work-under-load.md). The queue used
 * to claim the oldest due job of any kind, so a backlog of one kind (the mail of a rush) held up
 * every other kind behind it, calendar syncs included: a stale calendar lets a busy time be
 * booked. Now each round claims one job of every kind that has one due, oldest first within the
 * kind, and kinds that must not share a loop with the rest run in a lane of their own.
 */

/**
 * A lane of the worker: its kinds are claimed by a loop of their own, `concurrency` jobs in
 * flight. Kinds registered without one share the default lane.
 */
export interface JobLane {
  name: string;
  concurrency: number;
}

export const DEFAULT_LANE: JobLane = { name: 'default', concurrency: 1 };

export interface RegisterOptions {
  lane?: JobLane;
}

/** The lane of each kind registered outside the default one. */
export class KindLanes {
  private readonly byKind = new Map<string, JobLane>();

  set(kind: string, lane: JobLane | undefined): void {
    if (lane && lane.name !== DEFAULT_LANE.name) this.byKind.set(kind, lane);
    else this.byKind.delete(kind);
  }

  /** A kind's lane: the one it was registered in, else (also for an unknown kind) the default. */
  of(kind: string): JobLane {
    return this.byKind.get(kind) ?? DEFAULT_LANE;
  }

  /** The lanes with kinds registered in them, the default one first. */
  all(): JobLane[] {
    const byName = new Map<string, JobLane>([[DEFAULT_LANE.name, DEFAULT_LANE]]);
    for (const lane of this.byKind.values()) byName.set(lane.name, lane);
    return [...byName.values()];
  }
}

/**
 * The kinds that have a job to claim at `now` (due, or running past its lease), by name. One
 * statement: a skip scan of `jobs_kind_due_idx` (one probe per kind in the queue, however many
 * jobs each has), then one probe per kind for a due job.
 */
export async function dueKindsAt(db: DbOrTx, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ kind: string }>(
    db,
    sql`with recursive queued(kind) as (
          (select kind from ${jobs} where status in ('pending', 'running') order by kind limit 1)
          union all
          select (select j.kind from ${jobs} j where j.status in ('pending', 'running')
                    and j.kind > queued.kind order by j.kind limit 1)
          from queued where queued.kind is not null)
        select q.kind from queued q
        where q.kind is not null and exists (
          select 1 from ${jobs} j where j.kind = q.kind
            and j.status in ('pending', 'running')
            and j.run_at < ${at}::timestamptz + interval '1 millisecond'
            and (j.status = 'pending' or j.locked_until <= ${at}::timestamptz))
        order by q.kind`,
  );
  return rows.map((row) => row.kind);
}

type Outcome = 'done' | 'retried' | 'failed';

export interface TurnsOptions<J> {
  limit: number;
  concurrency: number;
  /** Checked before each claim of the first loop; `yieldExtra` before those of the others. */
  yieldTo: () => boolean;
  yieldExtra: () => boolean;
  /** The kinds with a job due, by name. */
  dueKinds: () => Promise<string[]>;
  /** Where the round starts (the kinds take turns going first), given their number. */
  firstTurn: (kinds: number) => number;
  claim: (kind: string) => Promise<J | null>;
  run: (job: J) => Promise<Outcome>;
}

/**
 * Claims and runs jobs round after round until no kind has one due or `limit` ran: each round
 * is the kinds with a job due, each claimed once. A round whose every kind came back empty (its
 * rows held by another worker) ends the run instead of asking again at once.
 */
export async function runInTurns<J>(options: TurnsOptions<J>): Promise<Record<Outcome, number>> {
  const summary: Record<Outcome, number> = { done: 0, retried: 0, failed: 0 };
  let round: string[] = [];
  let refreshing: Promise<boolean> | null = null;
  let finished = false;
  let started = 0;
  /** Claims in a row that found nothing, and the kinds the last round had. */
  let misses = 0;
  let lastRound = 0;
  const refresh = () =>
    (refreshing ??= (async () => {
      if (lastRound > 0 && misses >= lastRound) return [];
      return options.dueKinds();
    })()
      .then((kinds) => {
        const first = kinds.length > 0 ? options.firstTurn(kinds.length) : 0;
        round = [...kinds.slice(first), ...kinds.slice(0, first)];
        lastRound = round.length;
        misses = 0;
        if (round.length === 0) finished = true;
        return round.length > 0;
      })
      .finally(() => {
        refreshing = null;
      }));
  const loop = async (stop: () => boolean) => {
    while (!finished && started < options.limit && !stop()) {
      if (round.length === 0 && !(await refresh())) return;
      const kind = round.shift();
      if (kind === undefined) continue;
      const job = await options.claim(kind);
      if (!job) {
        misses++;
        continue;
      }
      misses = 0;
      started++;
      summary[await options.run(job)]++;
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency) }, (_, i) =>
      loop(i === 0 ? options.yieldTo : options.yieldExtra),
    ),
  );
  return summary;
}
