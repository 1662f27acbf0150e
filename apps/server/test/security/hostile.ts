import fc from 'fast-check';

/**
 * Generators of hostile input for the property-based tests: wrong types, missing and extra
 * fields, huge strings, unicode and NUL bytes, SQL and HTML payloads, impossible dates and
 * times, negative and enormous numbers, non-UUID ids, junk query strings.
 */

/** Runs per property (HOSTILE_RUNS overrides, e.g. HOSTILE_RUNS=500 for a long hunt). */
export const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);

export const NASTY_STRINGS: string[] = [
  // SQL
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5) --',
  "' UNION SELECT password_hash FROM users --",
  '\\',
  '%',
  '_%_',
  // HTML / script
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  // unicode, NUL and control characters
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Eevil',
  '\u0007\u001b[31m',
  'ｓｅｌｅｃｔ',
  '𝕏'.repeat(60),
  'e\u0301'.repeat(30),
  '\r\n\t',
  ' ',
  '',
  // impossible dates and times
  '2025-02-30',
  '2025-13-01',
  '2025-00-10',
  '0000-00-00',
  '2025-2-3',
  '2025-02-28T25:00:00Z',
  '24:00:00',
  '24:00',
  '9:5',
  '12:60',
  '23:59:60',
  '-01:00',
  // numbers and keywords as text
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  // ids
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '{00000000-0000-4000-8000-000000000000}',
  // paths and templates
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '%2e%2e%2f',
];

const huge = fc
  .tuple(
    fc.constantFrom('a', 'é', '\u0000', '<', "'", '𝕏'),
    fc.integer({ min: 1_000, max: 20_000 }),
  )
  .map(([char, count]) => char.repeat(count));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...NASTY_STRINGS),
        fc.string({ maxLength: 8 }),
      )
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: huge },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value a client could send, biased towards the nasty ones. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }) },
);

/** Keys an attacker adds hoping for mass assignment or prototype pollution. */
const extraKey = fc.oneof(
  fc.constantFrom(
    'id',
    'role',
    'userId',
    'providerId',
    'clientId',
    'isBooked',
    'is_booked',
    'status',
    'emailVerifiedAt',
    'email_verified_at',
    'passwordHash',
    'password_hash',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 10 }),
);

const omit = (body: Record<string, unknown>, field: string) => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};

/**
 * Bodies around a valid one: one field replaced by hostile input, one field missing, every
 * field hostile or missing plus extra fields, or not an object at all.
 */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(valid);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...fields), hostileValue)
        .map(([field, value]) => ({ ...valid, [field]: value })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...fields).map((field) => omit(valid, field)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), {
            requiredKeys: [],
          }),
          fc.dictionary(extraKey, hostileValue, { maxKeys: 3 }),
        )
        .map(([body, extra]) => Object.assign(JSON.parse(JSON.stringify(extra)) as object, body)),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(hostileString, nastyNumber, fc.constant(null), fc.array(scalar)),
    },
  );
}

/** Raw request bodies with the content types a sloppy or hostile client sends. */
export const rawBody = fc.record({
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=xyz',
    'image/png',
  ),
  body: fc.oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '\u0000',
      '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    ),
    fc.string({ unit: 'binary', maxLength: 80 }),
  ),
});

/** A path segment: junk of every kind, or a UUID that names nothing. */
export const hostileId = fc.oneof(
  { weight: 4, arbitrary: hostileString.filter((s) => s.length <= 300) },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 1,
    arbitrary: fc.constantFrom('0', '-1', '1e309', '00000000-0000-0000-0000-000000000000'),
  },
);

/** Percent-encodes every byte of the UTF-8 form except unreserved characters. */
export function encodeSegment(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Raw URL tails that are not even valid percent-encoding. */
export const brokenSegments = ['%', '%zz', '%c0%ae%c0%ae', '%ff%fe', '..%2f..%2f', '%25%00'];

/** A junk query string for an endpoint whose known parameters are `keys`. */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'x[]', '') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const pair = fc
    .tuple(
      key,
      fc.oneof(
        hostileString.filter((s) => s.length <= 1500),
        nastyNumber.map(String),
      ),
    )
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join('&')),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '&&==',
        '=',
        'page',
        'q=%',
        'q=%zz',
        'page=1&page=2',
        'a[b]=c&a[c]=d',
      ),
    },
  );
}
