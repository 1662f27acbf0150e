import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import {
  businessInvitations,
  businessResources,
  businessStaff,
  businesses,
  notifications,
  payments,
  providers,
  services,
  timeslots,
  users,
} from '../../src/db/schema';
import { hashToken } from '../../src/modules/accounts/single-use-token';
import { createVerificationToken } from '../../src/modules/accounts/service';
import { TEST_JWT_SECRET } from '../helpers/app';
import { book, createSlot, type TestSlot } from '../helpers/booking-factories';
import { createService } from '../helpers/catalogue-factories';
import { createAdmin, createClient, createProvider, issueToken, type TestUser } from '../helpers/factories';
import { multipart, png } from '../helpers/images';
import { openConversationWithMessages } from './messages-world';
import { asUser } from '../helpers/requests';

/**
 * The fixture world of the security tests, built once per file: a provider with slots and an
 * appointment booked by a client, a notification for each of them, a picture, and the tokens
 * every identity of the authorization matrix needs (expired, revoked, garbage).
 */
export interface World {
  app: FastifyInstance;
  /** The client who owns `appointmentId` (and `clientNotificationId`). */
  client: TestUser;
  /** Another client: no appointment with anyone. */
  otherClient: TestUser;
  /** The provider of `appointmentId` (owns `slotIds`, `providerNotificationId`). */
  provider: TestUser;
  /** Another provider with a slot of their own. */
  otherProvider: TestUser;
  /** An operator (role `admin`, docs/decisions/072): the owner of the operator routes' rows. */
  admin: TestUser;
  appointmentId: string;
  /** A free future slot of `provider`. */
  freeSlotId: string;
  /** A service of `provider` (docs/product.md §11 catalogue). */
  serviceId: string;
  /** The client's hold on a prepaid slot of `provider`: its payment (docs/product.md §16). */
  paymentId: string;
  clientNotificationId: string;
  providerNotificationId: string;
  /** The conversation of `client` and `provider` (messages), with one message from each. */
  conversationId: string;
  /** The client's profile picture (GET /uploads/:id). */
  imageId: string;
  /** Per owner role: a token signed with the right key whose `exp` has passed. */
  expiredTokens: Record<'client' | 'provider' | 'admin', string>;
  /** Per owner role: a token of the owner that was logged out (POST /auth/logout). */
  revokedTokens: Record<'client' | 'provider' | 'admin', string>;
  /** A fresh token of a user (each case gets its own, so a logout in one case cannot leak). */
  freshToken(user: TestUser): Promise<string>;
  /** A free future slot of a provider (slots are spaced an hour apart, never overlapping). */
  freshSlot(provider?: TestUser): Promise<TestSlot>;
  /** A new service of a provider (each case that changes or deletes one gets its own). */
  freshService(provider?: TestUser): Promise<string>;
  /** An active appointment of `client` with `provider`, booked through the API. */
  freshAppointment(client?: TestUser): Promise<string>;
  /** A registered provider that has not completed onboarding yet (POST /auth/register/provider). */
  freshPendingProvider(): Promise<string>;
  /** A valid verification token of a fresh unverified account (POST /auth/verify-email). */
  freshVerificationToken(): Promise<string>;
  /** The business `provider` owns (docs/product.md §13), with `staffId` as its second member. */
  businessId: string;
  staffId: string;
  /** A new staff member of the provider's business (each removal gets its own). */
  freshStaff(): Promise<string>;
  /** A new resource of the provider's business. */
  freshResource(): Promise<string>;
  /** The token of an invitation to the provider's business that expired. */
  expiredInvitationToken(): Promise<string>;
  /** A day `n` days from today in the provider's zone, far from every other slot. */
  futureDay(offsetDays?: number): string;
}

/** A JWT like TokenService issues, signed with the test key, whose expiry is an hour ago. */
export async function expiredToken(user: TestUser): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ userId: user.id, role: user.role, providerId: user.providerId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('slotwise')
    .setSubject(user.id)
    .setJti(randomUUID())
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const client = await createClient(app, { firstName: 'Olive', lastName: 'Owner' });
  const otherClient = await createClient(app, { firstName: 'Oscar', lastName: 'Other' });
  const admin = await createAdmin(app, { firstName: 'Ada', lastName: 'Operator' });
  const provider = await createProvider(app, { firstName: 'Paula', lastName: 'Provider' });
  const otherProvider = await createProvider(app, { firstName: 'Quentin', lastName: 'Rival' });

  // Slots an hour apart from an hour from now; each helper call takes the next free hour.
  const nextHour = new Map<string, number>();
  const freshSlot = async (owner: TestUser = provider) => {
    const hour = (nextHour.get(owner.id) ?? 1) + 1;
    nextHour.set(owner.id, hour);
    return createSlot(app, owner.providerId!, { startsInMinutes: hour * 60, durationMinutes: 30 });
  };

  const appointmentSlot = await freshSlot();
  const appointmentId = await book(app, client, appointmentSlot.id);
  // The provider cancels a second booking: the client gets a notification too.
  const canceledId = await book(app, client, (await freshSlot()).id);
  const cancel = await asUser(app, provider).patch(
    `/api/appointment/provider/cancel/${canceledId}`,
  );
  if (cancel.statusCode !== 200) throw new Error(`world: cancel failed ${cancel.body}`);
  const freeSlot = await freshSlot();
  const freshService = async (owner: TestUser = provider) =>
    (await createService(app, owner, { name: `Service ${randomUUID().slice(0, 6)}` })).id;
  const serviceId = await freshService();
  const paymentId = await prepaidHold(app, client, await freshService(), (await freshSlot()).id);
  await freshSlot(otherProvider);

  const notificationOf = async (userId: string) => {
    const [row] = await app.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .limit(1);
    if (!row) throw new Error(`world: no notification for ${userId}`);
    return row.id;
  };

  const picture = await app.inject({
    method: 'PATCH',
    url: '/api/profile/update',
    headers: client.headers,
    payload: multipart(
      { firstName: client.firstName, lastName: client.lastName, email: client.email },
      { name: 'me.png', data: await png(32, 32), type: 'image/png' },
    ),
  });
  if (picture.statusCode !== 200) throw new Error(`world: picture failed ${picture.body}`);
  const imageId = String(picture.json().profile.profileImageUrl).split('/').pop()!;

  const conversationId = await openConversationWithMessages(app, client, provider);

  const revoke = async (user: TestUser) => {
    const token = await issueToken(app, user);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`world: logout failed ${res.body}`);
    return token;
  };

  // The provider owns a business with one more staff member; the other provider has none.
  const [business] = await app.database.db
    .insert(businesses)
    .values({ ownerProviderId: provider.providerId!, name: 'Matrix Salon' })
    .returning({ id: businesses.id });
  const businessId = business!.id;
  const freshStaff = async () => {
    const staff = await createProvider(app, { firstName: 'Sam', lastName: 'Staff' });
    await app.database.db
      .insert(businessStaff)
      .values({ providerId: staff.providerId!, businessId });
    return staff.providerId!;
  };
  await app.database.db
    .insert(businessStaff)
    .values({ providerId: provider.providerId!, businessId });
  const staffId = await freshStaff();

  let dayOffset = 200;
  return {
    businessId,
    staffId,
    freshStaff,
    async freshResource() {
      const [row] = await app.database.db
        .insert(businessResources)
        .values({ businessId, name: 'Room' })
        .returning({ id: businessResources.id });
      return row!.id;
    },
    async expiredInvitationToken() {
      const token = randomUUID();
      await app.database.db.insert(businessInvitations).values({
        businessId,
        email: `late-${token.slice(0, 8)}@example.test`,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() - 60_000),
      });
      return token;
    },
    app,
    client,
    otherClient,
    provider,
    otherProvider,
    appointmentId,
    freeSlotId: freeSlot.id,
    serviceId,
    paymentId,
    clientNotificationId: await notificationOf(client.id),
    providerNotificationId: await notificationOf(provider.id),
    imageId,
    conversationId,
    admin,
    expiredTokens: {
      client: await expiredToken(client),
      provider: await expiredToken(provider),
      admin: await expiredToken(admin),
    },
    revokedTokens: {
      client: await revoke(client),
      provider: await revoke(provider),
      admin: await revoke(admin),
    },
    freshToken: (user) => issueToken(app, user),
    freshSlot,
    freshService,
    async freshAppointment(owner = client) {
      return book(app, owner, (await freshSlot()).id);
    },
    async freshPendingProvider() {
      const [row] = await app.database.db
        .insert(users)
        .values({
          email: `pending-${randomUUID().slice(0, 8)}@example.test`,
          passwordHash: 'not-a-hash',
          firstName: 'Penny',
          lastName: 'Pending',
          role: 'provider',
        })
        .returning({ id: users.id });
      await app.database.db.insert(providers).values({ userId: row!.id });
      return row!.id;
    },
    async freshVerificationToken() {
      const user = await createClient(app, { verified: false });
      return createVerificationToken(app.database.db, user.id);
    },
    futureDay(offsetDays) {
      return addDays(todayIn(provider.timezone), offsetDays ?? dayOffset++);
    },
  };
}

/** The client books a slot of a service made prepaid: the hold's payment id. */
async function prepaidHold(
  app: FastifyInstance,
  client: TestUser,
  serviceId: string,
  slotId: string,
): Promise<string> {
  await app.database.db
    .update(services)
    .set({ paymentMode: 'prepay', priceCents: 2500 })
    .where(eq(services.id, serviceId));
  await app.database.db.update(timeslots).set({ serviceId }).where(eq(timeslots.id, slotId));
  const appointmentId = await book(app, client, slotId);
  const [row] = await app.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId));
  if (!row) throw new Error('world: the prepaid booking has no payment');
  return row.id;
}
