/** GET /stats/ (docs/product.md §3 Provider stats). Definitions: README "Provider statistics". */
export interface ProviderStats {
  todayCount: number;
  todayChange: number;
  avgDuration: number;
  durationChange: number;
  completionRate: number;
  completionChange: number;
  bookedThisWeek: number;
  canceledThisWeek: number;
  rescheduledThisWeek: number;
}

export interface DailyActivity {
  day: string;
  bookings: number;
  cancellations: number;
}

export interface DayLoad {
  day: string;
  publishedMinutes: number;
  bookedMinutes: number;
}

export interface ProviderAnalytics {
  timezone: string;
  /** Bookings and cancellations made on each of the last 30 days (by when they happened). */
  last30Days: DailyActivity[];
  /** Booked minutes / published minutes over the last 30 days (0–100). */
  utilisation: number;
  publishedMinutes: number;
  bookedMinutes: number;
  /** Non-canceled appointments by weekday of their start (0 = Monday … 6 = Sunday). */
  byWeekday: { weekday: number; appointments: number }[];
  /** Non-canceled appointments by hour of their start (0–23). */
  byHour: { hour: number; appointments: number }[];
  /** Today and the 6 days after it. */
  next7Days: DayLoad[];
}

/**
 * Trust figures added to both GET /stats/ and GET /stats/analytics (README "Provider
 * statistics"): the provider's review mean and count, and their no-show rate.
 */
export interface ProviderTrustFigures {
  /** Mean review rating, one decimal; null without reviews. */
  rating: number | null;
  reviewCount: number;
  /** % of the appointments dated in the last 30 days that have started and were not canceled, marked no-show (0 when none). */
  noShowRate: number;
}
