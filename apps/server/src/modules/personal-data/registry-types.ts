import type { Link } from './person-links';

/** The shapes of the registry of people's data (personal-tables.ts, docs/decisions/072). */

/** What erasure does with the rows found by the links. */
export type Erasure =
  | { kind: 'delete'; why: string }
  | { kind: 'anonymise'; why: string }
  | { kind: 'keep'; why: string };

export interface PersonalTable {
  table: string;
  /** Rows about the person; any link suffices. */
  links: readonly Link[];
  /** Columns holding personal values (names, address, free text about the person…). */
  personal: readonly string[];
  /** Left out of the export: password, token and calendar secrets, validators. */
  secrets?: readonly string[];
  /** A bytea column exported as a data: URL, with the column naming its content type. */
  picture?: { column: string; typeColumn: string };
  /** Columns whose name looks personal but are not, with why (the coverage test reads this). */
  notPersonal?: Readonly<Record<string, string>>;
  erasure: Erasure;
}

export interface ImpersonalTable {
  table: string;
  /** Why nothing in it is about a person. */
  nothingAboutAPerson: string;
  notPersonal?: Readonly<Record<string, string>>;
}
