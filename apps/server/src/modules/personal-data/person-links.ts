import { type SQL, sql } from 'drizzle-orm';

/**
 * How the registry of people's data (personal-tables.ts, docs/decisions/072) finds the rows
 * about a person: the person, and the links from a table's columns to them.
 */

/** Whose data is asked for: the account, its provider listing (if any), its address. */
export interface Person {
  userId: string;
  /** The provider listing of a provider account; null for clients and operators. */
  providerId: string | null;
  /** The address as stored now (before erasure replaces it). */
  email: string;
}

/** How rows about a person are found: the columns that identify them and the condition. */
export interface Link {
  columns: readonly string[];
  where(person: Person): SQL;
}

const col = (name: string) => sql.identifier(name);

/** Rows whose `column` is the person's user id. */
export const byUser = (column: string): Link => ({
  columns: [column],
  where: (p) => sql`${col(column)} = ${p.userId}`,
});

/** Rows whose `column` is the person's provider listing (providers.user_id = the person). */
export const byProvider = (column: string): Link => ({
  columns: [column],
  where: (p) => (p.providerId ? sql`${col(column)} = ${p.providerId}` : sql`false`),
});

/** Rows whose `column` is the person's address. */
export const byEmail = (column: string): Link => ({
  columns: [column],
  where: (p) => sql`${col(column)} = ${p.email}`,
});

/** Rows whose `column` is one of the ids `ids` selects for the person. */
export const within = (column: string, ids: (p: Person) => SQL): Link => ({
  columns: [column],
  where: (p) => sql`${col(column)} in (${ids(p)})`,
});

export const ownConversations = (p: Person) =>
  sql`select "id" from "conversations" where "client_id" = ${p.userId} or "provider_user_id" = ${p.userId}`;
export const ownWaitlistEntries = (p: Person) =>
  sql`select "id" from "waitlist_entries" where "client_id" = ${p.userId}`;
export const ownConnections = (p: Person) =>
  sql`select "id" from "calendar_connections" where "provider_id" = ${p.providerId}`;
export const ownBusinesses = (p: Person) =>
  sql`select "business_id" from "business_staff" where "provider_id" = ${p.providerId}`;

/** A job addressed to the person (its payload names them as recipient or account). */
export const jobAddressedTo = (p: Person): SQL =>
  sql`("payload"->>'recipientUserId' = ${p.userId} or "payload"->>'userId' = ${p.userId})`;

/** The condition selecting a table's rows about the person (any of its links). */
export function aboutPerson(links: readonly Link[], person: Person): SQL {
  return sql.join(
    links.map((link) => sql`(${link.where(person)})`),
    sql` or `,
  );
}
