import { randomBytes } from 'node:crypto';
import { FORMER_NAMES, PERSONAL_DATA_MESSAGES } from '@slotwise/shared/personal-data-schemas';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  appointments,
  availabilityRules,
  availabilitySettings,
  businessInvitations,
  businessStaff,
  businesses,
  calendarConnections,
  calendarFeeds,
  emailVerificationTokens,
  images,
  jobs,
  ledgerEntries,
  loginFailures,
  mailCooldowns,
  notificationPreferences,
  notifications,
  passwordResetTokens,
  paymentAccounts,
  payments,
  providers,
  timeOff,
  timeslots,
  users,
  waitlistEntries,
} from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { APPOINTMENT_MAIL_JOB } from '../../jobs/job-payloads';
import { type EndedSessions, endAllSessions } from '../accounts/sessions';
import { verifyPassword } from '../accounts/passwords';
import { cancelOnErasure, type Canceler } from '../appointments/cancel';
import type { AppointmentChange } from '../appointments/change';
import { AppointmentChanges } from '../appointments/change-fanout';
import { inTransaction } from '../appointments/transaction';
import { releaseHoldOf } from '../payments/checkout';
import { PAYMENT_RECEIPT_JOB, type PaymentSettings, settlePayment } from '../payments/settlement';
import { personOf } from './export';
import { jobAddressedTo, type Person } from './person-links';

/** Never a valid argon2 hash: no password verifies against it. */
const UNUSABLE_PASSWORD = '!erased';

export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * The cancels of an erasure go through the ordinary fan-out (the other party's notification,
 * mails, waitlist), with two differences: the payment is settled as a provider's cancel (no
 * fee, everything paid refunded) before the payments consumer sees it, and the after-commit
 * effects (sockets, metrics) wait until the whole erasure committed.
 */
class ErasureChanges extends AppointmentChanges {
  readonly committed: AppointmentChange[] = [];

  constructor(
    private readonly real: AppointmentChanges,
    private readonly settings: PaymentSettings,
  ) {
    super();
  }

  override async inTransaction(
    tx: DbOrTx,
    change: AppointmentChange,
    except: readonly string[] = [],
  ) {
    const { appointmentId, startsAt } = change.notice;
    await settlePayment(tx, this.settings, appointmentId, 'provider_canceled', startsAt);
    await this.real.inTransaction(tx, change, except);
  }

  override async slotsFreedInTransaction(tx: DbOrTx, change: AppointmentChange) {
    await this.real.slotsFreedInTransaction(tx, change);
  }

  override afterCommit(change: AppointmentChange): Promise<void> {
    this.committed.push(change);
    return Promise.resolve();
  }
}

export interface ErasureRuntime {
  db: Db;
  changes: AppointmentChanges;
  payments: PaymentSettings;
}

export interface Erased {
  sessions: EndedSessions;
}

/** How texts name a person: in full (notices, mails), and short (reviews: 'Ana L.'). */
function namesOf(first: string, last: string) {
  const trimmed = last.trim();
  const full = trimmed && trimmed !== '-' ? `${first} ${trimmed}` : first;
  const short =
    trimmed && trimmed !== '-' ? `${first} ${trimmed.slice(0, 1).toUpperCase()}.` : first;
  return { full, names: [...new Set([full, short])] };
}

/**
 * DELETE /api/account (docs/product.md §19.5, docs/decisions/072): checks the password, then in
 * one transaction cancels what is still to come, anonymises the account, deletes what is only
 * the person's and ends every session. Other people's records (appointments, reviews,
 * conversations, payments) stay, naming the person by the former name.
 */
export async function eraseAccount(
  rt: ErasureRuntime,
  userId: string,
  password: string,
): Promise<Erased> {
  const [account] = await rt.db
    .select({
      passwordHash: users.passwordHash,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account || !(await verifyPassword(account.passwordHash, password))) {
    throw new ValidationError(PERSONAL_DATA_MESSAGES.passwordIncorrect, {
      password: PERSONAL_DATA_MESSAGES.passwordIncorrect,
    });
  }
  const changes = new ErasureChanges(rt.changes, rt.payments);
  const result = await inTransaction(rt.db, async (tx) => {
    // A retried attempt (deadlock) starts over: nothing of the rolled-back one is told.
    changes.committed.length = 0;
    const [locked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!locked) throw new ValidationError(PERSONAL_DATA_MESSAGES.passwordIncorrect);
    const person = await personOf(tx, userId);
    const oldName = namesOf(account.firstName, account.lastName);
    const formerName = account.role === 'provider' ? FORMER_NAMES.provider : FORMER_NAMES.client;
    if (person.providerId) await leaveBusiness(tx, person.providerId);
    // The name first, so that every notice the cancels write names the former name.
    await tx
      .update(users)
      .set({
        firstName: formerName,
        lastName: '',
        email: erasedEmail(userId),
        passwordHash: UNUSABLE_PASSWORD,
        profileImageId: null,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await cancelWhatIsToCome(tx, changes, person);
    await rewordOthersRecords(tx, person, oldName, formerName);
    await deleteOwnRows(tx, person);
    if (person.providerId) await closeListing(tx, person.providerId);
    if (account.role === 'client') await paymentsWithoutClient(tx, userId);
    return { sessions: await endAllSessions(tx, userId) };
  });
  for (const change of changes.committed) await rt.changes.afterCommit(change);
  return result;
}

/**
 * Business ownership (docs/decisions/072): a staff member leaves; an owner alone takes the
 * business with them; an owner with other staff is refused until they are removed.
 */
async function leaveBusiness(tx: DbOrTx, providerId: string): Promise<void> {
  const [owned] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.ownerProviderId, providerId))
    .limit(1);
  if (owned) {
    const [other] = await tx
      .select({ providerId: businessStaff.providerId })
      .from(businessStaff)
      .where(and(eq(businessStaff.businessId, owned.id), ne(businessStaff.providerId, providerId)))
      .limit(1);
    if (other) throw new ConflictError('INVALID_STATE', PERSONAL_DATA_MESSAGES.businessHasStaff);
    await tx.delete(businesses).where(eq(businesses.id, owned.id));
  }
  await tx.delete(businessStaff).where(eq(businessStaff.providerId, providerId));
}

/** Appointments still to come: booked ones cancelled as any cancel, unpaid holds released. */
async function cancelWhatIsToCome(tx: DbOrTx, changes: ErasureChanges, person: Person) {
  const canceler: Canceler = person.providerId
    ? { role: 'provider', userId: person.userId, providerId: person.providerId }
    : { role: 'client', userId: person.userId };
  const own = person.providerId
    ? eq(appointments.providerId, person.providerId)
    : eq(appointments.clientId, person.userId);
  const coming = await tx
    .select({ id: appointments.id, status: appointments.status })
    .from(appointments)
    .where(
      and(
        own,
        inArray(appointments.status, ['booked', 'pending_payment']),
        gt(appointments.endsAt, sql`now()`),
      ),
    )
    .orderBy(appointments.startsAt, appointments.id);
  for (const { id, status } of coming) {
    if (status === 'booked') {
      await cancelOnErasure(tx, canceler, id, changes);
    } else {
      const released = await releaseHoldOf(tx, changes, id);
      if (released) changes.committed.push(released);
    }
  }
}

/**
 * Other people's notifications and queued mails named the person: they keep them, under the
 * former name (found through the people the person had appointments or waited with).
 */
async function rewordOthersRecords(
  tx: DbOrTx,
  person: Person,
  oldName: { full: string; names: string[] },
  former: string,
) {
  const counterparts = person.providerId
    ? sql`select "client_id" from "appointments" where "provider_id" = ${person.providerId}
        union select "client_id" from "waitlist_entries" where "provider_id" = ${person.providerId}`
    : sql`select p."user_id" from "appointments" a join "providers" p on p."id" = a."provider_id"
        where a."client_id" = ${person.userId}`;
  // The full name first, then the short one reviews use ('Ana L.').
  for (const name of oldName.names) {
    await tx
      .update(notifications)
      .set({
        title: sql`replace(${notifications.title}, ${name}, ${former})`,
        message: sql`replace(${notifications.message}, ${name}, ${former})`,
      })
      .where(
        and(
          sql`${notifications.userId} in (${counterparts})`,
          sql`(strpos(${notifications.title}, ${name}) > 0 or strpos(${notifications.message}, ${name}) > 0)`,
        ),
      );
  }
  const field = person.providerId ? 'providerName' : 'clientName';
  await tx
    .update(jobs)
    .set({
      payload: sql`jsonb_set(${jobs.payload}, ${`{${field}}`}::text[], to_jsonb(${former}::text))`,
    })
    .where(
      and(eq(jobs.kind, APPOINTMENT_MAIL_JOB), sql`${jobs.payload}->>${field} = ${oldName.full}`),
    );
}

/** What is only the person's (docs/product.md §19.5). */
async function deleteOwnRows(tx: DbOrTx, person: Person) {
  const { userId, email } = person;
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  // A fresh secret no one knows: every feed address given out stops working (with no row the
  // first address would work again).
  const nonce = randomBytes(16).toString('base64url');
  const secretHash = randomBytes(32).toString('hex');
  await tx
    .insert(calendarFeeds)
    .values({ userId, nonce, secretHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce, secretHash } });
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.clientId, userId));
  await tx.delete(images).where(eq(images.ownerId, userId));
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(loginFailures).where(eq(loginFailures.email, email));
  await tx.delete(mailCooldowns).where(eq(mailCooldowns.email, email));
  await tx.delete(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  await tx.delete(businessInvitations).where(eq(businessInvitations.email, email));
  await tx.delete(jobs).where(jobAddressedTo(person));
  // Receipts of a client's payments would go to an address that no longer exists.
  await tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, PAYMENT_RECEIPT_JOB),
        sql`${jobs.payload}->>'paymentId' in (select "id"::text from "payments" where "client_id" = ${userId})`,
      ),
    );
}

/**
 * A provider is unlisted for good (the 0022 trigger reads deleted_at), their free future slots
 * and what would generate more are deleted, their calendars go, and what described them is
 * cleared; clients waiting for them are removed from the waitlist.
 */
async function closeListing(tx: DbOrTx, providerId: string) {
  await tx
    .update(providers)
    .set({
      bio: '',
      address: null,
      placeId: null,
      placeName: null,
      placeRegion: null,
      placeCountry: null,
      lat: null,
      lng: null,
      searchText: '',
      updatedAt: sql`now()`,
    })
    .where(eq(providers.id, providerId));
  await tx
    .delete(timeslots)
    .where(
      and(
        eq(timeslots.providerId, providerId),
        eq(timeslots.seatsTaken, 0),
        gt(timeslots.startsAt, sql`now()`),
        sql`not exists (select 1 from "appointments" a where a."timeslot_id" = ${timeslots.id} and a."status" in ('booked', 'pending_payment'))`,
      ),
    );
  await tx.delete(availabilityRules).where(eq(availabilityRules.providerId, providerId));
  await tx.delete(availabilitySettings).where(eq(availabilitySettings.providerId, providerId));
  await tx.delete(timeOff).where(eq(timeOff.providerId, providerId));
  await tx.delete(calendarConnections).where(eq(calendarConnections.providerId, providerId));
  await tx
    .update(waitlistEntries)
    .set({ status: 'removed', updatedAt: sql`now()` })
    .where(and(eq(waitlistEntries.providerId, providerId), eq(waitlistEntries.status, 'waiting')));
}

/** Payments and ledger rows stay without the client (the ledger trigger allows exactly that). */
async function paymentsWithoutClient(tx: DbOrTx, userId: string) {
  await tx.update(payments).set({ clientId: null }).where(eq(payments.clientId, userId));
  await tx.update(ledgerEntries).set({ clientId: null }).where(eq(ledgerEntries.clientId, userId));
}
