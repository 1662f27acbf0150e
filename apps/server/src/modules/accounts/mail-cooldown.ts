import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { mailCooldowns } from '../../db/schema';

/**
 * Per-address cooldown of a kind of mail, kept for every address asked about (known or not),
 * so the answer and its `retryAfterSeconds` never reveal whether an account exists.
 * Returns 0 when the caller may send now (the cooldown restarts), else the seconds to wait.
 */
export type MailPurpose = 'verification' | 'password_reset';

/** Starts (or restarts) the cooldown unconditionally: a mail is on its way to `email`. */
export async function startMailCooldown(db: DbOrTx, purpose: MailPurpose, email: string) {
  await db
    .insert(mailCooldowns)
    .values({ purpose, email, lastSentAt: sql`now()` })
    .onConflictDoUpdate({
      target: [mailCooldowns.purpose, mailCooldowns.email],
      set: { lastSentAt: sql`now()` },
    });
}

export async function takeMailCooldown(
  db: DbOrTx,
  purpose: MailPurpose,
  email: string,
  seconds: number,
): Promise<number> {
  const taken = await queryRows<{ ok: number }>(
    db,
    sql`insert into ${mailCooldowns} (purpose, email, last_sent_at)
        values (${purpose}, ${email}, now())
        on conflict (purpose, email) do update set last_sent_at = now()
        where ${mailCooldowns}.last_sent_at <= now() - make_interval(secs => ${seconds})
        returning 1 as ok`,
  );
  if (taken.length > 0) return 0;
  const [row] = await queryRows<{ wait: number | string }>(
    db,
    sql`select ceil(extract(epoch from (last_sent_at + make_interval(secs => ${seconds}) - now()))) as wait
        from ${mailCooldowns} where purpose = ${purpose} and email = ${email}`,
  );
  return Math.max(1, Number(row?.wait ?? seconds));
}
