import { randomUUID } from 'node:crypto';
import {
  type AccountExport,
  EXPORT_FORMAT,
  FORMER_NAMES,
  PERSONAL_DATA_MESSAGES,
} from '@slotwise/shared/personal-data-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useBeforeAll } from '../../../test/helpers/app';
import { book, createSlot } from '../../../test/helpers/booking-factories';
import { createBusiness } from '../../../test/helpers/business-factories';
import {
  createAdmin,
  createClient,
  createProvider,
  type TestUser,
} from '../../../test/helpers/factories';
import { multipart, png } from '../../../test/helpers/images';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { createPayingProvider } from '../../../test/helpers/payment-factories';
import { asUser } from '../../../test/helpers/requests';
import { createReview } from '../../../test/helpers/review-factories';
import { openConversationWithMessages } from '../../../test/security/messages-world';
import { queryRows } from '../../db/client';
import {
  appointments,
  ledgerEntries,
  notifications,
  paymentAccounts,
  payments,
  providers,
  reports,
  timeslots,
  users,
} from '../../db/schema';

/**
 * People's data over HTTP (docs/product.md §19.5, docs/decisions/072): the export of everything
 * stored about the caller, and the erasure of an account — what goes, what stays under the
 * former name, and who is told.
 */

const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
/** Names and an address no other record of the database could contain by chance. */
const distinctPerson = () => {
  const tag = unique();
  return {
    firstName: `Quillon${tag}`,
    lastName: `Zephyrine${tag}`,
    email: `qz-${tag}@example.test`,
  };
};

const SECRET_KEYS = ['password_hash', 'token_hash', 'secret_hash', 'nonce', 'secret', 'etag'];

describe('people’s data (docs/product.md §19.5)', () => {
  const t = useMailTestApp();
  const db = () => t.app.database.db;
  const erase = (user: TestUser | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: user ? user.headers : {},
      payload,
    });
  const exportOf = (user: TestUser) => asUser(t.app, user).get('/api/account/export');

  /** A client with rows in every table a client's data lives in, a provider and a bystander. */
  const s = useBeforeAll(async () => {
    const client = await createClient(t.app, distinctPerson());
    const provider = await createProvider(t.app);
    const bystander = await createClient(t.app);
    const as = asUser(t.app, client);
    // Picture, preferences, calendar feed.
    const picture = await as.patch(
      '/api/profile/update',
      multipart(
        { firstName: client.firstName, lastName: client.lastName, email: client.email },
        { name: 'me.png', data: await png(24, 24), type: 'image/png' },
      ),
    );
    if (picture.statusCode !== 200) throw new Error(`picture: ${picture.body}`);
    await as.patch('/api/profile/notification-preferences', { emailReminders: false });
    const feed = await as.post('/api/calendar/feed-url/reset');
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    // A review of a past appointment; one appointment still to come; one the provider cancels
    // (the client's notification).
    await createReview(t.app, provider, client, 4, 'Lovely');
    const coming = await createSlot(t.app, provider.providerId!, { startsInMinutes: 3 * 24 * 60 });
    const comingId = await book(t.app, client, coming.id);
    const other = await createSlot(t.app, provider.providerId!, { startsInMinutes: 4 * 24 * 60 });
    const otherId = await book(t.app, client, other.id);
    const canceled = await asUser(t.app, provider).patch(
      `/api/appointment/provider/cancel/${otherId}`,
    );
    if (canceled.statusCode !== 200) throw new Error(`cancel: ${canceled.body}`);
    // A prepaid appointment still to come, paid.
    const paying = await createPayingProvider(t.app, { mode: 'prepay', priceCents: 4000 });
    const paidSlot = await paying.slot(72);
    const booked = await as.post('/api/appointment/booking', { timeslotId: paidSlot.id });
    const paymentId = booked.json().appointment.payment.id as string;
    const paid = await as.post(`/api/payments/${paymentId}/test-checkout`, {
      cardNumber: '4242424242424242',
    });
    if (paid.statusCode !== 200) throw new Error(`pay: ${paid.body}`);
    // Messages, a waitlist entry, a report, Stripe records, sign-in records.
    const conversationId = await openConversationWithMessages(t.app, client, provider);
    const waiting = await as.post('/api/waitlist', {
      providerId: provider.providerId,
      windows: [{ date: addDays(todayIn('UTC'), 5) }],
    });
    if (waiting.statusCode !== 201) throw new Error(`waitlist: ${waiting.body}`);
    await db().insert(reports).values({
      reporterId: client.id,
      kind: 'provider',
      targetId: provider.providerId!,
      reason: 'Rude',
    });
    await db().insert(paymentAccounts).values({ userId: client.id, stripeCustomerId: 'cus_test' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: client.email, password: 'wrong-password' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: client.email },
    });
    await t.app.jobs.runDue(new Date());
    // The bystander has records of their own with the same provider.
    await createReview(t.app, provider, bystander, 5, 'Fine');
    await openConversationWithMessages(t.app, bystander, provider);
    return { client, provider, bystander, comingId, paymentId, feedPath, conversationId };
  });

  describe('GET /api/account/export', () => {
    it('answers every personal table, the picture as a data URL, no secret, nobody else', async () => {
      const res = await exportOf(s.client);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="slotwise-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const doc = res.json<AccountExport>();
      expect(doc.format).toBe(EXPORT_FORMAT);
      expect(doc.account).toMatchObject({ id: s.client.id, email: s.client.email });
      expect(doc.account).not.toHaveProperty('password_hash');
      for (const table of [
        'users',
        'images',
        'notifications',
        'notification_preferences',
        'calendar_feeds',
        'appointments',
        'appointment_events',
        'reviews',
        'conversations',
        'messages',
        'payments',
        'ledger_entries',
        'payment_accounts',
        'waitlist_entries',
        'waitlist_windows',
        'reports',
        'login_failures',
        'mail_cooldowns',
        'password_reset_tokens',
        'jobs',
      ]) {
        expect(doc.data[table]?.length ?? 0, table).toBeGreaterThan(0);
      }
      expect(String(doc.data.images![0]!.data)).toMatch(
        /^data:image\/\w+;base64,[A-Za-z0-9+/]+=*$/,
      );
      for (const rows of Object.values(doc.data)) {
        for (const row of rows) for (const key of SECRET_KEYS) expect(row).not.toHaveProperty(key);
      }
      const [stored] = await db()
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, s.client.id));
      const text = res.body;
      expect(text).not.toContain(stored!.hash);
      expect(text).not.toContain(s.bystander.id);
      expect(text).not.toContain(s.bystander.email);
    });

    it('gives a provider their listing, slots, appointments and the reviews they received', async () => {
      const doc = (await exportOf(s.provider)).json<AccountExport>();
      for (const table of ['providers', 'timeslots', 'appointments', 'reviews', 'messages']) {
        expect(doc.data[table]?.length ?? 0, table).toBeGreaterThan(0);
      }
      expect(doc.data.reviews!.map((r) => r.client_id)).toContain(s.bystander.id);
      expect(doc.data.images).toEqual([]);
    });

    it('is for every signed-in account, an operator too; none without a token', async () => {
      const admin = await createAdmin(t.app);
      const res = await exportOf(admin);
      expect(res.statusCode).toBe(200);
      expect(res.json<AccountExport>().account).toMatchObject({ id: admin.id, role: 'admin' });
      expect((await asUser(t.app, null).get('/api/account/export')).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/account', () => {
    it('refuses a missing or wrong password with the field at fault, and keeps the account', async () => {
      const missing = await erase(s.client, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors.password).toBe(PERSONAL_DATA_MESSAGES.passwordRequired);
      const wrong = await erase(s.client, { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors.password).toBe(PERSONAL_DATA_MESSAGES.passwordIncorrect);
      expect((await erase(null, { password: s.client.password })).statusCode).toBe(401);
      expect((await exportOf(s.client)).statusCode).toBe(200);
    });

    it('erases the client: nothing names them, the provider is told, the record stays', async () => {
      const { client, provider } = s;
      await t.app.jobs.runDue(new Date());
      t.smtp.messages.length = 0;
      const res = await erase(client, { password: client.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: PERSONAL_DATA_MESSAGES.accountDeleted });

      // No text anywhere holds the address or the names.
      const columns = await queryRows<{ table_name: string; column_name: string }>(
        db(),
        sql`select table_name, column_name from information_schema.columns
            where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`,
      );
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of columns) {
        for (const needle of [client.email, client.firstName, client.lastName]) {
          const [hit] = await queryRows<{ n: number }>(
            db(),
            sql`select count(*)::int as n from ${sql.identifier(table)}
                where strpos(${sql.identifier(column)}::text, ${needle}) > 0`,
          );
          if (hit!.n > 0) found.push(`${table}.${column}: ${needle}`);
        }
      }
      expect(found).toEqual([]);

      // The calendar feed address given out reads nothing any more.
      expect((await t.app.inject({ method: 'GET', url: s.feedPath })).statusCode).toBe(404);

      // Signed out, and the old credentials sign nobody in.
      expect((await asUser(t.app, client).get('/api/profile')).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: client.email, password: client.password },
      });
      expect(login.statusCode).toBe(401);

      // The appointment still to come is cancelled, the provider told (notification and mail).
      const [coming] = await db()
        .select({ status: appointments.status, by: appointments.canceledBy })
        .from(appointments)
        .where(eq(appointments.id, s.comingId));
      expect(coming).toEqual({ status: 'canceled', by: 'client' });
      const told = await db()
        .select({ message: notifications.message })
        .from(notifications)
        .where(
          and(eq(notifications.userId, provider.id), eq(notifications.appointmentId, s.comingId)),
        );
      expect(told.map((n) => n.message)).toContainEqual(
        expect.stringMatching(new RegExp(`^${FORMER_NAMES.client} canceled`)),
      );
      // The provider still writes in the conversation: no digest goes to the erased address.
      const wrote = await asUser(t.app, provider).post(
        `/api/conversations/${s.conversationId}/messages`,
        { body: 'Sorry to see you go' },
      );
      expect(wrote.statusCode, wrote.body).toBe(201);
      await t.app.jobs.runDue(new Date(Date.now() + 60 * 60_000));
      const mails = await mailsTo(t.smtp.messages, provider.email);
      expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/cancel/i));
      expect(t.smtp.messages.flatMap((m) => m.to).filter((to) => to.endsWith('.invalid'))).toEqual(
        [],
      );

      // Reviews show the former name.
      const reviews = await asUser(t.app, null).get(
        `/api/providers/${provider.providerId}/reviews`,
      );
      expect(reviews.statusCode).toBe(200);
      expect(reviews.body).toContain(FORMER_NAMES.client);

      // Payments and ledger rows stay without the client; the prepayment came back in full.
      const [payment] = await db()
        .select({
          clientId: payments.clientId,
          amount: payments.amountCents,
          refunded: payments.refundedCents,
          fee: payments.feeCents,
        })
        .from(payments)
        .where(eq(payments.id, s.paymentId));
      expect(payment).toMatchObject({ clientId: null, refunded: payment!.amount, fee: 0 });
      const ledger = await db()
        .select({ clientId: ledgerEntries.clientId, kind: ledgerEntries.kind })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.paymentId, s.paymentId));
      expect(ledger.length).toBeGreaterThanOrEqual(2);
      expect(ledger.every((row) => row.clientId === null)).toBe(true);

      // The account row is anonymised; the address may register again.
      const [row] = await db().select().from(users).where(eq(users.id, client.id));
      expect(row).toMatchObject({
        firstName: FORMER_NAMES.client,
        lastName: '',
        email: `erased-${client.id}@erased.invalid`,
        profileImageId: null,
      });
      expect(row!.deletedAt).toBeInstanceOf(Date);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: multipart({
          firstName: 'New',
          lastName: 'Person',
          email: client.email,
          password: 'Secret123',
          role: 'client',
          timezone: 'America/New_York',
        }),
      });
      expect(again.statusCode, again.body).toBe(201);
    });

    it('erases a provider: unlisted for good, free slots gone, their clients told', async () => {
      const provider = await createProvider(t.app, { ...distinctPerson(), bio: 'My own words' });
      const client = await createClient(t.app);
      const slot = await createSlot(t.app, provider.providerId!, { startsInMinutes: 2 * 24 * 60 });
      const appointmentId = await book(t.app, client, slot.id);
      const free = await createSlot(t.app, provider.providerId!, { startsInMinutes: 5 * 24 * 60 });
      await t.app.jobs.runDue(new Date());
      t.smtp.messages.length = 0;

      const res = await erase(provider, { password: provider.password });
      expect(res.statusCode, res.body).toBe(200);
      const [listing] = await db()
        .select({ listed: providers.listed, bio: providers.bio, first: providers.firstName })
        .from(providers)
        .where(eq(providers.id, provider.providerId!));
      expect(listing).toEqual({ listed: false, bio: '', first: FORMER_NAMES.provider });
      const slots = await db()
        .select({ id: timeslots.id })
        .from(timeslots)
        .where(eq(timeslots.providerId, provider.providerId!));
      // The cancelled appointment's slot was free again, so it went too; the appointment stays.
      expect(slots.map((x) => x.id)).not.toContain(free.id);
      expect(slots).toEqual([]);
      const [canceled] = await db()
        .select({ status: appointments.status, by: appointments.canceledBy })
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      expect(canceled).toEqual({ status: 'canceled', by: 'provider' });
      const told = await db()
        .select({ message: notifications.message })
        .from(notifications)
        .where(
          and(eq(notifications.userId, client.id), eq(notifications.appointmentId, appointmentId)),
        );
      expect(told.map((n) => n.message)).toContainEqual(
        expect.stringMatching(new RegExp(`^${FORMER_NAMES.provider} canceled`)),
      );
      await t.app.jobs.runDue(new Date());
      expect((await mailsTo(t.smtp.messages, client.email)).length).toBeGreaterThan(0);
      const page = await asUser(t.app, null).get(`/api/providers/${provider.providerId}`);
      expect(page.statusCode).toBe(404);
    });

    it('refuses an owner whose business has other staff (409), and keeps the account', async () => {
      const business = await createBusiness(t.app, { staff: 1 });
      const res = await erase(business.owner, { password: business.owner.password });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'INVALID_STATE',
        message: PERSONAL_DATA_MESSAGES.businessHasStaff,
      });
      expect((await exportOf(business.owner)).statusCode).toBe(200);
    });
  });
});
