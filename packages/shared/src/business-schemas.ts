import { idParamsOf, listOf } from './common-schemas';
import { requiredText, z } from './zod';

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
  nameRequired: 'Please enter the business name',
  nameTooLong: `Business name must be at most ${BUSINESS_NAME_MAX} characters`,
  resourceNameRequired: 'Please enter a name for the room, chair or machine',
  resourceNameTooLong: `Resource name must be at most ${RESOURCE_NAME_MAX} characters`,
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  tokenRequired: 'The invitation link is missing its token',
  businessNotFound: 'Business not found',
  staffNotFound: 'Staff member not found',
  resourceNotFound: 'Resource not found',
  invitationNotFound: 'This invitation link is not valid',
  invitationExpired: 'This invitation has expired. Ask the business owner for a new one.',
  invitationUsed: 'This invitation has already been used',
  alreadyInBusiness: 'This provider already belongs to a business',
  ownerHasBusiness: 'You already have a business',
  noBusiness: 'You do not have a business yet',
  onlyOwner: 'Only the business owner can do this',
  inviteYourself: 'You are already in this business',
  ownerStays: 'The owner cannot be removed from the business',
  tooManyStaff: `A business can have at most ${MAX_STAFF} staff members`,
  tooManyResources: `A business can have at most ${MAX_RESOURCES} resources`,
  staffHasBookings:
    'This staff member has upcoming bookings. Choose whether to keep or cancel them.',
  resourceBusy: 'The room or equipment this service needs is already booked at this time',
  noStaffFree: 'Nobody is free at this time any more. Please choose another time.',
  invalidBusinessId: 'Invalid business id',
  invalidProviderId: 'Invalid provider id',
  invalidResourceId: 'Invalid resource id',
  invalidServiceId: 'Invalid service id',
  invalidStartsAt: 'Start time must be a date and time (ISO 8601)',
  invalidDate: 'Date must be a valid date (YYYY-MM-DD)',
  invalidFutureBookings: "futureBookings must be 'keep' or 'cancel'",
  businessCreated: 'Business created',
  invitationSent: 'Invitation sent',
  invitationAccepted: 'You joined the business',
  staffRemoved: 'Staff member removed',
  resourceCreated: 'Resource added',
  resourceDeleted: 'Resource removed',
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
  cardTitle: 'Business',
  noBusinessYet:
    'Create a business to invite other providers as your staff and share rooms or equipment.',
  businessNameLabel: 'Business name',
  createBusiness: 'Create business',
  creatingBusiness: 'Creating...',
  ownerBadge: 'Owner',
  staffTitle: 'Staff',
  staffListLabel: 'Staff members',
  memberOf: (name: string) => `You are a member of ${name}`,
  inviteTitle: 'Invite staff',
  inviteEmailLabel: 'Email address',
  sendInvitation: 'Send invitation',
  sendingInvitation: 'Sending...',
  pendingInvitations: 'Pending invitations',
  invitationExpires: (when: string) => `expires ${when}`,
  removeStaff: 'Remove',
  removeStaffTitle: 'Remove staff member',
  removeStaffQuestion: (name: string) => `Remove ${name} from the business?`,
  keepStaff: 'Keep staff member',
  removing: 'Removing...',
  upcomingBookingsTitle: 'Upcoming bookings',
  keepBookings: 'Keep their bookings',
  cancelBookings: 'Cancel them and tell the clients',
  resourcesTitle: 'Rooms and equipment',
  resourcesListLabel: 'Resources',
  noResources: 'No rooms or equipment yet.',
  resourceNameLabel: 'Resource name',
  addResource: 'Add resource',
  addingResource: 'Adding...',
  removeResource: 'Remove',
  loadFailed: 'Failed to load the business',
  loading: 'Loading business...',
  // The service form (features/catalogue).
  needsLabel: 'Needs',
  needsNothing: 'None',
  // /business/join?token=…
  joinTitle: 'Join a business',
  joinIntro: 'You were invited to join a business on Slotwise as a staff member.',
  joinButton: 'Join the business',
  joining: 'Joining...',
  joinProvidersOnly: 'Only providers can join a business. Sign in with a provider account.',
  goToProfile: 'Go to your settings',
  // The owner's staff switcher.
  staffSwitcherLabel: 'Staff',
  staffSelf: (name: string) => `${name} (me)`,
  // /businesses/:id
  staffCardsTitle: 'Our team',
  servicesTitle: 'Services',
  noServices: 'No services listed yet.',
  chooseServiceFirst: 'Choose a service to see the free times.',
  chooseService: 'Choose',
  dayLabel: 'Day',
  staffChooserLabel: 'Staff',
  anyStaff: 'Any staff',
  timesTitle: 'Available times',
  noTimes: 'No free times on this day. Try another day.',
  loadingTimes: 'Loading times...',
  businessLocalTimeNote: "Times are shown in the business's time zone.",
  chosenTime: (label: string) => `Your chosen time: ${label}`,
  signInToBook: 'Sign in to book',
  createAccount: 'Create an account',
  signInPrompt: 'Sign in or create an account to book this time.',
  clientsBook: 'Clients book appointments. Sign in with a client account to book this time.',
  bookThisTime: 'Book this time',
  booking: 'Booking...',
  bookedWith: (when: string, name: string) => `Booked: ${when} with ${name}.`,
  seeAppointments: 'See your appointments',
  slotGone: 'That time is no longer available. Please choose another.',
  bookFailed: 'Could not book this time. Check your connection and try again.',
  atBusiness: (name: string) => `at ${name}`,
} as const;
