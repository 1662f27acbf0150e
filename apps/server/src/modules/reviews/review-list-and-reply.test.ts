import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { createReview } from '../../../test/helpers/review-factories';

interface ListedReview {
  id: string;
  rating: number;
  comment: string;
  client_first_name: string;
  client_last_initial: string;
  created_at: string;
  reply: { comment: string; created_at: string; updated_at: string } | null;
}

describe('reviews: public list and provider replies', () => {
  let t: TestApp;
  let provider: TestUser;
  let otherProvider: TestUser;
  let client: TestUser;
  let otherClient: TestUser;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    provider = await createProvider(t.app, { firstName: 'Rita', lastName: 'Reed' });
    otherProvider = await createProvider(t.app);
    client = await createClient(t.app, { firstName: 'Zoë', lastName: 'Ångström' });
    otherClient = await createClient(t.app, { firstName: 'Sam', lastName: '-' });
    const ratings = [5, 4, 3, 5, 2];
    for (const [i, rating] of ratings.entries()) {
      ids.push(await createReview(t.app, provider, i % 2 ? otherClient : client, rating, `#${i}`));
    }
    // Distinct, known creation times: review i is i hours old… reversed, so #4 is the newest.
    for (const [i, id] of ids.entries()) {
      await t.app.database.db
        .update(reviews)
        .set({ createdAt: sql`now() - make_interval(hours => ${10 - i})` })
        .where(eq(reviews.id, id));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (query = '', providerId = provider.providerId!) =>
    t.app.inject({ method: 'GET', url: `/api/providers/${providerId}/reviews${query}` });
  const reply = (
    method: 'POST' | 'PATCH',
    id: string,
    user: TestUser | null,
    payload: Record<string, unknown> = { comment: 'Thank you!' },
  ) =>
    t.app.inject({
      method,
      url: `/api/reviews/${id}/reply`,
      headers: user ? user.headers : {},
      payload,
    });

  it('is public: newest first, first name and last initial only, with the rating and count', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rating).toBe(3.8);
    expect(body.reviewCount).toBe(5);
    expect(body.nextCursor).toBeNull();
    expect(body.reviews.map((r: ListedReview) => r.comment)).toEqual([
      '#4',
      '#3',
      '#2',
      '#1',
      '#0',
    ]);
    expect(body.reviews[0]).toEqual({
      id: ids[4],
      rating: 2,
      comment: '#4',
      client_first_name: 'Zoë',
      client_last_initial: 'Å',
      created_at: expect.any(String),
      reply: null,
    });
    // A last name of '-' (registered without one) shows no initial.
    expect(body.reviews[1]).toMatchObject({ client_first_name: 'Sam', client_last_initial: '' });
    expect(res.body).not.toContain('Ångström');
    expect(res.body).not.toContain(client.email);
    expect(res.body).not.toContain(client.id);
  });

  it('pages by cursor without overlap or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await list(query);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.reviews.length).toBeLessThanOrEqual(2);
      seen.push(...body.reviews.map((r: ListedReview) => r.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('a provider without reviews: empty, rating null', async () => {
    const res = await list('', otherProvider.providerId!);
    expect(res.json()).toEqual({ reviews: [], nextCursor: null, rating: null, reviewCount: 0 });
  });

  it.each([
    ['?limit=0', 400],
    ['?limit=51', 400],
    ['?limit=abc', 400],
    ['?cursor=not-a-cursor', 400],
    [`?cursor=${Buffer.from('2026-01-01T00:00:00.000000Z|nope').toString('base64url')}`, 400],
    [
      `?cursor=${Buffer.from('2026-13-45T00:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url')}`,
      400,
    ],
  ])('junk query %s → %i', async (query, status) => {
    const res = await list(query);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('an unknown, malformed or unlisted provider → 404', async () => {
    expect((await list('', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await list('', 'nope')).statusCode).toBe(404);
    const hidden = await createProvider(t.app, { verified: false });
    expect((await list('', hidden.providerId!)).statusCode).toBe(404);
  });

  it('the provider of the review replies once; it shows on the public page', async () => {
    const id = ids[0]!;
    const res = await reply('POST', id, provider, { comment: '  Thanks, see you soon!  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(REVIEW_MESSAGES.replyPosted);
    expect(res.json().review.reply).toEqual({
      comment: 'Thanks, see you soon!',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const again = await reply('POST', id, provider, { comment: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REPLIED');
    const shown = (await list()).json().reviews.find((r: ListedReview) => r.id === id);
    expect(shown.reply.comment).toBe('Thanks, see you soon!');
  });

  it('who may reply: anonymous 401, a client 403, another provider 404, unknown review 404', async () => {
    const id = ids[1]!;
    expect((await reply('POST', id, null)).statusCode).toBe(401);
    expect((await reply('POST', id, client)).statusCode).toBe(403);
    expect((await reply('POST', id, otherProvider)).statusCode).toBe(404);
    expect((await reply('PATCH', id, otherProvider)).statusCode).toBe(404);
    expect((await reply('POST', '00000000-0000-4000-8000-000000000000', provider)).statusCode).toBe(
      404,
    );
    expect((await reply('POST', 'not-a-uuid', provider)).statusCode).toBe(400);
  });

  it.each([
    ['empty', { comment: '' }],
    ['blank', { comment: '    ' }],
    ['missing', {}],
    ['too long', { comment: 'z'.repeat(2001) }],
    ['not text', { comment: 42 }],
  ])('a reply that is %s → 400', async (_label, payload) => {
    const res = await reply('POST', ids[2]!, provider, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('comment');
  });

  it('the reply is editable for 24 hours, then locked; no reply yet → 409', async () => {
    const id = ids[3]!;
    const early = await reply('PATCH', id, provider, { comment: 'Edit' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('INVALID_STATE');
    expect((await reply('POST', id, provider, { comment: 'First' })).statusCode).toBe(201);
    const edited = await reply('PATCH', id, provider, { comment: 'Second thoughts' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(REVIEW_MESSAGES.replyUpdated);
    expect(edited.json().review.reply.comment).toBe('Second thoughts');
    // 23 h 59 min after the first reply: still editable; 24 h: locked.
    const age = async (minutes: number) =>
      t.app.database.db
        .update(reviews)
        .set({ repliedAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(reviews.id, id));
    await age(23 * 60 + 59);
    expect((await reply('PATCH', id, provider, { comment: 'Still ok' })).statusCode).toBe(200);
    await age(24 * 60 + 1);
    const late = await reply('PATCH', id, provider, { comment: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('REPLY_LOCKED');
    const shown = (await list()).json().reviews.find((r: ListedReview) => r.id === id);
    expect(shown.reply.comment).toBe('Still ok');
  });
});
