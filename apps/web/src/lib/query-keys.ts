/**
 * TanStack Query keys shared between features, mutations and socket events (docs/architecture.md §6: socket
 * events invalidate the same keys the mutations do). Invalidating a prefix reaches every key
 * under it: `['appointments']` refreshes the provider's and the client's lists.
 *
 * Convention: the data cached under a key is the endpoint's response body as the server sends
 * it (e.g. `{appointments}`); hooks pick what they need with `select`, so two features reading
 * the same key always agree on its shape.
 */
export const queryKeys = {
  /** Everything about notifications (the bell's unread list and the paginated pages). */
  notifications: ['notifications'] as const,
  /** GET /notifications/unread → `{unreadNotifications, unreadCount}`. */
  unreadNotifications: ['notifications', 'unread'] as const,
  /** GET /notifications?page&pageSize → `{notifications, page, pageSize, total}`. */
  notificationPage: (page: number, pageSize: number) =>
    ['notifications', 'page', page, pageSize] as const,

  /** Both appointment lists. */
  appointments: ['appointments'] as const,
  /** GET /appointment/provider/view → `{appointments}` (of `providerId`'s staff member, or mine). */
  providerAppointments: (providerId: string | null = null) =>
    ['appointments', 'provider', { providerId }] as const,
  /** GET /appointment/view → `{appointments}`. */
  clientAppointments: ['appointments', 'client'] as const,
  /**
   * GET /appointment/view?limit&cursor → pages of `{appointments, nextCursor}` (an infinite
   * query, under the same prefix, so what invalidates the list reloads its pages too).
   */
  clientAppointmentPages: ['appointments', 'client', 'pages'] as const,
  /** GET /appointment/provider/view?status&limit&cursor → pages of `{appointments, nextCursor}`. */
  providerAppointmentPages: (status: string | null, providerId: string | null = null) =>
    ['appointments', 'provider', 'pages', { status, providerId }] as const,

  /** Payments (docs/decisions/068-payments.md). GET /payments/:id → `{payment, appointment, provider}` (the checkout page). */
  checkout: (paymentId: string) => ['payments', 'checkout', paymentId] as const,
  /** GET /payments/earnings?from&to&group → the earnings figures. */
  earnings: (params: { from: string; to: string; group: 'week' | 'month' }) =>
    ['payments', 'earnings', params] as const,
  /** GET /appointment/:id/cancel-quote → what a cancel now keeps and gives back. */
  cancelQuote: (appointmentId: string) => ['appointments', 'cancel-quote', appointmentId] as const,

  /** The waitlist (docs/decisions/069-waitlist.md): the client's entries and offers, the provider's list. */
  waitlist: ['waitlist'] as const,
  /** GET /waitlist → `{entries}` (the client's own). */
  waitlistEntries: ['waitlist', 'entries'] as const,
  /** GET /waitlist/offers → `{offers}` (the client's own, newest first). */
  waitlistOffers: ['waitlist', 'offers'] as const,
  /** GET /provider/waitlist → `{entries, refilled_last_30_days}` (who waits for the provider). */
  providerWaitlist: ['waitlist', 'provider'] as const,

  /** GET /provider/policy → `{policy}` (the signed-in provider's booking policy). */
  bookingPolicy: ['booking-policy'] as const,

  /** GET /stats/ → `{stats}`. */
  stats: ['stats'] as const,
  /** GET /stats/?providerId= (a staff member's, for the owner: docs/product.md §13.1). */
  providerStats: (providerId: string | null) => ['stats', { providerId }] as const,
  /** GET /stats/analytics → `{analytics}`. */
  analytics: ['analytics'] as const,
  /** GET /stats/analytics?providerId=. */
  providerAnalytics: (providerId: string | null) => ['analytics', { providerId }] as const,

  /** The provider's own slots (GET /timeslots/view; see features/availability/api). */
  timeslots: ['timeslots'] as const,
  /** GET /timeslots/view?include → `{slots}` (the list; under the slot prefix). */
  timeslotList: (includePast: boolean, providerId: string | null = null) =>
    ['timeslots', includePast ? 'all' : 'upcoming', { providerId }] as const,
  /** GET /timeslots/view?from&to → `{slots}` (a calendar window; under the slot prefix). */
  timeslotWindow: (from: string, to: string, providerId: string | null = null) =>
    ['timeslots', 'window', from, to, { providerId }] as const,
  /** Weekly hours and time off, everyone's. */
  availability: ['availability'] as const,
  /** GET /availability/weekly → `{rules, horizonWeeks, timezone}`. */
  weeklyHours: (providerId: string | null = null) =>
    ['availability', 'weekly', { providerId }] as const,
  /** GET /availability/time-off → `{timeOff}`. */
  timeOff: (providerId: string | null = null) =>
    ['availability', 'time-off', { providerId }] as const,
  /** Every provider's free slots as clients see them. */
  availableSlots: ['available-slots'] as const,
  /** GET /search/providers/:id/available-slots → `{availableSlots}`. */
  providerAvailableSlots: (providerId: string) => ['available-slots', providerId] as const,

  /** Listed providers as clients see them. */
  providers: ['providers'] as const,
  /** GET /search/providers?q&page&limit → `{providers, page, limit, total}`. */
  providerSearch: (params: { q: string; page: number; limit: number }) =>
    ['providers', 'search', params] as const,
  /** GET /search/providers with /providers' filters → pages of `{providers, …, nextCursor}`. */
  providerResults: (query: Record<string, string>) => ['providers', 'results', query] as const,
  /** GET /profile/providers/:id → `{provider}`. */
  providerDetail: (providerId: string) => ['providers', 'detail', providerId] as const,

  /** Every provider's reviews (features/reviews). */
  reviews: ['reviews'] as const,
  /** GET /providers/:id/reviews?cursor= → pages of `{reviews, nextCursor, rating, reviewCount}`. */
  providerReviews: (providerId: string) => ['reviews', providerId] as const,

  /** The operator's screens (docs/product.md §19): everything under it changes with an action. */
  admin: ['admin'] as const,
  /** GET /admin/figures → the last 30 days' figures. */
  adminFigures: ['admin', 'figures'] as const,
  /** GET /admin/reports?status → pages of `{reports, nextCursor}`. */
  adminReports: (status: string) => ['admin', 'reports', status] as const,
  /** GET /admin/providers?q&status → pages of `{providers, nextCursor}`. */
  adminProviders: (q: string, status: string) => ['admin', 'providers', { q, status }] as const,
  /** GET /admin/reviews?q&status → pages of `{reviews, nextCursor}`. */
  adminReviews: (q: string, status: string) => ['admin', 'reviews', { q, status }] as const,
  /** GET /admin/audit → pages of `{entries, nextCursor}`. */
  adminAudit: ['admin', 'audit'] as const,

  /** GET /profile: holds the profile itself, unwrapped (features/accounts/api). */
  profile: ['profile'] as const,
  /** GET /profile/notification-preferences → `{preferences}`. */
  notificationPreferences: ['profile', 'notification-preferences'] as const,
  /** GET /push/public-key → `{key}`: the server's VAPID key (docs/product.md §20.2). */
  pushPublicKey: ['push', 'public-key'] as const,
  /** This browser's push subscription (read from the browser, not the server). */
  devicePush: ['push', 'device'] as const,
  /** GET /calendar/feed-url → `{url}`. */
  calendarFeedUrl: ['calendar', 'feed-url'] as const,

  /** Calendar sync (docs/product.md §18): the connections and the busy time read from them. */
  calendarSync: ['calendar-sync'] as const,
  /** GET /calendar/connections → `{connections}`. */
  calendarConnections: ['calendar-sync', 'connections'] as const,
  /** GET /calendar/busy?from&to → `{busy}` (instants). */
  calendarBusy: (from: string, to: string) => ['calendar-sync', 'busy', from, to] as const,

  /** GET /categories → `{categories}` (features/catalogue/api). */
  categories: ['categories'] as const,
  /** GET /places?q&limit → `{places}`. */
  places: (q: string, limit: number) => ['places', q, limit] as const,
  /** GET /services → `{services}`: the provider's own services (slots show their prices). */
  services: ['services'] as const,
  /** GET /services?providerId= (a staff member's, for the owner). */
  providerServices: (providerId: string | null) => ['services', { providerId }] as const,

  /**
   * GET /business → `{business}` (null when none): the signed-in provider's business
   * (docs/product.md §13.1); everything under it changes with the business.
   */
  business: ['business'] as const,
  /** GET /business/staff/:providerId/upcoming → `{appointments}`. */
  staffUpcoming: (providerId: string) => ['business', 'staff-upcoming', providerId] as const,
  /** Every business as anyone sees it. */
  businesses: ['businesses'] as const,
  /** GET /businesses/:id → `{business}`. */
  publicBusiness: (businessId: string) => ['businesses', businessId] as const,
  /** GET /businesses/:id/available-slots?serviceId&date → `{slots}` (merged over the staff). */
  businessSlots: (businessId: string, serviceId: string, date: string) =>
    ['businesses', businessId, 'slots', serviceId, date] as const,
};
