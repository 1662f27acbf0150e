import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Tx, queryRows } from '../db/client';
import { appointmentEvents, appointments, reviews } from '../db/schema';
import { random } from './demo-plan';

/**
 * Demo trust data (docs/decisions/045-reviews-and-ratings.md), inside the demo seed's
 * transaction: every provider gets a history of completed appointments over the last seven
 * weeks, most of them reviewed — so ratings, counts and the top-rated carousel look real — and
 * the recent completed appointments of the two other demo clients are reviewed too. The demo
 * client's own recent completed appointments stay unreviewed, so signing in as them shows the
 * 'How was your appointment with …?' prompt.
 */

export interface DemoReviewsInput {
  /** Demo providers, in the seed's order. */
  providerIds: string[];
  /** Demo clients, the signed-in demo client first. */
  clientIds: string[];
  timezone: string;
  now: Date;
}

export interface DemoReviewsResult {
  /** History appointments added (each with its booking event). */
  appointments: number;
  events: number;
  reviews: number;
}

const COMMENTS = [
  'Excellent work, on time and very friendly.',
  'Great experience — I will book again.',
  'Professional and quick. Highly recommended!',
  'Good service, fair price.',
  'Very patient and explained everything clearly.',
  'Solid job, although it started a little late.',
  'Exactly what I needed. Thank you!',
  '',
  'Okay overall, but communication could be better.',
  'Fantastic attention to detail.',
  '',
  'Friendly, tidy and efficient.',
];

const REPLIES = [
  'Thank you so much for the kind words — see you next time!',
  'Thanks for your feedback, it means a lot.',
  'Sorry about the delay, and thank you for your patience!',
];

interface History {
  providerId: string;
  clientId: string;
  daysAgo: number;
  hour: number;
  rating: number | null;
  comment: string;
  reply: string | null;
}

function planHistory(input: DemoReviewsInput): History[] {
  const rand = random(17);
  const history: History[] = [];
  input.providerIds.forEach((providerId, p) => {
    // Some providers are new (0–1 review), most have a track record of varying quality.
    const count = p % 8 === 7 ? 0 : p % 8 === 6 ? 1 : 3 + Math.floor(rand() * 12);
    const quality = 3.4 + rand() * 1.6;
    for (let j = 0; j < count; j++) {
      const rating = Math.min(5, Math.max(1, Math.round(quality + (rand() - 0.5) * 1.6)));
      history.push({
        providerId,
        clientId: input.clientIds[(p + j) % input.clientIds.length]!,
        daysAgo: 4 + j * 3 + (p % 3),
        hour: 8 + ((p * 3 + j) % 10),
        // Roughly one completed appointment in eight was never reviewed.
        rating: rand() < 0.12 ? null : rating,
        comment: COMMENTS[Math.floor(rand() * COMMENTS.length)]!,
        reply: rand() < 0.3 ? REPLIES[Math.floor(rand() * REPLIES.length)]! : null,
      });
    }
  });
  return history;
}

export async function seedDemoReviews(tx: Tx, input: DemoReviewsInput): Promise<DemoReviewsResult> {
  const history = planHistory(input);
  const at = input.now.toISOString();
  const zone = input.timezone;
  const today = sql`(${at}::timestamptz at time zone ${zone})::date`;
  const ids = history.map(() => randomUUID());
  const startsAtById = new Map<string, Date>();
  if (history.length > 0) {
    const rows = sql.join(
      history.map(
        (h, i) =>
          sql`(${ids[i]}::uuid, ${h.providerId}::uuid, ${h.clientId}::uuid, ${h.daysAgo}::int, ${h.hour}::int)`,
      ),
      sql`, `,
    );
    const inserted = await queryRows<{ id: string; starts_at: Date | string }>(
      tx,
      sql`
      with input(id, provider_id, client_id, days_ago, hour) as (values ${rows}),
      timed as (
        select id, provider_id, client_id, ${today} - days_ago as day,
               make_time(hour, 0, 0) as start_time, make_time(hour + 1, 0, 0) as end_time
        from input
      )
      insert into ${appointments} (id, provider_id, client_id, status, day, start_time, end_time,
                                   starts_at, ends_at, service_type, created_at, updated_at)
      select id, provider_id, client_id, 'booked', day, start_time, end_time,
             (day + start_time) at time zone ${zone}, (day + end_time) at time zone ${zone},
             'Appointment', (day + start_time) at time zone ${zone} - interval '3 days',
             (day + start_time) at time zone ${zone} - interval '3 days'
      from timed
      returning id, starts_at`,
    );
    for (const row of inserted) startsAtById.set(row.id, new Date(row.starts_at));
  }
  const made = history.map((h, i) => ({
    id: ids[i]!,
    providerId: h.providerId,
    clientId: h.clientId,
    startsAt: startsAtById.get(ids[i]!)!,
  }));
  const events = made.map((a) => ({
    appointmentId: a.id,
    providerId: a.providerId,
    clientId: a.clientId,
    type: 'booked' as const,
    actorRole: 'client' as const,
    actorUserId: a.clientId,
    startsAt: new Date(a.startsAt),
    endsAt: new Date(new Date(a.startsAt).getTime() + 3600_000),
    occurredAt: new Date(new Date(a.startsAt).getTime() - 3 * 24 * 3600_000),
  }));
  if (events.length > 0) await tx.insert(appointmentEvents).values(events);

  const reviewed = made.flatMap((a, i) => {
    const plan = history[i]!;
    if (plan.rating === null) return [];
    const createdAt = new Date(new Date(a.startsAt).getTime() + (2 + (i % 20)) * 3600_000);
    return [
      {
        appointmentId: a.id,
        providerId: a.providerId,
        clientId: a.clientId,
        rating: plan.rating,
        comment: plan.comment,
        reply: plan.reply,
        repliedAt: plan.reply ? new Date(createdAt.getTime() + 5 * 3600_000) : null,
        replyUpdatedAt: plan.reply ? new Date(createdAt.getTime() + 5 * 3600_000) : null,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (reviewed.length > 0) await tx.insert(reviews).values(reviewed);

  // The seed's own recent completed appointments: reviewed by the other demo clients.
  const others = input.clientIds.slice(1);
  const recent =
    others.length === 0
      ? []
      : await queryRows<{ id: string }>(
          tx,
          sql`
          insert into ${reviews} (appointment_id, provider_id, client_id, rating, comment,
                                  created_at, updated_at)
          select a.id, a.provider_id, a.client_id, 4 + (abs(hashtext(a.id::text)) % 2),
                 'Lovely service, thank you!', least(a.ends_at + interval '1 hour', ${at}::timestamptz),
                 least(a.ends_at + interval '1 hour', ${at}::timestamptz)
          from ${appointments} a
          where a.status = 'booked' and a.ends_at <= ${at}::timestamptz
            and a.timeslot_id is not null
            and a.client_id in (${sql.join(
              others.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
            and not exists (select 1 from ${reviews} r where r.appointment_id = a.id)
          returning id`,
        );
  return {
    appointments: made.length,
    events: events.length,
    reviews: reviewed.length + recent.length,
  };
}
