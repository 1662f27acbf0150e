import type { SearchSort } from '@slotwise/shared/discovery-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { ValidationError } from '../../errors';
import type { KeyValue } from './cursor';
import type { NormalisedSearch, Point } from './discovery-normalise';
import { type RatingView, earthPoint, providerEarth } from './discovery-sql';

/** The orders of discovery (docs/product.md §11.2): each sort's keys and the keyset conditions. */

/** Nearest first: sort=distance, and relevance without q when a point is given. */
export function byDistance(s: { sort: SearchSort; q: string; point: Point | null }): boolean {
  return s.point !== null && (s.sort === 'distance' || (s.sort === 'relevance' && !s.q));
}

/** One ordering key: its SQL, direction, whether it can be null (asc, nulls last), its type. */
export interface SortKey {
  name: string;
  expr: SQL;
  desc?: boolean;
  nullable?: boolean;
  cast: 'text' | 'uuid' | 'float8' | 'real' | 'int' | 'timestamptz';
}

export function sortKeys(s: NormalisedSearch, ratings: RatingView): SortKey[] {
  const byName: SortKey[] = [
    { name: 'k_first', expr: sql`p.first_name`, cast: 'text' },
    { name: 'k_last', expr: sql`p.last_name`, cast: 'text' },
  ];
  const id: SortKey = { name: 'k_id', expr: sql`p.id`, cast: 'uuid' };
  if (byDistance(s)) {
    // The chord through the earth (cube <->): the great-circle order, served by KNN on GiST.
    return [
      { name: 'k_dist', expr: sql`(${providerEarth} <-> ${earthPoint(s.point!)})`, cast: 'float8' },
      id,
    ];
  }
  switch (s.sort) {
    case 'rating':
      return [
        { name: 'k_score', expr: ratings.score, desc: true, cast: 'float8' },
        { name: 'k_count', expr: ratings.count, desc: true, cast: 'int' },
        ...byName,
        id,
      ];
    case 'price':
      return [
        { name: 'k_price', expr: sql`p.price_from_cents`, nullable: true, cast: 'int' },
        ...byName,
        id,
      ];
    case 'soonest':
      return [
        { name: 'k_next', expr: sql`ns.starts_at`, nullable: true, cast: 'timestamptz' },
        ...byName,
        id,
      ];
    default:
      // Relevance: how well q matches a whole word run (word similarity distance, computed for
      // the matches the trigram GIN index finds), then by name; without q simply by name.
      return s.q
        ? [{ name: 'k_rel', expr: sql`(p.search_text <->> ${s.q})`, cast: 'real' }, ...byName, id]
        : [...byName, id];
  }
}

function param(value: KeyValue, key: SortKey): SQL {
  return sql`${value}::${sql.raw(key.cast)}`;
}

/** "Strictly after the cursor's row" in the keys' order (nulls last). */
export function afterCondition(keys: SortKey[], values: KeyValue[]): SQL {
  if (values.length !== keys.length) throw ValidationError.field('cursor', 'bad cursor');
  const equal = (key: SortKey, value: KeyValue) =>
    value === null ? sql`${key.expr} is null` : sql`${key.expr} = ${param(value, key)}`;
  const greater = (key: SortKey, value: KeyValue): SQL => {
    if (value === null) return sql`false`;
    const strictly = key.desc
      ? sql`${key.expr} < ${param(value, key)}`
      : sql`${key.expr} > ${param(value, key)}`;
    return key.nullable ? sql`(${strictly} or ${key.expr} is null)` : strictly;
  };
  const branches = keys.map((key, i) =>
    sql.join(
      [...keys.slice(0, i).map((k, j) => equal(k, values[j]!)), greater(key, values[i]!)],
      sql` and `,
    ),
  );
  const first = keys[0]!;
  const firstValue = values[0]!;
  // A bound on the first key alone lets the index start at the cursor instead of the top.
  const bound =
    firstValue === null
      ? sql`${first.expr} is null`
      : first.nullable
        ? sql`(${first.expr} ${sql.raw(first.desc ? '<=' : '>=')} ${param(firstValue, first)} or ${first.expr} is null)`
        : sql`${first.expr} ${sql.raw(first.desc ? '<=' : '>=')} ${param(firstValue, first)}`;
  return sql`(${bound} and ((${sql.join(branches, sql`) or (`)})))`;
}

export function orderBy(keys: SortKey[], qualify?: string): SQL {
  return sql.join(
    keys.map((key) => {
      const expr = qualify ? sql.raw(`${qualify}.${key.name}`) : key.expr;
      return sql`${expr} ${sql.raw(key.desc ? 'desc' : 'asc')} ${sql.raw(key.nullable ? 'nulls last' : '')}`;
    }),
    sql`, `,
  );
}
