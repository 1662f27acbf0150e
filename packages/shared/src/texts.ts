/**
 * User-facing texts from SPEC, verbatim (typos included: they are the product's texts).
 * Forms, toasts and the server all read them from here.
 */
export const MESSAGES = {
  // docs/product.md §5 registration
  fullNameRequired: 'Full name is required',
  emailInvalid: 'Invalid email',
  emailRequired: 'Email is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most than 15 characters',
  passwordRequired: 'Password is required',
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: 'Confirm your password',
  roleRequired: 'Role is required',
  termsRequired: 'You must accept the terms',
  imageTypeNotAllowed: 'Only JPEG, PNG, JPG or GIF allowed',
  imageCompressionFailed: 'Failed to compress image. Try another one.',
  // docs/product.md §5 provider profile
  specialtyRequired: 'Specialty is required',
  // docs/product.md §5 slots
  dateRequired: 'Date is required',
  dateInPast: 'Date cannot be in the past',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  endAfterStart: 'End time must be after start time',
  minSlotDuration: 'Minimum slot duration is 15 minutes',
  fixValidationErrors: 'Please fix validation errors',
  // docs/product.md §5 reschedule
  selectTimeSlot: 'Please select a time slot',
  // docs/product.md §5 profile update
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalidFormat: 'Invalid email format',
  profilePasswordMin: 'Password must be at least 6 characters',
  // docs/product.md §8 errors
  requestFailed: 'Request failed',
  registrationFailed: 'Registration failed',
  resendFailed: 'Failed to resend email.',
  resendSucceeded: 'Verification email resent successfully.',
  loginFailedInline: 'Login failed',
  loginFailedToast: 'Login Failed',
  invalidLoginResponse: 'Invalid login response',
  somethingWentWrong: 'Something went wrong',
  createSlotFailed: 'Failed to create time slot',
  updateSlotFailed: 'Failed to update time slot',
  deleteSlotFailed: 'Failed to delete slot',
  cancelAppointmentFailed: 'Failed to cancel appointment',
  fetchProfileFailed: 'Failed to fetch profile details',
  updateProfileFailed: 'Failed to update profile',
  loadProfileFailed: 'Failed to load profile data',
  // docs/product.md §8 success toasts
  loginSuccessful: 'Login successful',
  providerProfileCompleted: 'Provider profile completed!',
  accountCreated: 'Account created succcesfully',
  slotCreated: 'Time slot created successfully!',
  slotUpdated: 'Time slot updated successfully!',
  slotDeleted: 'Time slot deleted',
  appointmentCanceledToast: 'Appointment Canceled',
  appointmentCancelledSuccessfully: 'Appointment cancelled successfully',
  appointmentRescheduled: 'Appointment rescheduled successfully',
  profileUpdated: 'Profile updated successfully',
  profileFetched: 'Profile data succesfully fetched',
  // docs/product.md §8 live notification titles
  titleNewAppointment: 'New Appointment',
  titleCanceledByProvider: 'Appointment Canceled',
  titleCanceledByClient: 'Appointment Canceled by Client',
  titleRescheduledByProvider: 'Appointment rescheduled',
  titleRescheduledByClient: 'Appointment rescheduled by Client',
  // Decisions of ours where SPEC is silent (documented in docs/decisions)
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address before signing in',
  emailTaken: 'An account with this email already exists',
  emailChangeNotAllowed: 'Email address cannot be changed',
  verificationLinkInvalid: 'This verification link is invalid or has expired',
  emailVerified: 'Your email has been verified. You can now sign in.',
  loggedOut: 'Logged out',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Please try again later.',
  imageUnreadable: 'The picture could not be read as a JPEG, PNG or GIF image',
  imageTooLarge: 'Profile picture must be at most 5 MB',
  imageDimensionsTooLarge: 'The picture is too large (at most 8000 × 8000 pixels)',
  providerProfileNotAllowed: 'This provider profile cannot be completed',
  invalidTimezone: 'Invalid time zone',
  // POST /appointment/booking: SPEC shows the response message as the success toast but gives no text
  appointmentBooked: 'Appointment booked successfully',
  // Accounts screens: texts of ours where SPEC is silent
  verifyingEmail: 'Verifying your email...',
  verificationFailed: 'We could not verify your email right now. Please try again.',
  registrationDetailsMissing:
    'We could not find your registration details. Please start your registration again.',
  loadingProfile: 'Loading profile...',
  // docs/product.md §2 discovery and booking screens (SPEC texts, verbatim)
  searchProvidersPlaceholder: 'Search Providers by name, specialty...',
  noAppointmentsForToday: 'No appointments for today',
  loadingProviderDetails: 'Loading provider details...',
  noAvailableTimeSlots: 'No available time slots at the moment.',
  loadingAppointmentDetails: 'Loading appointment details...',
  fetchAppointmentDetailsFailed: 'Failed to fetch appointment details',
  noAppointmentsFound: 'No appointments found',
  confirmCancelAppointment: 'Are you sure you want to cancel this appointment?',
  noAvailableSlotsFound: 'No available slots found',
  noProviderAppointments: 'No Appointments booked.',
  // docs/product.md §8 errors with the failure's message in place of {message} (see withMessage)
  cancelAppointmentFailedWithMessage: 'Failed to cancel appointment: {message}',
  loadAvailableSlotsFailed: 'Failed to load available slots: {message}',
  rescheduleFailed: 'Failed to reschedule appointment: {message}',
  // Discovery and booking screens: texts of ours where SPEC is silent
  searchingProviders: 'Searching...',
  noProvidersFound: 'No providers found',
  searchProvidersFailed: 'Search is not available right now. Please try again.',
  loadingSpecialists: 'Loading specialists...',
  loadSpecialistsFailed: 'Failed to load specialists',
  noSpecialists: 'No specialists to show yet.',
  loadingTodaysAppointments: "Loading today's appointments...",
  loadProviderFailed: 'Failed to load provider details',
  loadingTimeSlots: 'Loading available time slots...',
  loadTimeSlotsFailed: 'Failed to load available time slots',
  /** Available slots come 14 days at a time (docs/decisions/054-available-slots-window.md). */
  showLaterTimes: 'Show later times',
  loadingLaterTimes: 'Loading later times...',
  providerLocalTimeNote: "Times are shown in the provider's local time.",
  loadingAvailableSlots: 'Loading available slots...',
  appointmentNotReschedulable: 'Only booked appointments can be rescheduled.',
  loadingAppointments: 'Loading appointments...',
  loadAppointmentsFailed: 'Failed to load appointments',
} as const;

/** Fills the `{message}` placeholder of a docs/product.md §8 text: 'Failed to …: {message}'. */
export function withMessage(template: string, message: string): string {
  return template.replace('{message}', message);
}

export type MessageKey = keyof typeof MESSAGES;
