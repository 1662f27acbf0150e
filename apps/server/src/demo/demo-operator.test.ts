import type { FiguresResponse } from '@slotwise/shared/marketplace-figures-schemas';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers/app';
import { demoSignIn } from '../../test/helpers/demo';
import { DEMO_ADMIN_EMAIL } from '../config';
import { conversations, messages, providers, reports, reviews, users } from '../db/schema';
import { DEMO_CLIENT_EMAIL, emailOf } from './demo-catalogue';
import { DEMO_OPERATOR } from './demo-operator';
import { seedDemoData } from './seed-demo';

/**
 * The demo operator (demo-operator.ts, docs/product.md §19.6): signs in with the demo password
 * as an operator and finds four open reports — a rude review reported twice, a provider asking
 * for cash, and his message; seeding again adds nothing, and a demo database seeded before there
 * were operators gets one.
 */
describe('demo operator', () => {
  // DEMO_DATA on: the app seeds at start and lists the demo operator's address (ADMIN_EMAILS).
  const t = useTestApp({ DEMO_DATA: 'on' });
  const db = () => t.app.database.db;
  const providerOf = async (person: { firstName: string; lastName: string }) => {
    const [row] = await db()
      .select({ id: providers.id, userId: providers.userId })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.userId))
      .where(eq(users.email, emailOf(person)));
    return row!;
  };

  it('signs in as an operator and sees the open reports in the figures', async () => {
    const headers = await demoSignIn(t.app, DEMO_ADMIN_EMAIL);
    const [operator] = await db()
      .select({ role: users.role, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(operator!.role).toBe('admin');
    expect(operator!.verified).not.toBeNull();

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/figures', headers });
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<FiguresResponse>();
    expect(figures.open_reports).toBe(4);
    const oldestHours = (Date.now() - Date.parse(figures.oldest_open_report_at!)) / 3_600_000;
    expect(oldestHours).toBeGreaterThan(39.9);
    expect(oldestHours).toBeLessThan(41);
    // The demo marketplace's bookings show in the last 30 days.
    expect(figures.totals.bookings).toBeGreaterThan(0);
    expect(figures.totals.new_providers).toBe(0);
  });

  it('the reports: a public rude review twice, the provider asking for cash, his message', async () => {
    const open = await db()
      .select()
      .from(reports)
      .where(eq(reports.status, 'open'))
      .orderBy(asc(reports.createdAt));
    expect(open.map((r) => r.kind)).toEqual(['review', 'review', 'provider', 'message']);
    const [demoClient] = await db().select().from(users).where(eq(users.email, DEMO_CLIENT_EMAIL));
    const [emily] = await db()
      .select()
      .from(users)
      .where(eq(users.email, DEMO_OPERATOR.offPlatform.client.email));
    expect(open.map((r) => r.reporterId)).toEqual([
      demoClient!.id,
      emily!.id,
      demoClient!.id,
      emily!.id,
    ]);

    const hannah = await providerOf(DEMO_OPERATOR.review.provider);
    const [review] = await db().select().from(reviews).where(eq(reviews.id, open[0]!.targetId));
    expect(review).toMatchObject({
      providerId: hannah.id,
      rating: 1,
      comment: DEMO_OPERATOR.review.comment,
      hiddenAt: null,
    });
    expect(open[1]!.targetId).toBe(review!.id);
    // Shown publicly: on her page.
    const page = await t.app.inject({ method: 'GET', url: `/api/providers/${hannah.id}/reviews` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('What a clown');

    const ryan = await providerOf(DEMO_OPERATOR.offPlatform.provider);
    expect(open[2]).toMatchObject({ targetId: ryan.id, providerId: ryan.id });
    const [message] = await db()
      .select({ senderId: messages.senderId, clientId: conversations.clientId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, open[3]!.targetId));
    expect(message).toEqual({ senderId: ryan.userId, clientId: emily!.id });
    expect(open[3]!.providerId).toBe(ryan.id);
  });

  it('seeding again adds nothing; a demo database without its operator gets one', async () => {
    const total = async () => (await db().select({ n: count() }).from(reports))[0]!.n;
    const again = await seedDemoData(db(), t.app.log);
    expect(again.seeded).toBe(false);
    expect(await total()).toBe(4);

    // As if seeded before there were operators.
    await db().delete(reports);
    await db().delete(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    const upgraded = await seedDemoData(db(), t.app.log);
    expect(upgraded.seeded).toBe(false);
    const [operator] = await db()
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(operator!.role).toBe('admin');
    expect(await total()).toBe(4);
  });
});
