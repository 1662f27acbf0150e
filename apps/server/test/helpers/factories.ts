import { randomUUID } from 'node:crypto';
import type { AccountRole } from '@slotwise/shared/enums';
import type { FastifyInstance } from 'fastify';
import { providers, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/accounts/passwords';
import { providerSearchText } from '../../src/modules/discovery/search-text';

export const DEFAULT_PASSWORD = 'Secret123';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: AccountRole;
  providerId: string | null;
  timezone: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

let passwordHash: Promise<string> | undefined;

interface UserOptions {
  firstName?: string;
  lastName?: string;
  email?: string;
  timezone?: string;
  verified?: boolean;
}

async function insertUser(app: FastifyInstance, role: AccountRole, options: UserOptions) {
  passwordHash ??= hashPassword(DEFAULT_PASSWORD);
  const suffix = randomUUID().slice(0, 8);
  const [user] = await app.database.db
    .insert(users)
    .values({
      email: options.email ?? `${role}-${suffix}@example.test`,
      passwordHash: await passwordHash,
      firstName:
        options.firstName ?? (role === 'client' ? 'Casey' : role === 'admin' ? 'Ola' : 'Pat'),
      lastName: options.lastName ?? `Test${suffix}`,
      role,
      timezone: options.timezone ?? 'America/New_York',
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  return user!;
}

/** A new token of `user`: another session, never checked yet by this instance. */
export async function issueToken(
  app: FastifyInstance,
  user: Pick<TestUser, 'id' | 'role' | 'providerId'>,
): Promise<string> {
  const { token } = await app.tokens.issue({
    userId: user.id,
    role: user.role,
    providerId: user.providerId,
  });
  return token;
}

async function withToken(
  app: FastifyInstance,
  user: Awaited<ReturnType<typeof insertUser>>,
  providerId: string | null,
): Promise<TestUser> {
  const token = await issueToken(app, { id: user.id, role: user.role, providerId });
  return {
    id: user.id,
    email: user.email,
    password: DEFAULT_PASSWORD,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    providerId,
    timezone: user.timezone,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A verified client with a valid token. */
export async function createClient(
  app: FastifyInstance,
  options: UserOptions = {},
): Promise<TestUser> {
  const user = await insertUser(app, 'client', options);
  return withToken(app, user, null);
}

/**
 * A verified operator (role `admin`) with a valid token. The role is written directly: sign-in
 * would give it only to an ADMIN_EMAILS address (docs/decisions/072-operating-the-marketplace.md).
 */
export async function createAdmin(
  app: FastifyInstance,
  options: UserOptions = {},
): Promise<TestUser> {
  const user = await insertUser(app, 'admin', options);
  return withToken(app, user, null);
}

/** A verified provider with a completed profile and a valid token. */
export async function createProvider(
  app: FastifyInstance,
  options: UserOptions & { specialty?: string | null; bio?: string } = {},
): Promise<TestUser> {
  const user = await insertUser(app, 'provider', options);
  const specialty = options.specialty === undefined ? 'Barber' : options.specialty;
  const [provider] = await app.database.db
    .insert(providers)
    .values({
      userId: user.id,
      specialty,
      bio: options.bio ?? 'Ten years of experience.',
      searchText: providerSearchText(user.firstName, user.lastName, specialty),
    })
    .returning({ id: providers.id });
  return withToken(app, user, provider!.id);
}
