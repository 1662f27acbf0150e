import fp from 'fastify-plugin';
import { syncOperatorRoles } from '../modules/accounts/operators';

/**
 * Applies ADMIN_EMAILS to every account at boot (docs/decisions/072-operating-the-marketplace.md):
 * listed verified accounts are operators, others lose the role and their sessions.
 */
export const operatorsPlugin = fp(
  async (app) => {
    const ended = await syncOperatorRoles(app.database.db, app.config.adminEmails);
    for (const sessions of ended) {
      app.tokens.revocations.addGeneration(
        sessions.userId,
        sessions.generation,
        sessions.updatedAtMs,
      );
    }
    if (ended.length > 0) app.log.info({ count: ended.length }, 'operators removed from ADMIN_EMAILS');
  },
  { name: 'operators', dependencies: ['database', 'demo-data', 'tokens'] },
);
