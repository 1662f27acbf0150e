import { randomUUID } from 'node:crypto';
import { ACCOUNT_ROLES, type AccountRole } from '@slotwise/shared/enums';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { ChannelHandlers } from '../push/push-channel';
import type { PushBarrier } from '../push/push-barrier';
import { revokedTokens, sessionGenerations } from '../db/schema';
import { UnauthenticatedError } from '../errors';
import { resolveJwtSecret } from './signing-secret';
import { Revocations } from '../push/revocations';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The caller: set by the guard (authenticate.ts) on the routes it guards, else null. */
    auth: AuthContext | null;
  }
}

const isAccountRole = (value: unknown): value is AccountRole =>
  (ACCOUNT_ROLES as readonly unknown[]).includes(value);

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'slotwise';
/** Verified tokens kept per instance (a few MB at most); beyond it the oldest is dropped. */
const VERIFIED_CACHE_SIZE = 10_000;
/** Expired entries leave the local revocation set at least this often. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface TokenClaims {
  userId: string;
  role: AccountRole;
  providerId: string | null;
}

export interface AuthContext extends TokenClaims {
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /**
   * performance.now() when this check began: what the instance knew from the push channel was
   * complete up to then (docs/decisions/056), e.g. for the booking's taken-slot hint.
   */
  since: number;
}

/**
 * The revocation lookup, asked only while the local set is not live (docs/decisions/056): a named
 * prepared statement, so PostgreSQL parses and plans it once per pooled connection. A row
 * means refused: the token was logged out, or it predates the account's latest password reset
 * (its `gen` claim is below the account's session generation).
 */
function revokedLookup(db: Db) {
  return db
    .select({ hit: sql<number>`1` })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, sql.placeholder('jti')))
    .unionAll(
      db
        .select({ hit: sql<number>`1` })
        .from(sessionGenerations)
        .where(
          and(
            eq(sessionGenerations.userId, sql.placeholder('userId')),
            gt(sessionGenerations.generation, sql.placeholder('gen')),
          ),
        ),
    )
    .limit(1)
    .prepare('slotwise_session_revoked_lookup');
}

function generationLookup(db: Db) {
  return db
    .select({ generation: sessionGenerations.generation })
    .from(sessionGenerations)
    .where(eq(sessionGenerations.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('slotwise_session_generation_lookup');
}

export class TokenService {
  private readonly isRevoked: ReturnType<typeof revokedLookup>;
  private readonly generationOf: ReturnType<typeof generationLookup>;
  /**
   * HS256 with the secret, both ways synchronous (node:crypto's HMAC): WebCrypto's HMAC behind a
   * promise, as jose runs it, cost more than the rest of a request's authentication in a rush of
   * new tokens (docs/decisions/062). Signing adds `iat`; verifying checks the algorithm, the
   * signature, the issuer and the expiry.
   */
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly check: (token: string) => Record<string, unknown>;
  /** Revoked token ids and session generations, pushed by the database (docs/decisions/056). */
  readonly revocations: Revocations;
  private sweeper: NodeJS.Timeout | null = null;
  /** Set by the push plugin: proves the local set has heard all committed before a request. */
  barrier: PushBarrier | null = null;

  constructor(
    private readonly db: Db,
    secret: Uint8Array,
  ) {
    this.revocations = new Revocations(db, TOKEN_TTL_SECONDS * 1000);
    this.isRevoked = revokedLookup(db);
    this.generationOf = generationLookup(db);
    const key = Buffer.from(secret);
    this.sign = createSigner({ key, algorithm: 'HS256' });
    this.check = createVerifier({
      key,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      // allowedIss alone lets a token without any issuer through.
      requiredClaims: ['iss', 'exp', 'jti'],
    });
  }

  /**
   * What this service hears on the push channel (push/push-plugin.ts listens;
   * docs/decisions/056). Until the set is loaded, and whenever the listener is down, every check
   * asks the database, so a revoked token is never accepted meanwhile.
   */
  readonly push: ChannelHandlers = {
    message: (payload) => this.revocations.message(payload),
    up: () => this.revocations.up(),
    down: () => this.revocations.down(),
  };

  /** Expired entries leave the local set on a timer (checks ignore them meanwhile). */
  startSweeping(): void {
    this.sweeper ??= setInterval(() => this.revocations.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  async issue(claims: TokenClaims): Promise<{ token: string; jti: string; exp: number }> {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS;
    const [current] = await this.generationOf.execute({ userId: claims.userId });
    const token = this.sign({
      ...claims,
      gen: current?.generation ?? 0,
      iss: ISSUER,
      sub: claims.userId,
      jti,
      exp,
    });
    return { token, jti, exp };
  }

  /**
   * Tokens whose signature and claims were already checked, by their exact text, with the claims
   * read from them (a client sends the same token on every request: its HMAC is computed once). Only the expiry changes
   * with time and is checked again on every hit; revocation is asked of the local set when it is
   * live, of the database otherwise.
   */
  private readonly verified = new Map<
    string,
    Omit<AuthContext, 'since'> & { generation: number }
  >();

  /** Signature, expiry and revocation; any failure is the same 401 to the caller. */
  async verify(token: string): Promise<AuthContext> {
    const since = performance.now();
    const known = this.verified.get(token);
    // Synchronous: parallel requests with a new token cannot interleave here, so the first one
    // checks it and the others find it known.
    const auth = known ?? this.checkSignature(token);
    if (auth.exp * 1000 <= Date.now()) {
      this.verified.delete(token);
      throw new UnauthenticatedError('Your session has expired, please sign in again');
    }
    if (!known && !this.verified.has(token)) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        // Oldest first (a Map keeps insertion order).
        this.verified.delete(this.verified.keys().next().value!);
      }
      this.verified.set(token, auth);
    }
    // The local set answers only when it is live AND has heard every revocation committed
    // before this request (a logout through another instance a moment ago); else the database.
    const live =
      this.revocations.live &&
      this.barrier !== null &&
      (await this.barrier.caughtUp(since)) &&
      this.revocations.live;
    const revoked =
      this.revocations.refuses(auth.jti, auth.userId, auth.generation) ||
      (!live &&
        (
          await this.isRevoked.execute({
            jti: auth.jti,
            userId: auth.userId,
            gen: auth.generation,
          })
        ).length > 0);
    if (revoked) throw new UnauthenticatedError('This session has ended, please sign in again');
    return {
      userId: auth.userId,
      role: auth.role,
      providerId: auth.providerId,
      jti: auth.jti,
      exp: auth.exp,
      since,
    };
  }

  private checkSignature(token: string): Omit<AuthContext, 'since'> & { generation: number } {
    let payload: Record<string, unknown>;
    try {
      payload = this.check(token);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) {
        throw new UnauthenticatedError('Your session has expired, please sign in again');
      }
      throw new UnauthenticatedError('Invalid authentication token');
    }
    const { userId, role, providerId, jti, exp, gen } = payload;
    if (
      typeof userId !== 'string' ||
      !isAccountRole(role) ||
      typeof jti !== 'string' ||
      typeof exp !== 'number'
    ) {
      throw new UnauthenticatedError('Invalid authentication token');
    }
    const generation = typeof gen === 'number' && Number.isInteger(gen) ? gen : 0;
    return {
      userId,
      role,
      providerId: typeof providerId === 'string' ? providerId : null,
      jti,
      exp,
      generation,
    };
  }

  /**
   * Logout. This instance's set refuses the token at once; the row's trigger tells the others
   * (their barrier makes sure they heard it before they answer a later request).
   */
  async revoke(auth: Pick<AuthContext, 'jti' | 'userId' | 'exp'>): Promise<void> {
    await this.db
      .insert(revokedTokens)
      .values({ jti: auth.jti, userId: auth.userId, expiresAt: new Date(auth.exp * 1000) })
      .onConflictDoNothing();
    this.revocations.addToken(auth.jti, auth.exp * 1000);
    // Housekeeping: a revoked token that has expired anyway needs no row.
    await this.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
  }
}

/**
 * `app.tokens`: bearer tokens signed and verified with the signing secret, refused once revoked
 * (docs/decisions/010, 056; the revocation set is kept current by the push plugin). Its sweeper
 * stops before the database closes.
 */
export const tokensPlugin = fp(
  async (app) => {
    const tokens = new TokenService(app.database.db, await resolveJwtSecret(app.config));
    app.decorate('tokens', tokens);
    app.decorateRequest('auth', null);
    tokens.startSweeping();
    app.addHook('preClose', async () => tokens.stopSweeping());
  },
  { name: 'tokens', dependencies: ['database'] },
);
