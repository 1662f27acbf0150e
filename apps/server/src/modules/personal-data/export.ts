import { EXPORT_FORMAT, type AccountExport } from '@slotwise/shared/personal-data-schemas';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { providers, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { aboutPerson, type Person } from './person-links';
import { PERSONAL_TABLES, type PersonalTable } from './personal-tables';

type Row = Record<string, unknown>;

/** The person behind an account: its id, provider listing and address. */
export async function personOf(db: DbOrTx, userId: string): Promise<Person> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, providerId: providers.id })
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError('Account not found');
  return row;
}

const dataUrl = (type: unknown, bytes: unknown) =>
  `data:${String(type)};base64,${Buffer.from(bytes as Uint8Array).toString('base64')}`;

/** A row as exported: secrets left out, a picture as a data: URL. */
function exported(entry: PersonalTable, row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (entry.secrets?.includes(column)) continue;
    out[column] =
      entry.picture?.column === column ? dataUrl(row[entry.picture.typeColumn], value) : value;
  }
  return out;
}

/**
 * GET /api/account/export (docs/product.md §19.5): every row the registry finds about the
 * caller, per table (every personal table is a key, empty or not), secrets left out.
 */
export async function exportAccount(db: DbOrTx, userId: string): Promise<AccountExport> {
  // Instants become ISO strings in the JSON round trip below.
  const person = await personOf(db, userId);
  const data: Record<string, Row[]> = {};
  for (const entry of PERSONAL_TABLES) {
    const rows = await queryRows<Row>(
      db,
      sql`select * from ${sql.identifier(entry.table)} where ${aboutPerson(entry.links, person)}`,
    );
    data[entry.table] = rows.map((row) => exported(entry, row));
  }
  const json = JSON.parse(JSON.stringify(data)) as Record<string, Row[]>;
  return {
    format: EXPORT_FORMAT,
    exported_at: new Date().toISOString(),
    account: json.users?.[0] ?? {},
    data: json,
  };
}
