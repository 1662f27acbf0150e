/**
 * Is response serialisation a bottleneck? The routes declare zod response schemas, and
 * fastify-type-provider-zod serialises by `safeEncode(schema, data)` + `JSON.stringify`. This
 * times that against plain JSON.stringify and against fast-json-stringify compiled from the same
 * schema (what Fastify does with JSON Schemas), on the largest answer: 5,000 appointments.
 *
 *   node --import tsx bench/src/serializer.ts
 */
import { providerAppointmentsResponseSchema } from '@slotwise/shared/appointments-schemas';
import { providerSearchResponseSchema } from '@slotwise/shared/discovery-schemas';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { uuidOf } from './ids';

function time(label: string, run: () => unknown, rounds: number): number {
  for (let i = 0; i < 5; i++) run();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) run();
  const ms = (performance.now() - started) / rounds;
  console.log(`  ${label.padEnd(34)} ${ms.toFixed(2)} ms`);
  return ms;
}

function compare(name: string, schema: z.ZodType, data: unknown, rounds: number) {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  const compiled = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  console.log(`${name}: ${(JSON.stringify(data).length / 1024).toFixed(0)} KB of JSON`);
  time(
    'zod safeEncode + JSON.stringify',
    () => JSON.stringify(safeEncode(schema, data).data),
    rounds,
  );
  time('  of which zod safeEncode', () => safeEncode(schema, data), rounds);
  time('JSON.stringify alone', () => JSON.stringify(data), rounds);
  time('fast-json-stringify (same schema)', () => compiled(data), rounds);
}

const now = new Date();
const appointments = Array.from({ length: 5_000 }, (_, i) => ({
  appointment_id: uuidOf(`a${i}`),
  id: uuidOf(`a${i}`),
  timeslot_id: i % 10 === 0 ? null : uuidOf(`s${i}`),
  client_first_name: 'Maria',
  client_last_name: 'Garcia',
  day: '2026-11-24',
  start_time: '10:00:00',
  end_time: '10:15:00',
  status: 'completed' as const,
  service_type: 'Consultation',
  starts_at: now.toISOString(),
  ends_at: now.toISOString(),
}));
compare(
  'provider/view, 5,000 appointments',
  providerAppointmentsResponseSchema,
  { appointments },
  50,
);

const providers = Array.from({ length: 20 }, (_, i) => ({
  provider_id: uuidOf(`p${i}`),
  first_name: 'Ana',
  last_name: 'Lopez',
  specialty: 'Plumber',
  bio: 'Experienced plumber, 12 years in the trade.',
  profile_image_url: null,
}));
compare(
  'search, one page of 20',
  providerSearchResponseSchema,
  { providers, page: 1, limit: 20, total: 2241 },
  20_000,
);
