import { addDays } from '@slotwise/shared/dates';
import {
  FIGURES_MESSAGES,
  type FiguresResponse,
  figuresResponseSchema,
} from '@slotwise/shared/marketplace-figures-schemas';
import { TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { appointments, jobs, reports } from '../../db/schema';
import { useTestApp } from '../../../test/helpers/app';
import { book, createSlot } from '../../../test/helpers/booking-factories';
import {
  createAdmin,
  createClient,
  createProvider,
  type TestUser,
} from '../../../test/helpers/factories';
import { createPayingProvider, expireDeadline } from '../../../test/helpers/payment-factories';
import { asUser } from '../../../test/helpers/requests';
import { createPastAppointment } from '../../../test/helpers/review-factories';
import { foldFigures } from './figures';
import { FIGURES_FOLD_JOB, FIGURES_FOLD_KEY, FOLD_EVERY_MS, mendFoldChain } from './fold-job';

/**
 * The operator's marketplace figures (docs/product.md §19.2,
 * docs/decisions/072-operating-the-marketplace.md), over HTTP against the real database: what a
 * booking counts for as it goes through payment, cancel and no-show, by the UTC day it was made;
 * the ranges; and that folding the deltas (or writing them at once) changes no answer.
 */
describe('marketplace figures', () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  let operator: TestUser | undefined;
  const admin = async () => (operator ??= await createAdmin(t.app));

  const get = async (query = '') => asUser(t.app, await admin()).get(`/api/admin/figures${query}`);
  async function figures(from: string, to: string): Promise<FiguresResponse> {
    const res = await get(`?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The JSON text is PostgreSQL's (no serializer): it must be the schema's shape exactly.
    return figuresResponseSchema.strict().parse(res.json());
  }
  const utcToday = () => new Date().toISOString().slice(0, 10);
  /** Yesterday and today (UTC): a run across midnight still sees its own bookings. */
  const recent = () => figures(addDays(utcToday(), -1), utcToday());
  const cents = (answer: FiguresResponse, currency: string) =>
    answer.totals.gross.find((g) => g.currency === currency)?.cents ?? 0;
  const changed = (before: FiguresResponse, after: FiguresResponse) => ({
    bookings: after.totals.bookings - before.totals.bookings,
    canceled: after.totals.canceled - before.totals.canceled,
    no_shows: after.totals.no_shows - before.totals.no_shows,
    new_providers: after.totals.new_providers - before.totals.new_providers,
    eur: cents(after, 'EUR') - cents(before, 'EUR'),
  });

  /** An appointment written straight into the database, made (created_at) at `createdAt`. */
  async function madeAt(
    createdAt: Date,
    options: {
      status?: 'booked' | 'completed' | 'canceled' | 'no_show' | 'pending_payment' | 'expired';
      priceCents?: number;
      currency?: string;
      provider?: TestUser;
      client?: TestUser;
    } = {},
  ): Promise<string> {
    const provider = options.provider ?? (await createProvider(t.app));
    const client = options.client ?? (await createClient(t.app));
    const startsAt = new Date(createdAt.getTime() + 24 * 60 * 60_000);
    const local = (at: Date) => sql`(${at.toISOString()}::timestamptz at time zone 'UTC')`;
    const status = options.status ?? 'booked';
    const [row] = await db()
      .insert(appointments)
      .values({
        providerId: provider.providerId!,
        clientId: client.id,
        status,
        day: sql`${local(startsAt)}::date`,
        startTime: sql`${local(startsAt)}::time`,
        endTime: sql`${local(new Date(startsAt.getTime() + 30 * 60_000))}::time`,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        serviceType: 'Consultation',
        priceCents: options.priceCents ?? null,
        currency: options.currency ?? null,
        canceledAt: status === 'canceled' ? createdAt : null,
        canceledBy: status === 'canceled' ? 'client' : null,
        createdAt,
      })
      .returning({ id: appointments.id });
    return row!.id;
  }

  const unfolded = async (from: string, to: string) =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from marketplace_figure_deltas
            where day between ${from}::date and ${to}::date`,
      )
    )[0]!.n;

  it('a booking counts once made; a cancel and a no-show count on it, on the day it was made', async () => {
    const before = await recent();
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const afterSignUp = await recent();
    expect(changed(before, afterSignUp)).toMatchObject({ new_providers: 1, bookings: 0 });

    const [first, second] = [
      await createSlot(t.app, provider.providerId!, { startsInMinutes: 48 * 60 }),
      await createSlot(t.app, provider.providerId!, { startsInMinutes: 50 * 60 }),
    ];
    const kept = await book(t.app, client, first!.id);
    const canceled = await book(t.app, client, second!.id);
    expect(changed(afterSignUp, await recent())).toMatchObject({ bookings: 2, canceled: 0 });
    expect(kept).not.toBe(canceled);

    const cancel = await asUser(t.app, client).patch(`/api/appointment/cancel/${canceled}`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const afterCancel = await recent();
    // Cancelled since: still a booking made, now also a cancel.
    expect(changed(afterSignUp, afterCancel)).toMatchObject({ bookings: 2, canceled: 1 });

    // A past appointment the provider marks as a no-show.
    const past = await createPastAppointment(t.app, provider, client, { startedMinutesAgo: 120 });
    const noShow = await asUser(t.app, provider).patch(
      `/api/appointment/provider/no-show/${past}`,
      {},
    );
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(changed(afterCancel, await recent())).toMatchObject({
      bookings: 1,
      canceled: 0,
      no_shows: 1,
    });
    // Bookings without a price are listed under '' with no money.
    const today = (await recent()).days.at(-1)!;
    expect(today.day).toBe(utcToday());
    expect(today.gross).toContainEqual({ currency: '', cents: 0 });
  });

  it('a booking waiting for its payment is not one until paid; an expired one never is', async () => {
    const { slot } = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 4500 });
    const client = await createClient(t.app);
    const before = await recent();

    const held = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: (await slot(72)).id,
    });
    expect(held.json().appointment.status).toBe('pending_payment');
    const unpaid = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: (await slot(80)).id,
    });
    expect(unpaid.json().appointment.status).toBe('pending_payment');
    expect(changed(before, await recent())).toMatchObject({ bookings: 0, eur: 0 });

    const paid = await asUser(t.app, client).post(
      `/api/payments/${held.json().appointment.payment.id}/test-checkout`,
      { cardNumber: TEST_CARDS.success },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const afterPaid = await recent();
    expect(changed(before, afterPaid)).toMatchObject({ bookings: 1, eur: 4500 });

    await expireDeadline(t.app, unpaid.json().appointment.payment.id);
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    const [expired] = await db()
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, unpaid.json().appointment.id));
    expect(expired!.status).toBe('expired');
    expect(changed(afterPaid, await recent())).toMatchObject({ bookings: 0, eur: 0 });

    // Cancelling the paid one takes its price out of the gross, not the booking out.
    const cancel = await asUser(t.app, client).patch(
      `/api/appointment/cancel/${held.json().appointment.id}`,
      {},
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(changed(before, await recent())).toMatchObject({ bookings: 1, canceled: 1, eur: 0 });
  });

  it('the gross is per currency, without cancelled bookings; rates are of the bookings', async () => {
    const at = new Date('2019-03-10T12:00:00Z');
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const same = { provider, client };
    await madeAt(at, { ...same, priceCents: 1000, currency: 'EUR' });
    await madeAt(at, { ...same, status: 'completed', priceCents: 500, currency: 'EUR' });
    await madeAt(at, { ...same, status: 'no_show', priceCents: 700, currency: 'USD' });
    await madeAt(at, { ...same, status: 'canceled', priceCents: 300, currency: 'USD' });
    await madeAt(at, { ...same });
    await madeAt(at, { ...same, status: 'pending_payment', priceCents: 900, currency: 'EUR' });
    await madeAt(at, { ...same, status: 'expired', priceCents: 900, currency: 'EUR' });

    const answer = await figures('2019-03-09', '2019-03-11');
    expect(answer.days.map((d) => d.day)).toEqual(['2019-03-09', '2019-03-10', '2019-03-11']);
    expect(answer.days[1]).toEqual({
      day: '2019-03-10',
      bookings: 5,
      canceled: 1,
      no_shows: 1,
      new_providers: 0,
      gross: [
        { currency: '', cents: 0 },
        { currency: 'EUR', cents: 1500 },
        { currency: 'USD', cents: 700 },
      ],
    });
    expect(answer.days[0]).toEqual({
      day: '2019-03-09',
      bookings: 0,
      canceled: 0,
      no_shows: 0,
      new_providers: 0,
      gross: [],
    });
    expect(answer.totals).toMatchObject({
      bookings: 5,
      canceled: 1,
      no_shows: 1,
      cancel_rate: 0.2,
      no_show_rate: 0.2,
    });
    expect(answer.totals.gross).toEqual(answer.days[1]!.gross);
  });

  it('a booking made at 23:30 in New York counts on the next UTC day', async () => {
    // 2019-06-14 23:30 EDT is 2019-06-15 03:30 UTC (tests run under TZ=America/New_York).
    const lateEvening = new Date(2019, 5, 14, 23, 30);
    expect(lateEvening.toISOString()).toBe('2019-06-15T03:30:00.000Z');
    await madeAt(lateEvening, { priceCents: 2500, currency: 'EUR' });
    const answer = await figures('2019-06-14', '2019-06-15');
    expect(answer.days.map((d) => [d.day, d.bookings])).toEqual([
      ['2019-06-14', 0],
      ['2019-06-15', 1],
    ]);
    expect(answer.days[1]!.gross).toEqual([{ currency: 'EUR', cents: 2500 }]);
  });

  it('ranges: the last 30 days by default, at most 366, in order, real dates', async () => {
    const byDefault = await get();
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    const body = byDefault.json<FiguresResponse>();
    const today = utcToday();
    expect(body).toMatchObject({ from: addDays(today, -29), to: today });
    expect(body.days).toHaveLength(30);
    expect(body.days[0]!.day).toBe(addDays(today, -29));

    const onlyTo = (await get('?to=2019-03-10')).json<FiguresResponse>();
    expect(onlyTo).toMatchObject({ from: '2019-02-09', to: '2019-03-10' });
    expect(onlyTo.days).toHaveLength(30);

    // 366 days (2020 is a leap year) is the most.
    const year = await figures('2020-01-01', '2020-12-31');
    expect(year.days).toHaveLength(366);
    const tooLong = await get('?from=2020-01-01&to=2021-01-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: FIGURES_MESSAGES.rangeTooLong,
      fieldErrors: { from: FIGURES_MESSAGES.rangeTooLong },
    });

    const backwards = await get('?from=2019-03-11&to=2019-03-10');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ fieldErrors: { from: FIGURES_MESSAGES.rangeOrder } });

    const single = await figures('2019-03-10', '2019-03-10');
    expect(single.days.map((d) => d.day)).toEqual(['2019-03-10']);

    for (const bad of ['?from=2019-02-30', '?to=yesterday', '?from=2019-3-1', '?to=2019-13-01']) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      const field = bad.startsWith('?from') ? 'from' : 'to';
      expect(res.json(), bad).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { [field]: FIGURES_MESSAGES.invalidDate },
      });
    }
  });

  it('open reports: how many, and when the oldest was filed', async () => {
    const before = (await get()).json<FiguresResponse>();
    const reporter = await createClient(t.app);
    const provider = await createProvider(t.app);
    const oldest = new Date('2018-01-02T03:04:05.678Z');
    await db()
      .insert(reports)
      .values([
        {
          reporterId: reporter.id,
          kind: 'provider',
          targetId: provider.providerId!,
          providerId: provider.providerId!,
          reason: 'Fake listing',
          createdAt: oldest,
        },
        {
          reporterId: (await createClient(t.app)).id,
          kind: 'provider',
          targetId: provider.providerId!,
          providerId: provider.providerId!,
          reason: 'Rude',
        },
        {
          // Resolved: not counted.
          reporterId: (await createClient(t.app)).id,
          kind: 'provider',
          targetId: provider.providerId!,
          providerId: provider.providerId!,
          reason: 'Old news',
          status: 'dismissed',
          action: 'dismiss',
          resolvedAt: new Date(),
          createdAt: new Date('2017-01-01T00:00:00Z'),
        },
      ]);
    const after = (await get()).json<FiguresResponse>();
    expect(after.open_reports).toBe(before.open_reports + 2);
    expect(after.oldest_open_report_at).toBe(oldest.toISOString());
  });

  it('the fold moves the deltas into day rows and the answer stays the same; its job goes on', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const first = await madeAt(new Date('2019-09-03T10:00:00Z'), {
      provider,
      client,
      priceCents: 1200,
      currency: 'GBP',
    });
    await madeAt(new Date('2019-09-04T10:00:00Z'), { provider, client, status: 'completed' });
    await db()
      .update(appointments)
      .set({ status: 'canceled', canceledAt: new Date(), canceledBy: 'provider' })
      .where(eq(appointments.id, first));
    const range = ['2019-09-01', '2019-09-30'] as const;
    const unfoldedAnswer = await figures(...range);
    expect(unfoldedAnswer.totals).toMatchObject({ bookings: 2, canceled: 1 });
    expect(await unfolded(...range)).toBeGreaterThan(0);

    // The chain's first job, then the worker runs it.
    await mendFoldChain(db());
    await mendFoldChain(db());
    const pending = () =>
      db()
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.key, FIGURES_FOLD_KEY), eq(jobs.status, 'pending')));
    expect(await pending()).toHaveLength(1);
    const now = new Date(Date.now() + 1_000);
    const ran = await t.app.jobs.runDue(now);
    expect(ran.done).toBeGreaterThanOrEqual(1);
    expect(await unfolded(...range)).toBe(0);
    expect(await figures(...range)).toEqual(unfoldedAnswer);

    // The next fold is queued a minute later, once.
    const next = await pending();
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + FOLD_EVERY_MS);
    const kinds = await db()
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(eq(jobs.key, FIGURES_FOLD_KEY));
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set([FIGURES_FOLD_JOB]));

    // Another change after the fold: unfolded again, still exact.
    await madeAt(new Date('2019-09-04T11:00:00Z'), { provider, client });
    const later = await figures(...range);
    expect(later.totals.bookings).toBe(3);
    await foldFigures(db());
    expect(await figures(...range)).toEqual(later);
  });

  it('writes at the same time (and folds among them) lose no delta', async () => {
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const range = ['2019-11-01', '2019-11-07'] as const;
    const at = (i: number) => new Date(Date.UTC(2019, 10, 1 + (i % 7), 9, i));
    const ids = await Promise.all(
      Array.from({ length: 28 }, (_, i) =>
        madeAt(at(i), { provider, client, priceCents: 100, currency: 'EUR' }),
      ),
    );
    await Promise.all([
      ...ids
        .slice(0, 7)
        .map((id) =>
          db()
            .update(appointments)
            .set({ status: 'canceled', canceledAt: new Date(), canceledBy: 'client' })
            .where(eq(appointments.id, id)),
        ),
      foldFigures(db()),
      foldFigures(db()),
      ...Array.from({ length: 7 }, (_, i) =>
        madeAt(at(i), { provider, client, status: 'no_show' }),
      ),
      foldFigures(db()),
    ]);
    const answer = await figures(...range);
    expect(answer.totals).toMatchObject({ bookings: 35, canceled: 7, no_shows: 7 });
    expect(answer.totals.gross).toEqual([
      { currency: '', cents: 0 },
      { currency: 'EUR', cents: 2100 },
    ]);
    expect(answer.days.map((d) => d.bookings)).toEqual([5, 5, 5, 5, 5, 5, 5]);
    await foldFigures(db());
    expect(await figures(...range)).toEqual(answer);
  });

  it('only operators: a client and a provider get 403', async () => {
    const client = await createClient(t.app);
    const provider = await createProvider(t.app);
    expect((await asUser(t.app, client).get('/api/admin/figures')).statusCode).toBe(403);
    expect((await asUser(t.app, provider).get('/api/admin/figures')).statusCode).toBe(403);
    expect((await asUser(t.app, null).get('/api/admin/figures')).statusCode).toBe(401);
  });
});
