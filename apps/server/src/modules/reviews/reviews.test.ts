import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, notifications, providers, reviews } from '../../db/schema';
import { useTestWorld } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import {
  createPastAppointment,
  postReview,
  createReview as reviewed,
} from '../../../test/helpers/review-factories';
import { connectSocket, nextEvent } from '../../../test/helpers/sockets';
import { asUser } from '../../../test/helpers/requests';

describe('reviews: POST /api/reviews', () => {
  const t = useTestWorld(async (app) => ({
    provider: await createProvider(app, { firstName: 'Rita', lastName: 'Reed' }),
    client: await createClient(app, { firstName: 'Casey', lastName: 'thompson' }),
    otherClient: await createClient(app),
  }));

  const past = (options?: Parameters<typeof createPastAppointment>[3]) =>
    createPastAppointment(t.app, t.provider, t.client, options);
  const providerRow = async () => {
    const [row] = await t.app.database.db
      .select({ sum: providers.ratingSum, count: providers.ratingCount })
      .from(providers)
      .where(eq(providers.id, t.provider.providerId!));
    return row!;
  };

  it('the client of a completed appointment reviews it: 201, stored, counted, notified live', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connectSocket(baseUrl, { token: t.provider.token });
    try {
      const appointmentId = await past({ serviceType: 'Haircut' });
      const before = await providerRow();
      const event = nextEvent(socket, 'new_review');
      const res = await postReview(t.app, t.client, {
        appointmentId,
        rating: 4,
        comment: '  Friendly and <b>on time</b>.  ',
      });
      expect(res.statusCode).toBe(201);
      const { review, message } = res.json();
      expect(message).toBe(REVIEW_MESSAGES.reviewSubmitted);
      expect(review).toEqual({
        id: expect.any(String),
        appointment_id: appointmentId,
        provider_id: t.provider.providerId,
        rating: 4,
        comment: 'Friendly and <b>on time</b>.',
        client_first_name: 'Casey',
        client_last_initial: 'T',
        created_at: expect.any(String),
        reply: null,
      });
      expect(await providerRow()).toEqual({ sum: before.sum + 4, count: before.count + 1 });

      const live = await event;
      expect(live).toEqual({
        message: expect.stringContaining('Casey T. left a 4-star review of your Haircut'),
        reviewId: review.id,
        appointmentId,
        rating: 4,
      });
      const stored = await t.app.database.db
        .select({
          type: notifications.type,
          title: notifications.title,
          msg: notifications.message,
        })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, t.provider.id),
            eq(notifications.appointmentId, appointmentId),
          ),
        );
      expect(stored).toEqual([{ type: 'review', title: 'New Review', msg: live.message }]);
      const bell = await asUser(t.app, t.provider).get('/api/notifications/unread');
      expect(bell.json().unreadNotifications[0]).toMatchObject({
        type: 'review',
        title: 'New Review',
      });
    } finally {
      socket.close();
    }
  });

  it('comment is optional (stored as empty text), and 2,000 characters are accepted', async () => {
    const none = await postReview(t.app, t.client, { appointmentId: await past(), rating: 5 });
    expect(none.statusCode).toBe(201);
    expect(none.json().review.comment).toBe('');
    const long = await postReview(t.app, t.client, {
      appointmentId: await past(),
      rating: 3,
      comment: 'x'.repeat(2000),
    });
    expect(long.statusCode).toBe(201);
    expect(long.json().review.comment).toHaveLength(2000);
  });

  it.each([
    ['0', 0],
    ['6', 6],
    ['2.5', 2.5],
    ['"5"', '5'],
    ['null', null],
    ['-1', -1],
  ])('rating %s → 400 VALIDATION_FAILED', async (_label, rating) => {
    const appointmentId = await past();
    const res = await postReview(t.app, t.client, { appointmentId, rating, comment: 'ok' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().fieldErrors).toHaveProperty('rating');
    const stored = await t.app.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.appointmentId, appointmentId));
    expect(stored).toEqual([]);
  });

  it('a comment of 2,001 characters → 400 (also when padded with spaces it is trimmed first)', async () => {
    const appointmentId = await past();
    const res = await postReview(t.app, t.client, {
      appointmentId,
      rating: 5,
      comment: 'y'.repeat(2001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ comment: REVIEW_MESSAGES.commentTooLong });
    const padded = await postReview(t.app, t.client, {
      appointmentId,
      rating: 5,
      comment: `   ${'y'.repeat(2000)}   `,
    });
    expect(padded.statusCode).toBe(201);
  });

  it('a missing or malformed appointment id → 400; unknown → 404', async () => {
    expect((await postReview(t.app, t.client, { rating: 5 })).statusCode).toBe(400);
    expect((await postReview(t.app, t.client, { appointmentId: 'x', rating: 5 })).statusCode).toBe(
      400,
    );
    const unknown = await postReview(t.app, t.client, {
      appointmentId: '00000000-0000-4000-8000-000000000000',
      rating: 5,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('checks who asks first: anonymous → 401, a provider → 403, another client → 404', async () => {
    const appointmentId = await past();
    expect((await postReview(t.app, null, { appointmentId, rating: 5 })).statusCode).toBe(401);
    const asProvider = await postReview(t.app, t.provider, { appointmentId, rating: 5 });
    expect(asProvider.statusCode).toBe(403);
    const notYours = await postReview(t.app, t.otherClient, { appointmentId, rating: 5 });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toMatchObject({ code: 'NOT_FOUND' });
    // …and the appointment can still be reviewed by its client.
    expect((await postReview(t.app, t.client, { appointmentId, rating: 5 })).statusCode).toBe(201);
  });

  it.each([
    ['upcoming', { startedMinutesAgo: -120 }],
    ['in progress (started, not ended)', { startedMinutesAgo: 10, durationMinutes: 60 }],
    ['canceled', { status: 'canceled' as const }],
    ['a no-show', { status: 'no_show' as const }],
    ['ended more than 60 days ago', { startedMinutesAgo: 60 * 24 * 60 + 31 }],
  ])('an appointment that is %s → 409 NOT_REVIEWABLE', async (_label, options) => {
    const appointmentId = await past(options);
    const res = await postReview(t.app, t.client, { appointmentId, rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_REVIEWABLE' });
  });

  it('an appointment that ended 59 days ago can still be reviewed', async () => {
    const appointmentId = await past({ startedMinutesAgo: 59 * 24 * 60 });
    expect((await postReview(t.app, t.client, { appointmentId, rating: 2 })).statusCode).toBe(201);
  });

  it('twice → 409 ALREADY_REVIEWED, and the database refuses a second row by itself', async () => {
    const appointmentId = await past();
    expect((await postReview(t.app, t.client, { appointmentId, rating: 5 })).statusCode).toBe(201);
    const again = await postReview(t.app, t.client, { appointmentId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REVIEWED' });
    // Code aside: the unique index alone keeps a second review out.
    await expect(
      t.app.database.db.insert(reviews).values({
        appointmentId,
        providerId: t.provider.providerId!,
        clientId: t.client.id,
        rating: 1,
      }),
    ).rejects.toThrow();
  });

  it('race: 20 simultaneous reviews of one appointment → exactly one 201, the rest 409', async () => {
    const appointmentId = await past();
    const before = await providerRow();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postReview(t.app, t.client, { appointmentId, rating: (i % 5) + 1, comment: `try ${i}` }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ code: 'ALREADY_REVIEWED' });
    }
    const winner = answers.find((res) => res.statusCode === 201)!.json().review;
    expect(await providerRow()).toEqual({
      sum: before.sum + winner.rating,
      count: before.count + 1,
    });
    const rows = await t.app.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.appointmentId, appointmentId));
    expect(rows).toHaveLength(1);
    const notices = await t.app.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.appointmentId, appointmentId), eq(notifications.type, 'review')));
    expect(notices).toHaveLength(1);
  });

  it('a review cannot be made on an appointment after it became a no-show', async () => {
    const appointmentId = await past({ startedMinutesAgo: 60 });
    await t.app.database.db
      .update(appointments)
      .set({ status: 'no_show' })
      .where(eq(appointments.id, appointmentId));
    const res = await postReview(t.app, t.client, { appointmentId, rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_REVIEWABLE');
  });

  it('deleting a review (e.g. with its appointment) takes it out of the rating', async () => {
    const before = await providerRow();
    const id = await reviewed(t.app, t.provider, t.client, 1);
    expect(await providerRow()).toEqual({ sum: before.sum + 1, count: before.count + 1 });
    await t.app.database.db.execute(
      sql`delete from appointments where id = (select appointment_id from reviews where id = ${id})`,
    );
    expect(await providerRow()).toEqual(before);
  });

  it("mass assignment: the review is the caller's, for the appointment's provider, whatever the body claims", async () => {
    const other = await createProvider(t.app);
    const appointmentId = await past();
    const hostile = `<img src=x onerror=alert(1)> '; drop table reviews; -- ✓`;
    const res = await postReview(t.app, t.client, {
      appointmentId,
      rating: 5,
      comment: hostile,
      providerId: other.providerId,
      clientId: t.otherClient.id,
      reply: 'forged reply',
      created_at: '2000-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.database.db
      .select({
        providerId: reviews.providerId,
        clientId: reviews.clientId,
        reply: reviews.reply,
        comment: reviews.comment,
      })
      .from(reviews)
      .where(eq(reviews.appointmentId, appointmentId));
    expect(row).toEqual({
      providerId: t.provider.providerId,
      clientId: t.client.id,
      reply: null,
      comment: hostile,
    });
  });
});
