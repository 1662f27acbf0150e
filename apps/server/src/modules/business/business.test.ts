import { addDays } from '@slotwise/shared/dates';
import { BUSINESS_MESSAGES } from '@slotwise/shared/business-schemas';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  appointments,
  businessInvitations,
  businessResources,
  businessStaff,
  businesses,
  notifications,
  timeslots,
} from '../../db/schema';
import { book, createSlot } from '../../../test/helpers/booking-factories';
import { createBusiness, staffSlotAt } from '../../../test/helpers/business-factories';
import { createService } from '../../../test/helpers/catalogue-factories';
import { createClient, createProvider, type TestUser } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { asUser } from '../../../test/helpers/requests';

const HOUR = 3_600_000;
const inHours = (hours: number) =>
  new Date(Math.ceil((Date.now() + hours * HOUR) / (30 * 60_000)) * 30 * 60_000);

/** docs/product.md §13.1: a business, its staff, invitations, removal and resources. */
describe('teams: business, invitations, staff and resources', () => {
  const t = useMailTestApp({ ownMailOnly: true });

  const count = async (
    table: typeof businesses | typeof businessInvitations | typeof businessStaff,
  ) => (await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  /** Invites `email` as the owner and answers the token of the mailed link. */
  async function invite(owner: TestUser, email: string): Promise<string> {
    const res = await asUser(t.app, owner).post('/api/business/invitations', { email });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.runDue(new Date());
    const [mail] = await mailsTo(t.smtp.messages, email);
    expect(mail?.subject).toContain('invites you to join');
    const token = /\/business\/join\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it('a provider creates a business and is its owner and first staff member; once only', async () => {
    const owner = await createProvider(t.app);
    const res = await asUser(t.app, owner).post('/api/business', { name: '  Fade Street  ' });
    expect(res.statusCode, res.body).toBe(201);
    const { business } = res.json();
    expect(business).toMatchObject({ name: 'Fade Street', is_owner: true, invitations: [] });
    expect(business.staff.map((s: { provider_id: string }) => s.provider_id)).toEqual([
      owner.providerId,
    ]);
    const again = await asUser(t.app, owner).post('/api/business', { name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_IN_BUSINESS');
    const mine = await asUser(t.app, owner).get('/api/business');
    expect(mine.json().business.id).toBe(business.id);
    const none = await asUser(t.app, await createProvider(t.app)).get('/api/business');
    expect(none.json()).toEqual({ business: null });
  });

  it('refuses hostile input with nothing written', async () => {
    const owner = await createProvider(t.app);
    const before = await count(businesses);
    for (const body of [{ name: 'x'.repeat(10_000) }, { name: '   ' }, {}, { name: 42 }]) {
      const res = await asUser(t.app, owner).post('/api/business', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await count(businesses)).toBe(before);
    const client = await createClient(t.app);
    expect((await asUser(t.app, client).post('/api/business', { name: 'C' })).statusCode).toBe(403);
    expect((await asUser(t.app, null).post('/api/business', { name: 'C' })).statusCode).toBe(401);

    const { owner: salonOwner } = await createBusiness(t.app);
    const invitations = await count(businessInvitations);
    for (const email of ['x'.repeat(10_000) + '@a.test', 'not-an-email', '']) {
      const res = await asUser(t.app, salonOwner).post('/api/business/invitations', { email });
      expect(res.statusCode).toBe(400);
    }
    // Inviting yourself (or anyone already on the staff).
    const self = await asUser(t.app, salonOwner).post('/api/business/invitations', {
      email: salonOwner.email.toUpperCase(),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(BUSINESS_MESSAGES.inviteYourself);
    expect(await count(businessInvitations)).toBe(invitations);
    for (const token of ['unknown-token', 'x'.repeat(10_000)]) {
      const res = await asUser(t.app, owner).post('/api/business/invitations/accept', { token });
      expect([400, 404]).toContain(res.statusCode);
    }
    const resource = await asUser(t.app, salonOwner).post('/api/business/resources', {
      name: 'r'.repeat(10_000),
    });
    expect(resource.statusCode).toBe(400);
    expect(await count(businessStaff)).toBeGreaterThan(0);
  });

  it('an invited provider accepts once, appears on the business page; used, expired and taken links are refused', async () => {
    const { id, owner } = await createBusiness(t.app);
    const barber = await createProvider(t.app, { firstName: 'Bo' });
    const token = await invite(owner, barber.email);
    const pending = await asUser(t.app, owner).get('/api/business');
    expect(pending.json().business.invitations).toHaveLength(1);

    const accepted = await asUser(t.app, barber).post('/api/business/invitations/accept', {
      token,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().business).toMatchObject({ id, is_owner: false, invitations: [] });
    const page = await asUser(t.app, null).get(`/api/businesses/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().business.staff.map((s: { first_name: string }) => s.first_name)).toContain(
      'Bo',
    );

    const twice = await asUser(t.app, barber).post('/api/business/invitations/accept', { token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('INVITATION_USED');

    // Expired: the link is 7 days old.
    const late = await createProvider(t.app);
    const lateToken = await invite(owner, late.email);
    await t.app.database.db
      .update(businessInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(businessInvitations.email, late.email.toLowerCase()));
    const expired = await asUser(t.app, late).post('/api/business/invitations/accept', {
      token: lateToken,
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('INVITATION_EXPIRED');

    // A provider of another business: refused, and the link stays usable.
    const { staff } = await createBusiness(t.app, { staff: 1 });
    const busy = staff[1]!;
    const busyToken = await invite(owner, busy.email);
    const taken = await asUser(t.app, busy).post('/api/business/invitations/accept', {
      token: busyToken,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('ALREADY_IN_BUSINESS');
    const [left] = await t.app.database.db
      .select({ acceptedAt: businessInvitations.acceptedAt })
      .from(businessInvitations)
      .where(eq(businessInvitations.email, busy.email.toLowerCase()));
    expect(left!.acceptedAt).toBeNull();

    // Staff do not change the business; clients cannot accept.
    expect(
      (await asUser(t.app, barber).post('/api/business/invitations', { email: 'a@b.test' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await asUser(t.app, barber).post('/api/business/resources', { name: 'Room' })).statusCode,
    ).toBe(403);
    const client = await createClient(t.app);
    expect(
      (await asUser(t.app, client).post('/api/business/invitations/accept', { token })).statusCode,
    ).toBe(403);
  });

  it('the owner manages a staff calendar with ?providerId=; staff see only their own', async () => {
    const { owner, staff } = await createBusiness(t.app, { staff: 2 });
    const [, barber, colleague] = staff as [TestUser, TestUser, TestUser];
    const own = await createSlot(t.app, barber.providerId!, { startsInMinutes: 120 });
    const week = (as: TestUser, providerId?: string) =>
      asUser(t.app, as).get(`/api/timeslots/view${providerId ? `?providerId=${providerId}` : ''}`);
    const seen = await week(owner, barber.providerId!);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().slots.map((s: { id: string }) => s.id)).toEqual([own.id]);
    // The owner creates a slot for the barber: it is the barber's.
    const created = await asUser(t.app, owner).post(
      `/api/timeslots/create?providerId=${barber.providerId}`,
      { day: addDays(own.day, 2), startTime: '06:00', endTime: '06:30' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.app.database.db
      .select({ providerId: timeslots.providerId })
      .from(timeslots)
      .where(eq(timeslots.id, created.json().slot.id));
    expect(row!.providerId).toBe(barber.providerId);
    // Staff, another business's owner, an unknown id: 404, nothing shown.
    const outsider = (await createBusiness(t.app)).owner;
    for (const [as, target] of [
      [barber, owner.providerId!],
      [barber, colleague.providerId!],
      [outsider, barber.providerId!],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-a-uuid'],
    ] as const) {
      const res = await week(as, target);
      expect(res.statusCode, `${as.firstName} → ${target}`).toBe(404);
    }
    // Appointments and analytics follow the same rule.
    expect(
      (
        await asUser(t.app, owner).get(
          `/api/appointment/provider/view?providerId=${barber.providerId}`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await asUser(t.app, owner).get(`/api/stats/analytics?providerId=${barber.providerId}`))
        .statusCode,
    ).not.toBe(404);
    expect(
      (await asUser(t.app, colleague).get(`/api/stats?providerId=${barber.providerId}`)).statusCode,
    ).toBe(404);
  });

  it('removing a staff member with bookings asks first; cancel tells the clients, keep leaves them', async () => {
    const { owner, staff, service } = await createBusiness(t.app, { staff: 2 });
    const [, leaving, keeping] = staff as [TestUser, TestUser, TestUser];
    const client = await createClient(t.app);
    const slotA = await staffSlotAt(t.app, leaving, service, inHours(30));
    const slotB = await staffSlotAt(t.app, keeping, service, inHours(31));
    const appointmentA = await book(t.app, client, slotA.id);
    const appointmentB = await book(t.app, client, slotB.id);

    const ask = await asUser(t.app, owner).delete(`/api/business/staff/${leaving.providerId}`);
    expect(ask.statusCode).toBe(409);
    expect(ask.json().code).toBe('STAFF_HAS_BOOKINGS');
    const upcoming = await asUser(t.app, owner).get(
      `/api/business/staff/${leaving.providerId}/upcoming`,
    );
    expect(upcoming.json().appointments.map((a: { id: string }) => a.id)).toEqual([appointmentA]);
    expect(
      (await asUser(t.app, keeping).get(`/api/business/staff/${leaving.providerId}/upcoming`))
        .statusCode,
    ).toBe(403);

    const cancel = await asUser(t.app, owner).delete(
      `/api/business/staff/${leaving.providerId}?futureBookings=cancel`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().canceled).toBe(1);
    const status = async (id: string) =>
      (
        await t.app.database.db
          .select({ status: appointments.status })
          .from(appointments)
          .where(eq(appointments.id, id))
      )[0]!.status;
    expect(await status(appointmentA)).toBe('canceled');
    const told = await t.app.database.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, client.id));
    expect(told.map((n) => n.type)).toContain('canceled');

    const keep = await asUser(t.app, owner).delete(
      `/api/business/staff/${keeping.providerId}?futureBookings=keep`,
    );
    expect(keep.statusCode).toBe(200);
    expect(await status(appointmentB)).toBe('booked');
    const business = (await asUser(t.app, owner).get('/api/business')).json().business;
    expect(business.staff.map((s: { provider_id: string }) => s.provider_id)).toEqual([
      owner.providerId,
    ]);
    // The owner stays; an unknown or foreign staff id is 404; a bad choice 400.
    expect(
      (await asUser(t.app, owner).delete(`/api/business/staff/${owner.providerId}`)).statusCode,
    ).toBe(400);
    expect(
      (await asUser(t.app, owner).delete(`/api/business/staff/${leaving.providerId}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await asUser(t.app, owner).delete(
          `/api/business/staff/${leaving.providerId}?futureBookings=maybe`,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('resources: the owner adds one, a service needs it; another business cannot use it', async () => {
    const { owner } = await createBusiness(t.app);
    const res = await asUser(t.app, owner).post('/api/business/resources', { name: 'Room 1' });
    expect(res.statusCode, res.body).toBe(201);
    const resourceId = res.json().resource.id as string;
    const service = await createService(t.app, owner, { name: 'Massage' });
    const patched = await asUser(t.app, owner).patch(`/api/services/${service.id}`, {
      resource_id: resourceId,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().service.resource_id).toBe(resourceId);
    const stranger = await createProvider(t.app);
    const foreign = await asUser(t.app, stranger).post('/api/services', {
      name: 'Steal',
      duration_minutes: 30,
      price_cents: 100,
      currency: 'USD',
      resource_id: resourceId,
    });
    expect(foreign.statusCode).toBe(400);
    const removed = await asUser(t.app, owner).delete(`/api/business/resources/${resourceId}`);
    expect(removed.statusCode).toBe(200);
    const after = (await asUser(t.app, owner).get('/api/services')).json().services;
    expect(after[0].resource_id).toBeNull();
    expect(
      (
        await t.app.database.db
          .select()
          .from(businessResources)
          .where(eq(businessResources.id, resourceId))
      ).length,
    ).toBe(0);
  });

  it('the public page and merged availability, signed out', async () => {
    const { id, staff, service } = await createBusiness(t.app, { staff: 2 });
    const at = inHours(50);
    for (const member of staff.slice(1)) await staffSlotAt(t.app, member, service, at);
    await staffSlotAt(t.app, staff[1]!, service, new Date(at.getTime() + HOUR));
    const page = (await asUser(t.app, null).get(`/api/businesses/${id}`)).json().business;
    expect(page.staff).toHaveLength(3);
    expect(page.staff[0].is_owner).toBe(true);
    expect(page.services).toEqual([
      expect.objectContaining({
        id: service.id,
        provider_ids: staff
          .slice(1)
          .map((s) => s.providerId)
          .sort(),
      }),
    ]);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: page.timezone }).format(at);
    const merged = await asUser(t.app, null).get(
      `/api/businesses/${id}/available-slots?serviceId=${service.id}&date=${day}`,
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const [first] = merged.json().slots;
    expect(first).toMatchObject({
      starts_at: at.toISOString(),
      provider_ids: staff
        .slice(1)
        .map((s) => s.providerId)
        .sort(),
    });
    // Booked meanwhile: the next answer leaves that staff member out at once (no stale cache).
    const client = await createClient(t.app);
    const taken = await asUser(t.app, client).post('/api/appointment/booking', {
      businessId: id,
      serviceId: service.id,
      startsAt: at.toISOString(),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const after = await asUser(t.app, null).get(
      `/api/businesses/${id}/available-slots?serviceId=${service.id}&date=${day}`,
    );
    expect(after.json().slots[0]).toMatchObject({
      starts_at: at.toISOString(),
      provider_ids: staff
        .slice(1)
        .map((s) => s.providerId)
        .filter((p) => p !== taken.json().appointment.provider_id)
        .sort(),
    });
    expect((await asUser(t.app, null).get('/api/businesses/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await asUser(t.app, null).get('/api/businesses/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });
});
