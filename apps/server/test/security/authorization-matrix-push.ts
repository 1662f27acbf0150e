import { randomUUID } from 'node:crypto';
import { pushSubscriptions } from '../../src/db/schema';
import { browserKeys } from '../helpers/push-endpoint';
import type { MatrixRow } from './authorization-matrix';
import { everyone, signedIn } from './expected';
import { matrixRow } from './matrix-row';

/**
 * Web push rows of the authorization table (docs/product.md §20.2): the public key is public;
 * any signed-in account subscribes, lists and removes its own devices only (another account's
 * endpoint is "not subscribed", web-push.test.ts). The table's app allows private addresses:
 * the endpoints are a closed loopback port. Spread into HTTP_MATRIX.
 */

const endpointUrl = () => `http://127.0.0.1:9/push/${randomUUID()}`;

export const PUSH_ROWS: MatrixRow[] = [
  matrixRow('GET', '/api/push/public-key', everyone(200)),
  matrixRow('POST', '/api/push/subscriptions', signedIn(201), {
    body: () => ({ endpoint: endpointUrl(), keys: browserKeys().keys }),
  }),
  matrixRow('GET', '/api/push/subscriptions', signedIn(200)),
  matrixRow('DELETE', '/api/push/subscriptions', signedIn(200), {
    // The caller's own device (written straight in); anonymous callers name one of nobody.
    body: async (w, caller) => {
      const endpoint = endpointUrl();
      if (caller) {
        const { keys } = browserKeys();
        await w.app.database.db
          .insert(pushSubscriptions)
          .values({ userId: caller.id, endpoint, p256dh: keys.p256dh, auth: keys.auth });
      }
      return { endpoint };
    },
  }),
];
