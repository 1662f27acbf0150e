import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessionGenerations } from '../../db/schema';

/** A bumped session generation, for the caller's own instance's revocation set. */
export interface EndedSessions {
  userId: string;
  generation: number;
  updatedAtMs: number;
}

/**
 * Ends every session of the account: its session generation moves on, so each token issued
 * before is refused — here once the caller applies the result (`revocations.addGeneration`), and
 * on every other instance when the push channel delivers the row's trigger (docs/decisions/056).
 * Used by a password reset, an erased account and an operator's lost role.
 */
export async function endAllSessions(tx: DbOrTx, userId: string): Promise<EndedSessions> {
  const [bumped] = await tx
    .insert(sessionGenerations)
    .values({ userId, generation: 1 })
    .onConflictDoUpdate({
      target: sessionGenerations.userId,
      set: { generation: sql`${sessionGenerations.generation} + 1`, updatedAt: sql`now()` },
    })
    .returning({
      userId: sessionGenerations.userId,
      generation: sessionGenerations.generation,
      updatedAt: sessionGenerations.updatedAt,
    });
  return {
    userId: bumped!.userId,
    generation: bumped!.generation,
    updatedAtMs: bumped!.updatedAt.getTime(),
  };
}
