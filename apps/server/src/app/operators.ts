import fp from 'fastify-plugin';
import { syncOperatorRoles } from '../modules/accounts/operators';

/** How soon a boot-time sync that failed (the database unreachable) is tried again. */
const RETRY_MS = 60_000;

/**
 * Applies ADMIN_EMAILS to every account at boot (docs/decisions/072-operating-the-marketplace.md):
 * listed verified accounts are operators, others lose the role and their sessions. An
 * unreachable database does not stop the boot (health answers 503 meanwhile): the sync is
 * tried again every minute until it succeeds; sign-in applies the list to its account anyway.
 */
export const operatorsPlugin = fp(
  async (app) => {
    let retry: NodeJS.Timeout | undefined;
    const sync = async () => {
      try {
        const ended = await syncOperatorRoles(app.database.db, app.config.adminEmails);
        for (const sessions of ended) {
          app.tokens.revocations.addGeneration(
            sessions.userId,
            sessions.generation,
            sessions.updatedAtMs,
          );
        }
        if (ended.length > 0) {
          app.log.info({ count: ended.length }, 'operators removed from ADMIN_EMAILS');
        }
      } catch (error) {
        app.log.warn({ err: error }, 'operator roles not applied yet; trying again in a minute');
        retry = setTimeout(() => void sync(), RETRY_MS);
        retry.unref();
      }
    };
    await sync();
    app.addHook('onClose', async () => clearTimeout(retry));
  },
  { name: 'operators', dependencies: ['database', 'demo-data', 'tokens'] },
);
