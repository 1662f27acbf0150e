import { addDays, todayIn } from '@slotwise/shared/dates';
import { MODERATION_MESSAGES } from '@slotwise/shared/moderation-schemas';
import { TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { appointments, ledgerEntries, notifications } from '../../db/schema';
import { offerSlots } from '../waitlist/offers';
import { bookedSlot, createSlot } from '../../../test/helpers/booking-factories';
import { createBusiness, staffSlotAt } from '../../../test/helpers/business-factories';
import { createAdmin, createClient, createProvider } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { createPayingProvider } from '../../../test/helpers/payment-factories';
import { createConversation } from '../../../test/helpers/message-factories';
import { createReview } from '../../../test/helpers/review-factories';
import { asUser } from '../../../test/helpers/requests';
import { PROVIDER_SUSPENDED_SUBJECT } from './suspension-mail';

/**
 * Suspension and its effects (docs/product.md §19.4, docs/decisions/072): unlisted and 404 on
 * every public read, booking refused 409 PROVIDER_SUSPENDED in the claim, clients told and free
 * to cancel at no fee, the provider mailed the note; reinstating lists them again.
 */
describe('suspending a provider', () => {
  const t = useMailTestApp({ ownMailOnly: true });
  const db = () => t.app.database.db;

  const suspend = (
    admin: { headers: Record<string, string> },
    providerId: string,
    note = 'Fraud',
  ) => asUser(t.app, admin).post(`/api/admin/providers/${providerId}/suspend`, { note });
  const reinstate = (admin: { headers: Record<string, string> }, providerId: string) =>
    asUser(t.app, admin).post(`/api/admin/providers/${providerId}/reinstate`, { note: 'Appeal' });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('takes the provider off every public read and refuses bookings; reinstating undoes it', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app, { firstName: 'Suspendo', lastName: 'Unique' });
    const id = provider.providerId!;
    const client = await createClient(t.app);
    await createReview(t.app, provider, client, 4, 'Good');
    const slot = await createSlot(t.app, id, { startsInMinutes: 26 * 60 });
    const reads = [
      `/api/profile/providers/${id}`,
      `/api/search/providers/${id}/available-slots`,
      `/api/providers/${id}/reviews`,
    ];
    for (const url of reads) expect((await get(url)).statusCode, url).toBe(200);
    const found = async () =>
      (await get('/api/search/providers?q=Suspendo%20Unique'))
        .json<{
          providers: { provider_id: string }[];
        }>()
        .providers.map((p) => p.provider_id);
    expect(await found()).toEqual([id]);

    const res = await suspend(admin, id, 'Took payments outside the platform');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: MODERATION_MESSAGES.providerSuspended,
      provider: { id, listed: false, suspension_note: 'Took payments outside the platform' },
    });
    expect((await suspend(admin, id)).json()).toMatchObject({
      code: 'INVALID_STATE',
      message: MODERATION_MESSAGES.providerAlreadySuspended,
    });
    // Cached windows are not served: every public read is 404 at once.
    for (const url of reads) {
      const after = await get(url);
      expect(after.statusCode, url).toBe(404);
      expect(after.json().message).toBe('Provider not found');
    }
    // …but the provider still reads their own reviews (their dashboard, docs/product.md §19.4).
    const own = await asUser(t.app, provider).get(`/api/providers/${id}/reviews`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ reviewCount: 1 });
    expect(await found()).toEqual([]);
    const booking = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: slot.id,
    });
    expect(booking.statusCode).toBe(409);
    expect(booking.json()).toMatchObject({
      code: 'PROVIDER_SUSPENDED',
      message: 'This provider is not taking bookings right now',
    });
    const series = await asUser(t.app, client).post('/api/appointment/series', {
      timeslotId: slot.id,
      intervalWeeks: 1,
      count: 2,
    });
    expect(series.json().code).toBe('PROVIDER_SUSPENDED');
    const waitlist = await asUser(t.app, client).post('/api/waitlist', {
      providerId: id,
      windows: [{ date: addDays(todayIn('UTC'), 3) }],
    });
    expect(waitlist.json().code).toBe('PROVIDER_SUSPENDED');
    // The provider still signs in and learns why.
    const profile = await asUser(t.app, provider).get('/api/profile');
    expect(profile.json().profile.providerDetails.suspension).toMatchObject({
      note: 'Took payments outside the platform',
      suspended_at: expect.any(String),
    });
    const search = await asUser(t.app, admin).get('/api/admin/providers?status=suspended&q=Unique');
    expect(search.json().providers.map((p: { id: string }) => p.id)).toEqual([id]);

    const back = await reinstate(admin, id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      message: MODERATION_MESSAGES.providerReinstated,
      provider: { listed: true, suspended_at: null, suspension_note: null },
    });
    expect((await reinstate(admin, id)).json()).toMatchObject({
      code: 'INVALID_STATE',
      message: MODERATION_MESSAGES.providerNotSuspended,
    });
    for (const url of reads) expect((await get(url)).statusCode, url).toBe(200);
    expect((await get(`/api/providers/${id}/reviews`)).json()).toMatchObject({
      rating: 4,
      reviewCount: 1,
    });
    expect(await found()).toEqual([id]);
    expect(
      (await asUser(t.app, provider).get('/api/profile')).json().profile.providerDetails,
    ).toMatchObject({ suspension: null });
    const booked = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: slot.id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const audit = await asUser(t.app, admin).get('/api/admin/audit?limit=2');
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'reinstate_provider',
      'suspend_provider',
    ]);
    const unknown = await suspend(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('tells clients with bookings to come (notification and mail) and mails the provider the note', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app, { firstName: 'Mailed', lastName: 'Provider' });
    const { client, appointmentId } = await bookedSlot(t.app, {
      provider,
      slot: { startsInMinutes: 48 * 60, type: 'Haircut' },
    });
    // A client whose appointment is over is not told.
    const past = await createClient(t.app);
    await createReview(t.app, provider, past);
    const reporter = await createClient(t.app);
    const reportId = (
      await asUser(t.app, reporter).post('/api/reports', {
        kind: 'provider',
        targetId: provider.providerId,
        reason: 'Scam',
      })
    ).json().report.id as string;

    const res = await asUser(t.app, admin).post(`/api/admin/reports/${reportId}/resolve`, {
      action: 'suspend_provider',
      note: 'Asked clients to pay in cash <b>upfront</b>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().report).toMatchObject({
      status: 'actioned',
      target: { kind: 'provider', suspended: true },
      resolution: { action: 'suspend_provider' },
    });
    // The appointment is kept.
    const [kept] = await db()
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    expect(kept!.status).toBe('booked');
    const told = await db()
      .select({
        userId: notifications.userId,
        title: notifications.title,
        message: notifications.message,
      })
      .from(notifications)
      .where(eq(notifications.type, 'provider_suspended'));
    expect(told.filter((n) => n.userId === client.id)).toEqual([
      {
        userId: client.id,
        title: 'Provider suspended',
        message: expect.stringContaining('Mailed Provider is not taking bookings right now'),
      },
    ]);
    expect(told.some((n) => n.userId === past.id)).toBe(false);
    const list = await asUser(t.app, client).get('/api/notifications');
    expect(JSON.stringify(list.json())).toContain('Provider suspended');

    await t.app.jobs.runDue(new Date());
    const [toProvider] = await mailsTo(t.smtp.messages, provider.email);
    expect(toProvider!.subject).toBe(PROVIDER_SUSPENDED_SUBJECT);
    expect(toProvider!.text).toContain('Asked clients to pay in cash <b>upfront</b>');
    expect(toProvider!.text).toContain('reply to this mail');
    expect(toProvider!.html).toContain('&#60;b&#62;upfront');
    const [toClient] = await mailsTo(t.smtp.messages, client.email);
    expect(toClient!.subject).toBe('Mailed Provider is not taking bookings right now');
    expect(toClient!.text).toContain('Haircut');
    expect(toClient!.text).toContain('at no fee');
    expect(await mailsTo(t.smtp.messages, past.email)).toEqual([]);
    // The client's appointment says so: no cut-off applies.
    const view = await asUser(t.app, client).get('/api/appointment/view');
    const mine = view
      .json<{ appointments: { id: string; provider_suspended?: boolean }[] }>()
      .appointments.find((a) => a.id === appointmentId);
    expect(mine).toMatchObject({ provider_suspended: true, cancellable_until: null });
  });

  it('lets the client cancel past the cut-off at no fee, the prepayment refunded in full', async () => {
    const admin = await createAdmin(t.app);
    const paying = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 4000,
      tiers: [{ hoursBefore: 0, percent: 100 }],
    });
    const client = await createClient(t.app);
    const booked = await asUser(t.app, client).post('/api/appointment/booking', {
      timeslotId: (await paying.slot(3)).id,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().appointment.id as string;
    const paymentId = booked.json().appointment.payment.id as string;
    const paid = await asUser(t.app, client).post(`/api/payments/${paymentId}/test-checkout`, {
      cardNumber: TEST_CARDS.success,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // A cut-off of a day: the client could no longer cancel.
    await db()
      .update(appointments)
      .set({ cancelCutoffMinutes: 24 * 60 })
      .where(eq(appointments.id, appointmentId));
    const quoteBefore = await asUser(t.app, client).get(
      `/api/appointment/${appointmentId}/cancel-quote`,
    );
    expect(quoteBefore.json()).toMatchObject({ fee_cents: 4000, refund_cents: 0 });

    expect((await suspend(admin, paying.provider.providerId!)).statusCode).toBe(200);
    const quote = await asUser(t.app, client).get(`/api/appointment/${appointmentId}/cancel-quote`);
    expect(quote.json()).toMatchObject({ fee_cents: 0, refund_cents: 4000, charge_cents: 0 });
    const canceled = await asUser(t.app, client).patch(
      `/api/appointment/cancel/${appointmentId}`,
      {},
    );
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().appointment.payment).toMatchObject({
      refunded_cents: 4000,
      fee_cents: 0,
    });
    const ledger = await db()
      .select({ kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, 'refund')));
    expect(ledger.reduce((sum, row) => sum + row.cents, 0)).toBe(-4000);
  });

  it('refuses a waitlist offer made before the suspension', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 30 * 60 });
    const joined = await asUser(t.app, client).post('/api/waitlist', {
      providerId: provider.providerId,
      windows: [{ date: slot.day }],
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [offer] = await offerSlots(db(), t.app.waitlist.settings, [slot.id]);
    expect(offer).toBeDefined();
    expect((await suspend(admin, provider.providerId!)).statusCode).toBe(200);
    const accepted = await asUser(t.app, client).post(
      `/api/waitlist/offers/${offer!.offerId}/accept`,
      {},
    );
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().code).toBe('PROVIDER_SUSPENDED');
    // No new offer of their slots either.
    expect(await offerSlots(db(), t.app.waitlist.settings, [slot.id])).toEqual([]);
  });

  it('leaves a suspended staff member out of the business page and its times; a suspended owner 404s it', async () => {
    const admin = await createAdmin(t.app);
    const business = await createBusiness(t.app, { staff: 2 });
    const [owner, first, second] = business.staff as [
      (typeof business.staff)[0],
      (typeof business.staff)[0],
      (typeof business.staff)[0],
    ];
    const at = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 30 * 3_600_000);
    await staffSlotAt(t.app, first, business.service, at);
    await staffSlotAt(t.app, second, business.service, at);
    const page = async () => get(`/api/businesses/${business.id}`);
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone: (await page()).json().business.timezone,
    }).format(at);
    const slotsUrl = `/api/businesses/${business.id}/available-slots?serviceId=${business.service.id}&date=${day}`;
    expect((await get(slotsUrl)).json().slots[0].provider_ids).toHaveLength(2);

    expect((await suspend(admin, first.providerId!)).statusCode).toBe(200);
    const shown = (await page()).json().business;
    expect(shown.staff.map((s: { provider_id: string }) => s.provider_id)).toEqual([
      owner.providerId,
      second.providerId,
    ]);
    expect(shown.services[0].provider_ids).toEqual([second.providerId]);
    expect((await get(slotsUrl)).json().slots[0].provider_ids).toEqual([second.providerId]);
    // Any staff: the booking goes to the one not suspended.
    const client = await createClient(t.app);
    const anyStaff = await asUser(t.app, client).post('/api/appointment/booking', {
      businessId: business.id,
      serviceId: business.service.id,
      startsAt: at.toISOString(),
    });
    expect(anyStaff.statusCode, anyStaff.body).toBe(201);
    expect(anyStaff.json().appointment.provider_id).toBe(second.providerId);

    expect((await suspend(admin, owner.providerId!)).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
    expect((await get(slotsUrl)).statusCode).toBe(404);
  });

  it('suspends from a message report only when the provider sent the message', async () => {
    const admin = await createAdmin(t.app);
    const provider = await createProvider(t.app);
    const client = await createClient(t.app);
    const { fromClient, fromProvider } = await createConversation(t.app, client, provider, {
      fromClient: 'Threat',
      fromProvider: 'Pay me in cash',
    });
    const fileReport = async (who: typeof client, messageId: string) =>
      (
        await asUser(t.app, who).post('/api/reports', {
          kind: 'message',
          targetId: messageId,
          reason: 'Bad',
        })
      ).json().report.id as string;
    const aboutClient = await fileReport(provider, fromClient);
    const unfit = await asUser(t.app, admin).post(`/api/admin/reports/${aboutClient}/resolve`, {
      action: 'suspend_provider',
      note: 'x',
    });
    expect(unfit.statusCode).toBe(400);
    expect(unfit.json().message).toBe(MODERATION_MESSAGES.actionNotApplicable);
    const aboutProvider = await fileReport(client, fromProvider);
    const res = await asUser(t.app, admin).post(`/api/admin/reports/${aboutProvider}/resolve`, {
      action: 'suspend_provider',
      note: 'Off-platform payment',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().report.target).toMatchObject({
      kind: 'message',
      text: 'Pay me in cash',
      provider_id: provider.providerId,
      suspended: true,
    });
    const rows = await queryRows<{ suspended: boolean }>(
      db(),
      sql`select suspended_at is not null as suspended from providers where id = ${provider.providerId}`,
    );
    expect(rows).toEqual([{ suspended: true }]);
  });
});
