import { idParamsOf, listOf } from './common-schemas';
import { requiredText, z } from './zod';
import { englishText, type Translate } from './english-text';
import { msg } from './locales';

/**
 * Teams and resources (docs/product.md §13, docs/decisions/064-teams-and-resources.md): a
 * business, its staff, invitations, resources, the public business page and "any staff"
 * availability. The forms and the server share these schemas and texts.
 */

export const BUSINESS_NAME_MAX = 80;
export const RESOURCE_NAME_MAX = 80;
export const EMAIL_MAX = 254;
/** A mailed invitation link is good for this long. */
export const INVITATION_TTL_DAYS = 7;
export const MAX_STAFF = 50;
export const MAX_RESOURCES = 50;

export const BUSINESS_MESSAGES = {
  nameRequired: msg('Please enter the business name'),
  nameTooLong: msg('Business name must be at most 80 characters'),
  resourceNameRequired: msg('Please enter a name for the room, chair or machine'),
  resourceNameTooLong: msg('Resource name must be at most 80 characters'),
  emailRequired: msg('Please enter an email address'),
  emailInvalid: msg('Please enter a valid email address'),
  tokenRequired: msg('The invitation link is missing its token'),
  businessNotFound: msg('Business not found'),
  staffNotFound: msg('Staff member not found'),
  resourceNotFound: msg('Resource not found'),
  invitationNotFound: msg('This invitation link is not valid'),
  invitationExpired: msg('This invitation has expired. Ask the business owner for a new one.'),
  invitationUsed: msg('This invitation has already been used'),
  alreadyInBusiness: msg('This provider already belongs to a business'),
  ownerHasBusiness: msg('You already have a business'),
  noBusiness: msg('You do not have a business yet'),
  onlyOwner: msg('Only the business owner can do this'),
  inviteYourself: msg('You are already in this business'),
  ownerStays: msg('The owner cannot be removed from the business'),
  tooManyStaff: msg('A business can have at most 50 staff members'),
  tooManyResources: msg('A business can have at most 50 resources'),
  staffHasBookings: msg(
    'This staff member has upcoming bookings. Choose whether to keep or cancel them.',
  ),
  resourceBusy: msg('The room or equipment this service needs is already booked at this time'),
  noStaffFree: msg('Nobody is free at this time any more. Please choose another time.'),
  invalidBusinessId: msg('Invalid business id'),
  invalidProviderId: msg('Invalid provider id'),
  invalidResourceId: msg('Invalid resource id'),
  invalidServiceId: msg('Invalid service id'),
  invalidStartsAt: msg('Start time must be a date and time (ISO 8601)'),
  invalidDate: msg('Date must be a valid date (YYYY-MM-DD)'),
  invalidFutureBookings: msg("futureBookings must be 'keep' or 'cancel'"),
  businessCreated: msg('Business created'),
  invitationSent: msg('Invitation sent'),
  invitationAccepted: msg('You joined the business'),
  staffRemoved: msg('Staff member removed'),
  resourceCreated: msg('Resource added'),
  resourceDeleted: msg('Resource removed'),
} as const;

const businessNameField = requiredText(BUSINESS_MESSAGES.nameRequired).pipe(
  z.string().max(BUSINESS_NAME_MAX, BUSINESS_MESSAGES.nameTooLong),
);

/** POST /business (and the Create business form). */
export const createBusinessBodySchema = z.object(
  { name: businessNameField },
  { error: BUSINESS_MESSAGES.nameRequired },
);
export type CreateBusinessBody = z.input<typeof createBusinessBodySchema>;

/** POST /business/invitations (and the Invite form). */
export const inviteStaffBodySchema = z.object(
  {
    email: requiredText(BUSINESS_MESSAGES.emailRequired).pipe(
      z.email(BUSINESS_MESSAGES.emailInvalid).max(EMAIL_MAX, BUSINESS_MESSAGES.emailInvalid),
    ),
  },
  { error: BUSINESS_MESSAGES.emailRequired },
);
export type InviteStaffBody = z.input<typeof inviteStaffBodySchema>;

/** POST /business/invitations/accept. */
export const acceptInvitationBodySchema = z.object(
  {
    token: requiredText(BUSINESS_MESSAGES.tokenRequired).pipe(
      z.string().max(200, BUSINESS_MESSAGES.invitationNotFound),
    ),
  },
  { error: BUSINESS_MESSAGES.tokenRequired },
);

/** POST /business/resources (and the Add resource form). */
export const createResourceBodySchema = z.object(
  {
    name: requiredText(BUSINESS_MESSAGES.resourceNameRequired).pipe(
      z.string().max(RESOURCE_NAME_MAX, BUSINESS_MESSAGES.resourceNameTooLong),
    ),
  },
  { error: BUSINESS_MESSAGES.resourceNameRequired },
);
export type CreateResourceBody = z.input<typeof createResourceBodySchema>;

/** DELETE /business/staff/:providerId?futureBookings=keep|cancel. */
export const removeStaffParamsSchema = z.object({
  providerId: z.uuid(BUSINESS_MESSAGES.invalidProviderId),
});
export const removeStaffQuerySchema = z.object({
  futureBookings: z
    .enum(['keep', 'cancel'], { error: BUSINESS_MESSAGES.invalidFutureBookings })
    .optional(),
});

export const businessIdParamsSchema = idParamsOf(BUSINESS_MESSAGES.invalidBusinessId);
export const resourceIdParamsSchema = idParamsOf(BUSINESS_MESSAGES.invalidResourceId);

/** GET /businesses/:id/available-slots?serviceId=&date= (the date in the business's zone). */
export const businessSlotsQuerySchema = z.object({
  serviceId: z.uuid(BUSINESS_MESSAGES.invalidServiceId),
  date: z.iso.date(BUSINESS_MESSAGES.invalidDate),
});

/** POST /appointment/booking with `{businessId, serviceId, startsAt}`: "any staff". */
export const anyStaffBookingBodySchema = z.object({
  businessId: z.uuid(BUSINESS_MESSAGES.invalidBusinessId),
  serviceId: z.uuid(BUSINESS_MESSAGES.invalidServiceId),
  startsAt: z.iso.datetime({ offset: true, error: BUSINESS_MESSAGES.invalidStartsAt }),
});
export type AnyStaffBookingBody = z.input<typeof anyStaffBookingBodySchema>;

// ---- Answers -----------------------------------------------------------------------------------

export const staffMemberSchema = z.object({
  provider_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_image_url: z.string().nullable(),
  is_owner: z.boolean(),
  rating: z.number().nullable(),
  review_count: z.number(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const resourceSchema = z.object({ id: z.string(), name: z.string() });
export type BusinessResource = z.infer<typeof resourceSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type BusinessInvitation = z.infer<typeof invitationSchema>;

/** The owner's and the staff's view: GET /business, POST /business. */
export const ownBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_provider_id: z.string(),
  is_owner: z.boolean(),
  staff: z.array(staffMemberSchema),
  resources: z.array(resourceSchema),
  /** Pending invitations (the owner only; staff see none). */
  invitations: z.array(invitationSchema),
});
export type OwnBusiness = z.infer<typeof ownBusinessSchema>;
export const ownBusinessResponseSchema = z.object({ business: ownBusinessSchema.nullable() });

export const publicServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  duration_minutes: z.number(),
  price_cents: z.number(),
  currency: z.string(),
  /** The staff who offer it (have slots naming it). */
  provider_ids: z.array(z.string()),
});
export type PublicBusinessService = z.infer<typeof publicServiceSchema>;

/** GET /businesses/:id (signed out too). */
export const publicBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  staff: z.array(staffMemberSchema),
  services: z.array(publicServiceSchema),
  rating: z.number().nullable(),
  reviewCount: z.number(),
});
export type PublicBusiness = z.infer<typeof publicBusinessSchema>;
export const publicBusinessResponseSchema = z.object({ business: publicBusinessSchema });

export const mergedSlotSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  provider_ids: z.array(z.string()),
});
export type MergedSlot = z.infer<typeof mergedSlotSchema>;
export const mergedSlotsResponseSchema = listOf('slots', mergedSlotSchema);

/** The staff member's upcoming bookings, when a removal needs the owner's choice (409). */
export const staffBookingsSchema = z.object({
  appointments: z.array(
    z.object({ id: z.string(), starts_at: z.string(), client_name: z.string() }),
  ),
});

// ---- The web's texts (labels and lines of the business screens, docs/product.md §13) -----------

export const BUSINESS_TEXTS = {
  cardTitle: msg('Business'),
  noBusinessYet: msg(
    'Create a business to invite other providers as your staff and share rooms or equipment.',
  ),
  businessNameLabel: msg('Business name'),
  createBusiness: msg('Create business'),
  creatingBusiness: msg('Creating...'),
  ownerBadge: msg('Owner'),
  staffTitle: msg('Staff'),
  staffListLabel: msg('Staff members'),
  memberOf: (name: string, t: Translate = englishText) =>
    t('You are a member of {{name}}', { name }),
  inviteTitle: msg('Invite staff'),
  inviteEmailLabel: msg('Email address'),
  sendInvitation: msg('Send invitation'),
  sendingInvitation: msg('Sending...'),
  pendingInvitations: msg('Pending invitations'),
  invitationExpires: (when: string, t: Translate = englishText) => t('expires {{when}}', { when }),
  removeStaff: msg('Remove'),
  removeStaffTitle: msg('Remove staff member'),
  removeStaffQuestion: (name: string, t: Translate = englishText) =>
    t('Remove {{name}} from the business?', { name }),
  keepStaff: msg('Keep staff member'),
  removing: msg('Removing...'),
  upcomingBookingsTitle: msg('Upcoming bookings'),
  keepBookings: msg('Keep their bookings'),
  cancelBookings: msg('Cancel them and tell the clients'),
  resourcesTitle: msg('Rooms and equipment'),
  resourcesListLabel: msg('Resources'),
  noResources: msg('No rooms or equipment yet.'),
  resourceNameLabel: msg('Resource name'),
  addResource: msg('Add resource'),
  addingResource: msg('Adding...'),
  removeResource: msg('Remove'),
  loadFailed: msg('Failed to load the business'),
  loading: msg('Loading business...'),
  // The service form (features/catalogue).
  needsLabel: msg('Needs'),
  needsNothing: msg('None'),
  // /business/join?token=…
  joinTitle: msg('Join a business'),
  joinIntro: msg('You were invited to join a business on Slotwise as a staff member.'),
  joinButton: msg('Join the business'),
  joining: msg('Joining...'),
  joinProvidersOnly: msg('Only providers can join a business. Sign in with a provider account.'),
  goToProfile: msg('Go to your settings'),
  // The owner's staff switcher.
  staffSwitcherLabel: msg('Staff'),
  staffSelf: (name: string, t: Translate = englishText) => t('{{name}} (me)', { name }),
  // /businesses/:id
  staffCardsTitle: msg('Our team'),
  servicesTitle: msg('Services'),
  noServices: msg('No services listed yet.'),
  chooseServiceFirst: msg('Choose a service to see the free times.'),
  chooseService: msg('Choose'),
  dayLabel: msg('Day'),
  staffChooserLabel: msg('Staff'),
  anyStaff: msg('Any staff'),
  timesTitle: msg('Available times'),
  noTimes: msg('No free times on this day. Try another day.'),
  loadingTimes: msg('Loading times...'),
  businessLocalTimeNote: msg("Times are shown in the business's time zone."),
  chosenTime: (label: string, t: Translate = englishText) =>
    t('Your chosen time: {{label}}', { label }),
  signInToBook: msg('Sign in to book'),
  createAccount: msg('Create an account'),
  signInPrompt: msg('Sign in or create an account to book this time.'),
  clientsBook: msg('Clients book appointments. Sign in with a client account to book this time.'),
  bookThisTime: msg('Book this time'),
  booking: msg('Booking...'),
  bookedWith: (when: string, name: string, t: Translate = englishText) =>
    t('Booked: {{when}} with {{name}}.', { when, name }),
  seeAppointments: msg('See your appointments'),
  slotGone: msg('That time is no longer available. Please choose another.'),
  bookFailed: msg('Could not book this time. Check your connection and try again.'),
  atBusiness: (name: string, t: Translate = englishText) => t('at {{name}}', { name }),
} as const;
