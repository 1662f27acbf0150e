import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/client';
import { appointments } from '../../src/db/schema';
import type { TestUser } from './factories';

/**
 * Appointments in the past and reviews, for the trust tests. Written straight into the database
 * (booking refuses the past): no slot — like an appointment whose freed slot was deleted.
 */

const MINUTE = 60_000;

export interface PastAppointmentOptions {
  /** Minutes since the start (default 90); negative for an appointment still to come. */
  startedMinutesAgo?: number;
  durationMinutes?: number;
  status?: 'booked' | 'canceled' | 'no_show';
  serviceType?: string;
}

/** An appointment of `client` with `provider` that started `startedMinutesAgo` minutes ago. */
export async function createPastAppointment(
  app: FastifyInstance,
  provider: TestUser,
  client: TestUser,
  options: PastAppointmentOptions = {},
): Promise<string> {
  const startsAt = new Date(Date.now() - (options.startedMinutesAgo ?? 90) * MINUTE);
  const endsAt = new Date(startsAt.getTime() + (options.durationMinutes ?? 30) * MINUTE);
  const local = (at: Date) =>
    sql`(${at.toISOString()}::timestamptz at time zone ${provider.timezone})`;
  const [row] = await app.database.db
    .insert(appointments)
    .values({
      providerId: provider.providerId!,
      clientId: client.id,
      status: options.status ?? 'booked',
      day: sql`${local(startsAt)}::date`,
      startTime: sql`${local(startsAt)}::time`,
      endTime: sql`${local(endsAt)}::time`,
      startsAt,
      endsAt,
      serviceType: options.serviceType ?? 'Consultation',
      canceledAt: options.status === 'canceled' ? new Date() : null,
      canceledBy: options.status === 'canceled' ? 'client' : null,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

/** POST /api/reviews as `client`; the raw response. */
export function postReview(
  app: FastifyInstance,
  client: TestUser | null,
  payload: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: client ? client.headers : {},
    payload,
  });
}

/** A completed appointment of `client` with `provider`, reviewed through the API: the review id. */
export async function createReview(
  app: FastifyInstance,
  provider: TestUser,
  client: TestUser,
  rating = 5,
  comment = 'Great',
): Promise<string> {
  const appointmentId = await createPastAppointment(app, provider, client);
  const res = await postReview(app, client, { appointmentId, rating, comment });
  if (res.statusCode !== 201) throw new Error(`review failed: ${res.statusCode} ${res.body}`);
  return res.json().review.id as string;
}

/**
 * `ratings.length` completed appointments of `client` with `provider` and their reviews, in two
 * multi-row statements (the rating trigger still runs for every row).
 */
export async function insertReviews(
  app: FastifyInstance,
  providerId: string,
  clientId: string,
  ratings: number[],
): Promise<void> {
  if (ratings.length === 0) return;
  const values = sql.join(
    ratings.map((rating, i) => sql`(${i}::int, ${rating}::int)`),
    sql`, `,
  );
  await queryRows(
    app.database.db,
    sql`
    with input(n, rating) as (values ${values}),
    made as (
      insert into appointments (provider_id, client_id, status, day, start_time, end_time,
                                starts_at, ends_at, service_type)
      select ${providerId}::uuid, ${clientId}::uuid, 'booked', (now() - interval '2 days')::date,
             '09:00', '09:30', now() - interval '2 days', now() - interval '2 days' + interval '30 minutes',
             'Consultation'
      from input
      returning id
    ),
    numbered as (select id, row_number() over (order by id) as n from made)
    insert into reviews (appointment_id, provider_id, client_id, rating)
    select numbered.id, ${providerId}::uuid, ${clientId}::uuid, input.rating::smallint
    from numbered join input on input.n + 1 = numbered.n`,
  );
}
