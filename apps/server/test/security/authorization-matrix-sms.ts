import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { phoneConfirmations, users } from '../../src/db/schema';
import type { TestUser } from '../helpers/factories';
import type { MatrixRow } from './authorization-matrix';
import { everyone, signedIn } from './expected';
import { matrixRow } from './matrix-row';
import type { World } from './world';

/**
 * SMS rows of the authorization table (docs/product.md §20.3): any signed-in account sets,
 * confirms and removes its own phone number; Twilio's inbound webhook has no session — its
 * signature is the credential, and the matrix's app has no TWILIO_AUTH_TOKEN, so it refuses every
 * delivery. Spread into HTTP_MATRIX.
 */

const KNOWN_CODE = '424242';
let numberSeq = 0;
/** A fresh valid mobile number per case (555-01xx: reserved for fiction). */
const freshNumber = () => `+1415555${String(100 + (numberSeq++ % 100)).padStart(4, '0')}`;

/** A code being confirmed for the caller, whose value the case knows (only its hash is stored). */
async function pendingCode(w: World, caller: TestUser | null) {
  if (caller) {
    const phone = freshNumber();
    const pending = {
      phone,
      codeHash: createHash('sha256').update(KNOWN_CODE).digest('hex'),
      expiresAt: new Date(Date.now() + 10 * 60_000),
      attempts: 0,
    };
    const db = w.app.database.db;
    await db.update(users).set({ phone, phoneConfirmedAt: null }).where(eq(users.id, caller.id));
    await db
      .insert(phoneConfirmations)
      .values({ userId: caller.id, ...pending })
      .onConflictDoUpdate({ target: phoneConfirmations.userId, set: pending });
  }
  return { code: KNOWN_CODE };
}

export const SMS_ROWS: MatrixRow[] = [
  matrixRow('PATCH', '/api/profile/phone', signedIn(200), {
    body: () => ({ phone: freshNumber() }),
  }),
  matrixRow('POST', '/api/profile/phone/confirm', signedIn(200), { body: pendingCode }),
  matrixRow('DELETE', '/api/profile/phone', signedIn(200)),
  matrixRow('POST', '/api/sms/inbound', everyone(403), {
    body: () => ({ From: '+14155550100', Body: 'STOP' }),
  }),
];
