import fp from 'fastify-plugin';
import { createCaldavSource } from '../modules/calendar-sync/caldav-source';
import { registerCalendarSyncJobs } from '../modules/calendar-sync/calendar-sync-jobs';
import {
  caldavPushConsumer,
  registerCaldavPushJobs,
} from '../modules/calendar-sync/caldav-push-jobs';
import { createIcsSource } from '../modules/calendar-sync/ics-source';
import { mendSyncChains, type SyncRuntime } from '../modules/calendar-sync/sync';
import { createSecretBox } from '../lib/secret-box';
import { resolveJwtSecret } from '../plugins/signing-secret';
import { withDemoCalendar } from '../demo/demo-calendar';

/**
 * Calendar sync (docs/decisions/071-calendar-sync.md): the sources by kind, the sealing of
 * passwords, the sync jobs, the bookings written to CalDAV calendars (caldav-push-jobs.ts), and
 * at start a sync queued for every connection that lacks one.
 */
export const calendarSyncPlugin = fp(
  async (app) => {
    const allowPrivateUrls = app.config.allowPrivateUrls;
    const ics = createIcsSource({ allowPrivateUrls });
    const runtime: SyncRuntime & { allowPrivateUrls: boolean } = {
      db: app.database.db,
      box: createSecretBox(await resolveJwtSecret(app.config), 'slotwise calendar secrets'),
      sources: {
        // A demo server reads its own demo feed in-process, not over loopback (decision 071).
        ics: app.config.demoData ? withDemoCalendar(ics, app.config.publicUrl) : ics,
        caldav: createCaldavSource({ allowPrivateUrls, db: app.database.db }),
      },
      allowPrivateUrls,
    };
    app.decorate('calendarSync', runtime);
    registerCalendarSyncJobs(app, runtime);
    // Bookings written to CalDAV calendars: queued with each change, pushed by a job.
    app.appointmentChanges.register(caldavPushConsumer);
    registerCaldavPushJobs(app, runtime);
    // Best effort: a database down at start must not stop the server (its readiness says so);
    // the next start mends the chains then.
    app.addHook('onReady', async () => {
      await mendSyncChains(app.database.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'calendar sync chains not mended at start'),
      );
    });
  },
  { name: 'calendar-sync', dependencies: ['jobs', 'appointment-changes'] },
);
