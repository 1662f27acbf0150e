import { MODERATION_MESSAGES, REPORTS_PER_HOUR } from '@slotwise/shared/moderation-schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { reports } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import {
  createAdmin,
  createClient,
  createProvider,
  type TestUser,
} from '../../../test/helpers/factories';
import { createConversation } from '../../../test/helpers/message-factories';
import { createReview } from '../../../test/helpers/review-factories';
import { asUser } from '../../../test/helpers/requests';

/**
 * Reports, the operator's queue and actions on reviews, and the audit log (docs/product.md
 * §19.3, docs/decisions/072), over HTTP against a real database.
 */
describe('reports and review actions', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  const report = (who: TestUser, kind: string, targetId: string, reason = 'Abusive') =>
    asUser(t.app, who).post('/api/reports', { kind, targetId, reason });

  /** A conversation of `client` and `provider` with one message from each: their ids. */
  const conversationOf = (client: TestUser, provider: TestUser) =>
    createConversation(t.app, client, provider, {
      fromClient: 'Hello',
      fromProvider: 'Rude words',
    });

  const publicReviews = async (providerId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/providers/${providerId}/reviews` })).json<{
      reviews: { id: string }[];
      rating: number | null;
      reviewCount: number;
    }>();

  it('files a report of a shown review, a listed provider or a received message', async () => {
    const provider = await createProvider(t.app);
    const author = await createClient(t.app);
    const reporter = await createClient(t.app);
    const reviewId = await createReview(t.app, provider, author, 1, 'Awful');
    const filed = await report(reporter, 'review', reviewId, '  Insults the provider  ');
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({
      message: 'Thank you. Our team will look at your report.',
      report: {
        kind: 'review',
        target_id: reviewId,
        reason: 'Insults the provider',
        status: 'open',
      },
    });
    expect((await report(reporter, 'provider', provider.providerId!)).statusCode).toBe(201);
    const { fromProvider } = await conversationOf(reporter, provider);
    expect((await report(reporter, 'message', fromProvider)).statusCode).toBe(201);
    // A provider reports the client's message in their conversation.
    const other = await createClient(t.app);
    const { fromClient } = await conversationOf(other, provider);
    expect((await report(provider, 'message', fromClient)).statusCode).toBe(201);
    // The provider concerned is kept with each report.
    const rows = await queryRows<{ provider_id: string }>(
      db(),
      sql`select provider_id from ${reports} where reporter_id in (${reporter.id}, ${provider.id})`,
    );
    expect(rows.map((r) => r.provider_id)).toEqual(Array(4).fill(provider.providerId));
  });

  it('refuses what cannot be reported: 404 unknown or not one’s own to see, 400 oneself', async () => {
    const provider = await createProvider(t.app);
    const unlisted = await createProvider(t.app, { specialty: null });
    const client = await createClient(t.app);
    const stranger = await createClient(t.app);
    const { fromClient, fromProvider } = await conversationOf(client, provider);
    const reviewId = await createReview(t.app, provider, client);
    const notFound = [
      await report(client, 'provider', unlisted.providerId!),
      await report(client, 'review', '00000000-0000-4000-8000-000000000000'),
      // Someone else's conversation.
      await report(stranger, 'message', fromProvider),
      // A provider id is no review.
      await report(client, 'review', provider.providerId!),
    ];
    for (const res of notFound) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(MODERATION_MESSAGES.targetNotFound);
    }
    const self = [
      await report(client, 'review', reviewId),
      await report(client, 'message', fromClient),
      await report(provider, 'provider', provider.providerId!),
    ];
    for (const res of self) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('You cannot report yourself');
    }
    const bad = await report(client, 'nothing', reviewId, '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      kind: MODERATION_MESSAGES.kindInvalid,
      reason: MODERATION_MESSAGES.reasonRequired,
    });
    const long = await report(client, 'provider', provider.providerId!, 'x'.repeat(1001));
    expect(long.json().fieldErrors.reason).toBe(MODERATION_MESSAGES.reasonTooLong);
    const admin = await createAdmin(t.app);
    expect((await report(admin, 'provider', provider.providerId!)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/reports', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a second report of the same target 409 ALREADY_REPORTED, more than 10 an hour 429', async () => {
    const reporter = await createClient(t.app);
    const provider = await createProvider(t.app);
    expect((await report(reporter, 'provider', provider.providerId!)).statusCode).toBe(201);
    const again = await report(reporter, 'provider', provider.providerId!);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REPORTED',
      message: 'You have already reported this',
    });
    for (let i = 1; i < REPORTS_PER_HOUR; i++) {
      const p = await createProvider(t.app);
      expect((await report(reporter, 'provider', p.providerId!)).statusCode).toBe(201);
    }
    const p = await createProvider(t.app);
    const limited = await report(reporter, 'provider', p.providerId!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have sent many reports. Try again later.',
    });
    // An hour later they may report again.
    await queryRows(
      db(),
      sql`update ${reports} set created_at = created_at - interval '61 minutes'
          where reporter_id = ${reporter.id}`,
    );
    expect((await report(reporter, 'provider', p.providerId!)).statusCode).toBe(201);
  });

  it('queues open reports oldest first with target and count; hiding resolves them all', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app);
    const author = await createClient(t.app, { firstName: 'Rude', lastName: 'Writer' });
    const kept = await createReview(t.app, provider, await createClient(t.app), 5, 'Lovely');
    const reviewId = await createReview(t.app, provider, author, 1, 'Terrible person');
    expect(await publicReviews(provider.providerId!)).toMatchObject({ rating: 3, reviewCount: 2 });
    const first = await createClient(t.app);
    const second = await createClient(t.app);
    const firstId = (await report(first, 'review', reviewId)).json().report.id as string;
    const secondId = (await report(second, 'review', reviewId)).json().report.id as string;
    await queryRows(
      db(),
      sql`update ${reports} set created_at = created_at - interval '1 minute' where id = ${firstId}`,
    );

    const queue = await asUser(t.app, admin).get('/api/admin/reports?status=open&limit=100');
    expect(queue.statusCode).toBe(200);
    const ours = queue
      .json<{ reports: { id: string }[] }>()
      .reports.filter((r) => r.id === firstId || r.id === secondId);
    expect(ours.map((r) => r.id)).toEqual([firstId, secondId]);
    expect(ours[0]).toMatchObject({
      reporter: { id: first.id, role: 'client' },
      target: {
        kind: 'review',
        id: reviewId,
        provider_id: provider.providerId,
        text: 'Terrible person',
        rating: 1,
        author_name: 'Rude Writer',
        hidden: false,
        suspended: false,
      },
      open_on_target: 2,
      resolution: null,
    });

    // A review report cannot suspend anyone.
    const unfit = await asUser(t.app, admin).post(`/api/admin/reports/${firstId}/resolve`, {
      action: 'suspend_provider',
      note: 'No',
    });
    expect(unfit.statusCode).toBe(400);
    expect(unfit.json().message).toBe('This action does not fit what was reported');
    const noNote = await asUser(t.app, admin).post(`/api/admin/reports/${firstId}/resolve`, {
      action: 'hide_review',
      note: ' ',
    });
    expect(noNote.json().fieldErrors.note).toBe(MODERATION_MESSAGES.noteRequired);

    const hidden = await asUser(t.app, admin).post(`/api/admin/reports/${firstId}/resolve`, {
      action: 'hide_review',
      note: 'Personal insult',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      message: MODERATION_MESSAGES.reviewHidden,
      report: {
        status: 'actioned',
        target: { hidden: true },
        open_on_target: 0,
        resolution: { action: 'hide_review', note: 'Personal insult' },
      },
    });
    // Gone from the public list and the rating; the other review stays.
    const after = await publicReviews(provider.providerId!);
    expect(after.reviews.map((r) => r.id)).toEqual([kept]);
    expect(after).toMatchObject({ rating: 5, reviewCount: 1 });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/profile/providers/${provider.providerId}`,
    });
    expect(detail.json().provider).toMatchObject({ rating: 5, reviewCount: 1 });
    // The sibling report was resolved with it; resolving either again is 409.
    const sibling = await asUser(t.app, admin).get('/api/admin/reports?status=actioned&limit=100');
    expect(
      sibling.json<{ reports: { id: string }[] }>().reports.some((r) => r.id === secondId),
    ).toBe(true);
    const twice = await asUser(t.app, admin).post(`/api/admin/reports/${secondId}/resolve`, {
      action: 'dismiss',
      note: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'INVALID_STATE',
      message: MODERATION_MESSAGES.reportAlreadyResolved,
    });
    // A hidden review can no longer be reported.
    expect((await report(await createClient(t.app), 'review', reviewId)).statusCode).toBe(404);

    // One audit row for the action, with its report.
    const audit = await asUser(t.app, admin).get('/api/admin/audit?limit=5');
    expect(audit.json().entries[0]).toMatchObject({
      admin: { id: admin.id },
      action: 'hide_review',
      target_kind: 'review',
      target_id: reviewId,
      report_id: firstId,
      note: 'Personal insult',
    });
    const rows = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from admin_audit_log where target_id = ${reviewId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('dismisses a report: nothing changes, the report is resolved and logged', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app);
    const reporter = await createClient(t.app);
    const id = (await report(reporter, 'provider', provider.providerId!)).json().report
      .id as string;
    const res = await asUser(t.app, admin).post(`/api/admin/reports/${id}/resolve`, {
      action: 'dismiss',
      note: 'Not a breach',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Report dismissed',
      report: { status: 'dismissed', target: { suspended: false } },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/profile/providers/${provider.providerId}`,
    });
    expect(page.statusCode).toBe(200);
    const audit = await asUser(t.app, admin).get('/api/admin/audit?limit=1');
    expect(audit.json().entries[0]).toMatchObject({
      action: 'dismiss_report',
      target_kind: 'report',
      target_id: id,
      report_id: id,
    });
    const missing = await asUser(t.app, admin).post(
      '/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve',
      { action: 'dismiss', note: 'x' },
    );
    expect(missing.statusCode).toBe(404);
    const badId = await asUser(t.app, admin).post('/api/admin/reports/nope/resolve', {
      action: 'dismiss',
      note: 'x',
    });
    expect(badId.statusCode).toBe(400);
  });

  it('hides and shows a review directly; 409 when already so; the client still sees it', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const reviewId = await createReview(t.app, provider, client, 2, 'Meh');
    const hide = () =>
      asUser(t.app, admin).post(`/api/admin/reviews/${reviewId}/hide`, { note: 'Spam' });
    const res = await hide();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Review hidden',
      review: { id: reviewId, rating: 2, comment: 'Meh', open_reports: 0 },
    });
    expect(res.json().review.hidden_at).toEqual(expect.any(String));
    expect((await hide()).json()).toMatchObject({
      code: 'INVALID_STATE',
      message: MODERATION_MESSAGES.reviewAlreadyHidden,
    });
    expect((await publicReviews(provider.providerId!)).reviews).toEqual([]);
    // The client's own history marks it hidden.
    const own = await asUser(t.app, client).get('/api/appointment/view');
    expect(own.statusCode, own.body).toBe(200);
    const mine = own
      .json<{ appointments: { reviewed?: boolean; review_hidden?: boolean }[] }>()
      .appointments.filter((a) => a.reviewed);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.review_hidden).toBe(true);

    const hiddenList = await asUser(t.app, admin).get(
      `/api/admin/reviews?status=hidden&providerId=${provider.providerId}`,
    );
    expect(hiddenList.json().reviews.map((r: { id: string }) => r.id)).toEqual([reviewId]);

    const show = () =>
      asUser(t.app, admin).post(`/api/admin/reviews/${reviewId}/unhide`, { note: 'Appeal ok' });
    const shown = await show();
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      message: 'Review shown again',
      review: { hidden_at: null },
    });
    expect((await show()).json()).toMatchObject({
      code: 'INVALID_STATE',
      message: MODERATION_MESSAGES.reviewNotHidden,
    });
    expect(await publicReviews(provider.providerId!)).toMatchObject({ rating: 2, reviewCount: 1 });
    const unknown = await asUser(t.app, admin).post(
      '/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide',
      { note: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
    const audit = await asUser(t.app, admin).get('/api/admin/audit?limit=2');
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'unhide_review',
      'hide_review',
    ]);
  });

  it('searches reviews and pages the audit log by cursor', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app, { firstName: 'Zelda', lastName: 'Quill' });
    const client = await createClient(t.app);
    const a = await createReview(t.app, provider, client, 4, 'Unique-marker-one');
    await createReview(t.app, provider, client, 3, 'Another text');
    const byText = await asUser(t.app, admin).get('/api/admin/reviews?q=unique-MARKER');
    expect(byText.json().reviews.map((r: { id: string }) => r.id)).toEqual([a]);
    const byProvider = await asUser(t.app, admin).get('/api/admin/reviews?q=Zelda%20Quill&limit=1');
    expect(byProvider.json().reviews).toHaveLength(1);
    const next = await asUser(t.app, admin).get(
      `/api/admin/reviews?q=Zelda%20Quill&limit=1&cursor=${byProvider.json().nextCursor}`,
    );
    expect(next.json().reviews).toHaveLength(1);
    expect(next.json().reviews[0].id).not.toBe(byProvider.json().reviews[0].id);
    expect(next.json().nextCursor).toBeNull();
    const wildcard = await asUser(t.app, admin).get('/api/admin/reviews?q=%25%25%25');
    expect(wildcard.json().reviews).toEqual([]);

    const page1 = await asUser(t.app, admin).get('/api/admin/audit?limit=2');
    expect(page1.json().entries).toHaveLength(2);
    const page2 = await asUser(t.app, admin).get(
      `/api/admin/audit?limit=2&cursor=${page1.json().nextCursor}`,
    );
    const ids1 = page1.json().entries.map((e: { id: string }) => e.id);
    for (const e of page2.json().entries) expect(ids1).not.toContain(e.id);
    const bad = await asUser(t.app, admin).get('/api/admin/audit?cursor=garbage!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.cursor).toBe(MODERATION_MESSAGES.invalidCursor);
    const limit = await asUser(t.app, admin).get('/api/admin/reviews?limit=500');
    expect(limit.statusCode).toBe(400);
    const status = await asUser(t.app, admin).get('/api/admin/reports?status=weird');
    expect(status.statusCode).toBe(400);
  });

  it('the database refuses to change or delete an audit row', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app);
    await asUser(t.app, admin).post(`/api/admin/providers/${provider.providerId}/suspend`, {
      note: 'Fraud',
    });
    // The driver wraps the database's error: its cause says why.
    const refusal = async (query: ReturnType<typeof sql>) => {
      try {
        await queryRows(db(), query);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: unknown }).cause ?? error);
      }
    };
    expect(
      await refusal(sql`update admin_audit_log set note = 'edited' where admin_id = ${admin.id}`),
    ).toMatch(/append-only/);
    expect(await refusal(sql`delete from admin_audit_log where admin_id = ${admin.id}`)).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`truncate admin_audit_log`)).toMatch(/append-only/);
    const rows = await queryRows<{ note: string }>(
      db(),
      sql`select note from admin_audit_log where admin_id = ${admin.id}`,
    );
    expect(rows).toEqual([{ note: 'Fraud' }]);
  });

  it('answers every operator route 403 to clients and providers, 401 without a token', async () => {
    const client = await createClient(t.app);
    const provider = await createProvider(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/admin/reports'],
      ['POST', `/api/admin/reports/${id}/resolve`],
      ['POST', `/api/admin/reviews/${id}/hide`],
      ['POST', `/api/admin/reviews/${id}/unhide`],
      ['POST', `/api/admin/providers/${id}/suspend`],
      ['POST', `/api/admin/providers/${id}/reinstate`],
      ['GET', '/api/admin/providers'],
      ['GET', '/api/admin/reviews'],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url] of routes) {
      for (const who of [client, provider]) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: who.headers,
          payload: method === 'POST' ? { note: 'x', action: 'dismiss' } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const anonymous = await t.app.inject({ method: method as 'GET' | 'POST', url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
