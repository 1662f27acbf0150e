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
  /** GET /appointment/provider/view → `{appointments}`. */
  providerAppointments: ['appointments', 'provider'] as const,
  /** GET /appointment/view → `{appointments}`. */
  clientAppointments: ['appointments', 'client'] as const,
  /**
   * GET /appointment/view?limit&cursor → pages of `{appointments, nextCursor}` (an infinite
   * query, under the same prefix, so what invalidates the list reloads its pages too).
   */
  clientAppointmentPages: ['appointments', 'client', 'pages'] as const,
  /** GET /appointment/provider/view?status&limit&cursor → pages of `{appointments, nextCursor}`. */
  providerAppointmentPages: (status: string | null) =>
    ['appointments', 'provider', 'pages', { status }] as const,

  /** GET /provider/policy → `{policy}` (the signed-in provider's booking policy). */
  bookingPolicy: ['booking-policy'] as const,

  /** GET /stats/ → `{stats}`. */
  stats: ['stats'] as const,
  /** GET /stats/analytics → `{analytics}`. */
  analytics: ['analytics'] as const,

  /** The provider's own slots (GET /timeslots/view; see features/availability/api). */
  timeslots: ['timeslots'] as const,
  /** GET /timeslots/view?from&to → `{slots}` (a calendar window; under the slot prefix). */
  timeslotWindow: (from: string, to: string) => ['timeslots', 'window', from, to] as const,
  /** GET /availability/weekly → `{rules, horizonWeeks, timezone}`. */
  weeklyHours: ['availability', 'weekly'] as const,
  /** GET /availability/time-off → `{timeOff}`. */
  timeOff: ['availability', 'time-off'] as const,
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

  /** GET /profile: holds the profile itself, unwrapped (features/accounts/api). */
  profile: ['profile'] as const,
  /** GET /profile/notification-preferences → `{preferences}`. */
  notificationPreferences: ['profile', 'notification-preferences'] as const,
  /** GET /calendar/feed-url → `{url}`. */
  calendarFeedUrl: ['calendar', 'feed-url'] as const,

  /** GET /categories → `{categories}` (features/catalogue/api). */
  categories: ['categories'] as const,
  /** GET /places?q&limit → `{places}`. */
  places: (q: string, limit: number) => ['places', q, limit] as const,
  /** GET /services → `{services}`: the provider's own services (slots show their prices). */
  services: ['services'] as const,
};
