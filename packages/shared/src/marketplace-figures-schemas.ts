import { isIsoDate } from './dates';
import { z } from './zod';
import { msg } from './locales';

/**
 * The operator's marketplace figures (docs/product.md §19.2,
 * docs/decisions/072-operating-the-marketplace.md): per UTC day on which bookings were made,
 * read from pre-aggregated day rows, never a scan of the appointments.
 */

/** The longest range one request may ask for, in days. */
export const FIGURES_MAX_DAYS = 366;
/** Without `from`/`to`: the last 30 days, today included. */
export const FIGURES_DEFAULT_DAYS = 30;

export const FIGURES_MESSAGES = {
  invalidDate: msg('Dates must be YYYY-MM-DD'),
  rangeOrder: msg('`from` must not be after `to`'),
  rangeTooLong: msg('Ask for at most 366 days'),
} as const;

// A real calendar day: Date.parse takes 2026-02-30 for March 2, which the database refuses.
const dayField = z.string().refine(isIsoDate, FIGURES_MESSAGES.invalidDate);

/** GET /api/admin/figures?from=&to= (UTC days, both included). */
export const figuresQuerySchema = z.object({
  from: dayField.optional(),
  to: dayField.optional(),
});
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

/** A money total in one currency ('' : bookings without a price). */
export const grossSchema = z.object({ currency: z.string(), cents: z.number() });

const counts = {
  /** Bookings made that day that were confirmed (paid when payment was due), cancelled or not. */
  bookings: z.number(),
  /** Of those, cancelled since. */
  canceled: z.number(),
  /** Of those, marked no-show since. */
  no_shows: z.number(),
  /** Providers who signed up that day. */
  new_providers: z.number(),
  /** The price of those bookings that were not cancelled, per currency. */
  gross: z.array(grossSchema),
};

export const figuresDaySchema = z.object({ day: z.string(), ...counts });
export type FiguresDay = z.infer<typeof figuresDaySchema>;

export const figuresResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, zeros included (a chart needs no gaps). */
  days: z.array(figuresDaySchema),
  totals: z.object({
    ...counts,
    /** canceled / bookings, 0–1 (0 without bookings). */
    cancel_rate: z.number(),
    /** no_shows / bookings, 0–1. */
    no_show_rate: z.number(),
  }),
  open_reports: z.number(),
  /** When the oldest open report was filed; null: none open. */
  oldest_open_report_at: z.string().nullable(),
});
export type FiguresResponse = z.infer<typeof figuresResponseSchema>;
