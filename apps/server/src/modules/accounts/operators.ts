import type { AccountRole } from '@slotwise/shared/enums';
import { and, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { providers, users } from '../../db/schema';
import { endAllSessions } from './sessions';

/**
 * The operator role (docs/decisions/072-operating-the-marketplace.md): an account is `admin`
 * exactly while its verified address is listed in ADMIN_EMAILS. Sign-in applies the list to the
 * one account; boot applies it to all, so a removed operator's tokens stop at once.
 */

/** The role an account returns to when its address leaves the list. */
const formerRole = sql<AccountRole>`case when exists (select 1 from ${providers}
  where ${providers.userId} = ${users.id}) then 'provider' else 'client' end`;

/** The account's role after applying the list at sign-in (written when it changes). */
export async function operatorRoleAtSignIn(
  db: DbOrTx,
  account: { id: string; email: string; role: AccountRole },
  adminEmails: ReadonlySet<string>,
): Promise<AccountRole> {
  const listed = adminEmails.has(account.email);
  if (listed === (account.role === 'admin')) return account.role;
  const [row] = await db
    .update(users)
    .set({ role: listed ? 'admin' : formerRole, updatedAt: sql`now()` })
    .where(eq(users.id, account.id))
    .returning({ role: users.role });
  return row?.role ?? account.role;
}

/**
 * At boot: verified listed accounts become operators; operators no longer listed go back to
 * their former role and every session of theirs ends (returned for this instance's set).
 */
export async function syncOperatorRoles(db: Db, adminEmails: ReadonlySet<string>) {
  const listed = [...adminEmails];
  return db.transaction(async (tx) => {
    if (listed.length > 0) {
      await tx
        .update(users)
        .set({ role: 'admin', updatedAt: sql`now()` })
        .where(
          and(
            inArray(users.email, listed),
            isNotNull(users.emailVerifiedAt),
            isNull(users.deletedAt),
            ne(users.role, 'admin'),
          ),
        );
    }
    const demoted = await tx
      .update(users)
      .set({ role: formerRole, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.role, 'admin'),
          listed.length > 0 ? notInArray(users.email, listed) : undefined,
        ),
      )
      .returning({ id: users.id });
    return Promise.all(demoted.map((row) => endAllSessions(tx, row.id)));
  });
}
