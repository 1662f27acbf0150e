import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import {
  appointmentEvents,
  appointments,
  conversations,
  messages,
  providers,
  reports,
  reviews,
  users,
} from '../db/schema';
import { DEMO_ADMIN_EMAIL } from '../config';
import { DEMO_CLIENT_EMAIL, emailOf } from './demo-catalogue';
import { DEMO_PROVIDER_ZONE } from './seed-marketplace';

/**
 * The demo operator (docs/product.md §19.6, docs/decisions/072-operating-the-marketplace.md):
 * `demo.admin@slotwise.test`, with the demo password, verified, and a queue of open reports to
 * act on — a rude review reported by two clients, and a provider who asks clients to pay him
 * outside Slotwise, reported both as a provider and for his message. The demo providers and
 * clients involved are found by address, so the same seed also adds the operator to a demo
 * database seeded before there were operators; an existing operator account means it ran.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export const DEMO_OPERATOR = {
  firstName: 'Dana',
  lastName: 'Operator',
  /** The review: a past appointment of `author` with `provider`, rated 1 with a rude comment. */
  review: {
    author: { firstName: 'Lucas', lastName: 'Schmidt', email: 'lucas.schmidt@slotwise.test' },
    provider: { firstName: 'Hannah', lastName: 'Becker' },
    comment:
      'Useless. Twenty minutes late, drove like a maniac and then had the nerve to argue. ' +
      'What a clown — avoid this idiot.',
    daysAgo: 9,
  },
  /** The provider asking for cash outside Slotwise, and the client he wrote to. */
  offPlatform: {
    provider: { firstName: 'Ryan', lastName: "O'Connor" },
    client: { firstName: 'Emily', lastName: 'Chen', email: 'emily.chen@slotwise.test' },
    message:
      'Skip the booking: pay me cash at the door and I will knock 20% off. ' +
      'No need to go through the app.',
    messageHoursAgo: 6,
  },
  /** The open reports, oldest first: who filed which, and how long ago. */
  reports: [
    {
      kind: 'review',
      reporter: 'demo',
      reason: 'Insulting language about the driver, not a review of the ride.',
      hoursAgo: 40,
    },
    {
      kind: 'review',
      reporter: 'offPlatformClient',
      reason: 'This review is abusive.',
      hoursAgo: 20,
    },
    {
      kind: 'provider',
      reporter: 'demo',
      reason: 'He asked me to pay him in cash outside Slotwise, then cancelled my booking.',
      hoursAgo: 9,
    },
    {
      kind: 'message',
      reporter: 'offPlatformClient',
      reason: 'Asks me to pay outside Slotwise.',
      hoursAgo: 3,
    },
  ],
} as const;

export interface DemoOperatorResult {
  /** Accounts added (0 when the operator existed already). */
  users: number;
  appointments: number;
  events: number;
  reports: number;
}

export async function seedDemoOperator(
  tx: Tx,
  input: { passwordHash: string; timezone: string; now: Date },
): Promise<DemoOperatorResult> {
  const none = { users: 0, appointments: 0, events: 0, reports: 0 };
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN_EMAIL))
    .limit(1);
  if (existing) return none;
  const { now } = input;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const verifiedAt = ago(30 * DAY);
  await tx.insert(users).values({
    email: DEMO_ADMIN_EMAIL,
    passwordHash: input.passwordHash,
    firstName: DEMO_OPERATOR.firstName,
    lastName: DEMO_OPERATOR.lastName,
    role: 'admin',
    timezone: input.timezone,
    emailVerifiedAt: verifiedAt,
    createdAt: verifiedAt,
    updatedAt: verifiedAt,
  });
  const result = { ...none, users: 1 };

  // The people of the reports, by address: a demo database changed since may lack some.
  const { review, offPlatform } = DEMO_OPERATOR;
  const addresses = [
    DEMO_CLIENT_EMAIL,
    review.author.email,
    offPlatform.client.email,
    emailOf(review.provider),
    emailOf(offPlatform.provider),
  ];
  const people = await tx
    .select({ id: users.id, email: users.email, providerId: providers.id })
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(inArray(users.email, addresses));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const [demoClient, author, client, reviewed, offender] = addresses.map((a) => byEmail.get(a));
  if (!demoClient || !author || !client || !reviewed?.providerId || !offender?.providerId) {
    return result;
  }

  // The rude review, on a past appointment of its author.
  // 14:00 on the provider's clock, `daysAgo` days ago.
  const [start] = await queryRows<{ ms: number }>(
    tx,
    sql`select (extract(epoch from (((${now.toISOString()}::timestamptz at time zone ${DEMO_PROVIDER_ZONE})::date
                  - ${review.daysAgo}::int) + time '14:00') at time zone ${DEMO_PROVIDER_ZONE}) * 1000)::float8 as ms`,
  );
  const startsAt = new Date(start!.ms);
  const endsAt = new Date(startsAt.getTime() + HOUR);
  const local = (at: Date) =>
    sql`(${at.toISOString()}::timestamptz at time zone ${DEMO_PROVIDER_ZONE})`;
  const bookedAt = new Date(startsAt.getTime() - 3 * DAY);
  const [appointment] = await tx
    .insert(appointments)
    .values({
      providerId: reviewed.providerId,
      clientId: author.id,
      status: 'booked',
      day: sql`${local(startsAt)}::date`,
      startTime: sql`${local(startsAt)}::time`,
      // Whole hours of the past, never across midnight on the provider's clock.
      endTime: sql`${local(endsAt)}::time`,
      startsAt,
      endsAt,
      serviceType: 'Appointment',
      createdAt: bookedAt,
      updatedAt: bookedAt,
    })
    .returning({ id: appointments.id });
  await tx.insert(appointmentEvents).values({
    appointmentId: appointment!.id,
    providerId: reviewed.providerId,
    clientId: author.id,
    type: 'booked',
    actorRole: 'client',
    actorUserId: author.id,
    startsAt,
    endsAt,
    occurredAt: bookedAt,
  });
  const reviewedAt = new Date(endsAt.getTime() + 2 * HOUR);
  const [rude] = await tx
    .insert(reviews)
    .values({
      appointmentId: appointment!.id,
      providerId: reviewed.providerId,
      clientId: author.id,
      rating: 1,
      comment: review.comment,
      createdAt: reviewedAt,
      updatedAt: reviewedAt,
    })
    .returning({ id: reviews.id });
  result.appointments = 1;
  result.events = 1;

  // The offending message, in the conversation of that client and provider.
  const [offenderUser] = await tx
    .select({ userId: providers.userId })
    .from(providers)
    .where(eq(providers.id, offender.providerId));
  const sentAt = ago(offPlatform.messageHoursAgo * HOUR);
  const [open] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.clientId, client.id), eq(conversations.providerId, offender.providerId)),
    );
  const conversationId =
    open?.id ??
    (
      await tx
        .insert(conversations)
        .values({
          clientId: client.id,
          providerId: offender.providerId,
          providerUserId: offenderUser!.userId,
          createdAt: sentAt,
          lastActivityAt: sentAt,
        })
        .returning({ id: conversations.id })
    )[0]!.id;
  await tx
    .update(conversations)
    .set({ lastActivityAt: sentAt })
    .where(eq(conversations.id, conversationId));
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId,
      senderId: offenderUser!.userId,
      body: offPlatform.message,
      createdAt: sentAt,
      readAt: new Date(sentAt.getTime() + 20 * 60_000),
    })
    .returning({ id: messages.id });

  const reporterOf = { demo: demoClient.id, offPlatformClient: client.id };
  const targetOf = {
    review: { targetId: rude!.id, providerId: reviewed.providerId },
    provider: { targetId: offender.providerId, providerId: offender.providerId },
    message: { targetId: message!.id, providerId: offender.providerId },
  };
  await tx.insert(reports).values(
    DEMO_OPERATOR.reports.map((report) => ({
      reporterId: reporterOf[report.reporter],
      kind: report.kind,
      ...targetOf[report.kind],
      reason: report.reason,
      createdAt: ago(report.hoursAgo * HOUR),
    })),
  );
  result.reports = DEMO_OPERATOR.reports.length;
  return result;
}
