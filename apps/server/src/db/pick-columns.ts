import { getTableColumns, type Table } from 'drizzle-orm';

/** Some of a table's columns under their own names, for `select()`: `pickColumns(users, 'id')`. */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...keys: K[]
): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<T['_']['columns'], K>;
}
