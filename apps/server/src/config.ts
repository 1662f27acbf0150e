import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const urlWithProtocol = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5001),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** `pgbouncer`: DATABASE_URL is PgBouncer in transaction mode (docs/decisions/077). */
  DATABASE_POOLER: z.enum(['none', 'pgbouncer']).default('none'),
  /** PostgreSQL itself, for LISTEN and the migrations' lock, when DATABASE_URL is a pooler. */
  DATABASE_DIRECT_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  /** A streaming replica for public reads (docs/decisions/077-read-replica-and-pgbouncer.md). */
  DATABASE_READ_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Slotwise <no-reply@localhost>'),
  PUBLIC_URL: urlWithProtocol(['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_DATA: onOff.optional(),
  RATE_LIMIT: onOff.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  JOBS_KEEP_DONE_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  JOBS_KEEP_FAILED_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(10),
  WAITLIST_HOLD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(15),
  ALLOW_PRIVATE_URLS: z.enum(['0', '1', 'true', 'false']).optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(5),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where the Stripe API is (tests point it at a local fake): `http://127.0.0.1:12111`. */
  STRIPE_API_URL: urlWithProtocol(['http:', 'https:']).optional(),
  ADMIN_EMAILS: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z.string().min(6).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(8).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
  TWILIO_FROM: z.string().min(3).optional(),
  /** Where the Twilio API is (tests point it at a local fake). */
  TWILIO_API_URL: urlWithProtocol(['http:', 'https:']).optional(),
  SMS_DAILY_CAP: z.coerce.number().int().min(1).max(1000).default(10),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** What DATABASE_URL reaches: PostgreSQL (`none`) or PgBouncer in transaction mode. */
  databasePooler: 'none' | 'pgbouncer';
  /** PostgreSQL itself (LISTEN, migrations' lock); unset: DATABASE_URL. */
  databaseDirectUrl: string | undefined;
  /** A streaming replica serving public reads; unset: everything reads the primary. */
  databaseReadUrl: string | undefined;
  /** A replica further behind than this is skipped (reads go to the primary). */
  readMaxLagMs: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** Unset means: generate one into DATA_DIR (refused in production). */
  jwtSecret: string | undefined;
  demoData: boolean;
  rateLimit: boolean;
  logLevel: string;
  corsOrigins: string[];
  /** How long a first page of public search is reused (0: never; docs/decisions/048). */
  searchCacheMs: number;
  /** Built SPA to serve; undefined means: do not serve the SPA (API-only test apps). */
  webDistDir: string | undefined;
  /** Fastify trustProxy: unset = direct connections; 'true', a hop count or CIDR list behind a proxy. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Overload protection: answer 503 while the event loop lags more than this; 0 = off. */
  maxEventLoopDelayMs: number;
  /** How often this instance's job worker looks for due jobs; 0 = no worker here. */
  jobsPollIntervalMs: number;
  /** How long a claimed job stays reserved; a crashed worker's job is retried after it. */
  jobsLeaseSeconds: number;
  /** The daily run deletes done/canceled jobs this many days after they finished… */
  jobsKeepDoneDays: number;
  /** …and failed ones after this many (kept longer for a look at the error). */
  jobsKeepFailedDays: number;
  /** Payments (docs/decisions/068-payments.md): how long a slot waits for its payment. */
  paymentHoldMinutes: number;
  /** The waitlist (docs/decisions/069-waitlist.md): how long an offered slot is held. */
  waitlistHoldMinutes: number;
  /** Outbound requests may reach loopback and private addresses (tests, private deployments). */
  allowPrivateUrls: boolean;
  /** Slotwise's share of each payment, in percent (Stripe's application fee). */
  platformFeePercent: number;
  /** Set: payments go through Stripe; unset: the embedded test provider. */
  stripe: {
    secretKey: string;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
  } | null;
  /**
   * Operators (docs/decisions/072-operating-the-marketplace.md): verified accounts with these
   * addresses (lower-cased) get the role `admin`; with demo data, the demo operator's too.
   */
  adminEmails: ReadonlySet<string>;
  /**
   * Web push (docs/decisions/073-phones.md): VAPID keys when set, else generated into DATA_DIR
   * (like the JWT secret); the subject defaults to PUBLIC_URL.
   */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /** SMS through Twilio when its account, token and sender are set; else DATA_DIR/outbox-sms/. */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
  /** The STOP webhook's signing key (Twilio's auth token); unset: the webhook refuses everything. */
  smsWebhookToken: string | undefined;
  /** Texts one number may receive per day. */
  smsDailyCap: number;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // A hop count: trust that many proxies in front of us.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The demo operator (seeded with demo data, and an operator only while demo data is on). */
export const DEMO_ADMIN_EMAIL = 'demo.admin@slotwise.test';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once at boot; a bad value fails with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  for (const name of ['DATABASE_DIRECT_URL', 'DATABASE_READ_URL'] as const) {
    if (e[name] && !e.DATABASE_URL) {
      throw new ConfigError(`Invalid ${name}=${JSON.stringify(e[name])}: needs DATABASE_URL`);
    }
  }
  if (e.DATABASE_POOLER === 'pgbouncer' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid DATABASE_POOLER="pgbouncer": needs DATABASE_URL');
  }
  // Demo data makes the embedded default feel alive; a real database starts empty.
  const demoData = e.DEMO_DATA ?? !e.DATABASE_URL;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid JWT_SECRET="": required when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePooler: e.DATABASE_POOLER,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    readMaxLagMs: e.READ_MAX_LAG_MS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    demoData,
    rateLimit: e.RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    // Embedded PGlite runs every query on the event loop, so lag there measures database work,
    // not overload: shedding would refuse legitimate requests. On by default with PostgreSQL.
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (e.DATABASE_URL ? 1_000 : 0),
    jobsPollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
    jobsLeaseSeconds: e.JOBS_LEASE_SECONDS,
    jobsKeepDoneDays: e.JOBS_KEEP_DONE_DAYS,
    jobsKeepFailedDays: e.JOBS_KEEP_FAILED_DAYS,
    // Tests see every write at once; a running app reuses hot first pages for a few seconds.
    searchCacheMs: e.SEARCH_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 3_000),
    paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES,
    waitlistHoldMinutes: e.WAITLIST_HOLD_MINUTES,
    allowPrivateUrls: e.ALLOW_PRIVATE_URLS === '1' || e.ALLOW_PRIVATE_URLS === 'true',
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
        }
      : null,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: (e.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
          }
        : null,
    smsWebhookToken: e.TWILIO_AUTH_TOKEN,
    smsDailyCap: e.SMS_DAILY_CAP,
    adminEmails: new Set(
      [...(e.ADMIN_EMAILS ?? '').split(','), ...(demoData ? [DEMO_ADMIN_EMAIL] : [])]
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  };
}
