import fp from 'fastify-plugin';
import { createSchedule, type Schedule } from '../modules/availability/daily-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily weekly-hours run (docs/decisions/040-weekly-hours-and-time-off.md). */
    schedule: Schedule;
  }
}

export interface SchedulePluginOptions {
  /** Start the hourly timer once the app is ready (tests drive the schedule themselves). */
  timer: boolean;
}

/** `app.schedule`: the daily run (weekly hours, job purge), stopped before the database closes. */
export const schedulePlugin = fp<SchedulePluginOptions>(
  async (app, options) => {
    const schedule = createSchedule(app.database.db, app.log, {
      doneDays: app.config.jobsKeepDoneDays,
      failedDays: app.config.jobsKeepFailedDays,
    });
    app.decorate('schedule', schedule);
    if (options.timer) app.addHook('onReady', async () => schedule.start());
    // Before the database closes: stop the timer and let a run in progress finish.
    app.addHook('preClose', async () => schedule.stop());
  },
  { name: 'schedule', dependencies: ['database'] },
);
