import { depositCentsField, paymentModeField } from './payments-schemas';
import { z } from './zod';
import { msg } from './locales';
import {
  idParamsOf,
  listOf,
  messageWith,
  numberFields,
  pageLimitField,
  someFieldGiven,
  stringFields,
} from './common-schemas';

/**
 * The marketplace catalogue (docs/decisions/041-catalogue.md): categories, places, a provider's
 * location and service mode, and priced services. The rules are written once here and used by
 * the server's route schemas and services and by the web forms.
 */

export const CATALOGUE_MESSAGES = {
  resourceInvalid: msg('Choose one of your business resources'),
  categoryRequired: msg('Choose a category'),
  categoryUnknown: msg('Choose one of the listed categories'),
  placeRequired: msg('Choose your city from the list'),
  placeUnknown: msg('Unknown place: choose your city from the list'),
  addressTooLong: msg('Address must be at most 200 characters'),
  serviceModeUnknown: msg('Choose where you provide your services'),
  radiusRequired: msg('Say how far you travel (in km)'),
  radiusInvalid: msg('Travel radius must be a whole number between 1 and 500 km'),
  radiusOnlyAtClient: msg('A travel radius only applies when you go to your clients'),
  placesQueryRequired: msg('Type the first letters of a city'),
  placesQueryTooLong: msg('Search text must be at most 100 characters'),
  placesLimitInvalid: msg('limit must be a whole number between 1 and 20'),
  serviceNameRequired: msg('Service name is required'),
  serviceNameTooLong: msg('Service name must be at most 80 characters'),
  descriptionTooLong: msg('Description must be at most 1000 characters'),
  durationInvalid: msg('Duration must be a whole number of minutes between 15 and 480'),
  priceInvalid: msg('Price must be a whole number of cents between 0 and 10,000,000'),
  currencyUnknown: msg('Choose one of the listed currencies'),
  activeInvalid: msg('active must be true or false'),
  nothingToUpdate: msg('Nothing to update: send at least one field'),
  invalidServiceId: msg('Invalid service id'),
  serviceNotFound: msg('Service not found'),
  serviceInactive: msg('This service is archived: reactivate it before creating time slots for it'),
  serviceCreated: msg('Service created successfully!'),
  serviceUpdated: msg('Service updated successfully!'),
  serviceDeleted: msg('Service deleted successfully!'),
  serviceArchived: msg('This service has bookings, so it was archived instead of deleted'),
} as const;

// ---- Categories ------------------------------------------------------------------------------

/** The eight categories of the landing page; slugs are fixed (API, URLs, database check). */
export const CATEGORIES = [
  { slug: 'barber', name: msg('Barber') },
  { slug: 'driver', name: msg('Driver') },
  { slug: 'tutor', name: msg('Tutor') },
  { slug: 'photographer', name: msg('Photographer') },
  { slug: 'mechanic', name: msg('Mechanic') },
  { slug: 'plumber', name: msg('Plumber') },
  { slug: 'electrician', name: msg('Electrician') },
  { slug: 'cleaner', name: msg('Cleaner') },
] as const;
export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [
  (typeof CATEGORIES)[number]['slug'],
  ...(typeof CATEGORIES)[number]['slug'][],
];
export type CategorySlug = (typeof CATEGORIES)[number]['slug'];

export const categoryField = z.enum(CATEGORY_SLUGS, { error: CATALOGUE_MESSAGES.categoryUnknown });

export const categoryResponseSchema = z.object({ slug: z.string(), name: z.string() });
export const categoriesResponseSchema = z.object({ categories: z.array(categoryResponseSchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

// ---- Places ----------------------------------------------------------------------------------

export const MAX_PLACES = 20;

export const placesQuerySchema = z.object({
  q: z
    .string({ error: CATALOGUE_MESSAGES.placesQueryRequired })
    .trim()
    .min(1, CATALOGUE_MESSAGES.placesQueryRequired)
    .max(100, CATALOGUE_MESSAGES.placesQueryTooLong),
  limit: pageLimitField(MAX_PLACES, 10, CATALOGUE_MESSAGES.placesLimitInvalid),
});

export const placeResponseSchema = z.object({
  /** The GeoNames id, as a string. */
  id: z.string(),
  name: z.string(),
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2 code. */
  country: z.string(),
  country_name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** IANA zone proposed for a provider who picks this place. */
  timezone: z.string(),
  population: z.number(),
});
export type Place = z.infer<typeof placeResponseSchema>;
export const placesResponseSchema = listOf('places', placeResponseSchema);
export type PlacesResponse = z.infer<typeof placesResponseSchema>;

/** A GeoNames id: digits only (sent as a string or a number). */
export const placeIdField = z
  .union([z.string(), z.number()], { error: CATALOGUE_MESSAGES.placeUnknown })
  .transform((value) => String(value).trim())
  .refine((value) => /^[1-9]\d{0,9}$/.test(value), CATALOGUE_MESSAGES.placeUnknown);

// ---- Provider location and service mode -------------------------------------------------------

export const SERVICE_MODES = ['at_provider', 'at_client', 'online'] as const;
export type ServiceMode = (typeof SERVICE_MODES)[number];
export const MAX_RADIUS_KM = 500;

export const serviceModeField = z.enum(SERVICE_MODES, {
  error: CATALOGUE_MESSAGES.serviceModeUnknown,
});
export const addressField = z.string().trim().max(200, CATALOGUE_MESSAGES.addressTooLong);
/** Multipart forms send numbers as text: accepted as digits too. */
export const radiusKmField = z
  .union([z.number(), z.string()], { error: CATALOGUE_MESSAGES.radiusInvalid })
  .transform((value) => (typeof value === 'string' ? Number(value.trim() || Number.NaN) : value))
  .refine(
    (value) => Number.isInteger(value) && value >= 1 && value <= MAX_RADIUS_KM,
    CATALOGUE_MESSAGES.radiusInvalid,
  );

/**
 * The catalogue fields of provider completion and of the profile update, all optional on the
 * wire (SPEC's own calls send none of them); `null` or '' clears the address and radius.
 */
export const providerCatalogueFields = {
  category: categoryField.optional(),
  placeId: placeIdField.optional(),
  address: addressField.nullable().optional(),
  serviceMode: serviceModeField.optional(),
  radiusKm: z.union([radiusKmField, z.literal(''), z.null()]).optional(),
};

export interface CatalogueFieldValues {
  category?: CategorySlug | undefined;
  placeId?: string | undefined;
  address?: string | null | undefined;
  serviceMode?: ServiceMode | undefined;
  radiusKm?: number | '' | null | undefined;
}

/** The cross-field rule: a radius goes with `at_client` (required there, refused elsewhere). */
export function radiusIssue(
  mode: ServiceMode | null | undefined,
  radiusKm: number | null | undefined,
): string | null {
  if (mode === 'at_client' && (radiusKm === null || radiusKm === undefined)) {
    return CATALOGUE_MESSAGES.radiusRequired;
  }
  if (mode && mode !== 'at_client' && radiusKm !== null && radiusKm !== undefined) {
    return CATALOGUE_MESSAGES.radiusOnlyAtClient;
  }
  return null;
}

/** The onboarding / Settings form: category and place are required there (the web enforces it). */
export const providerCatalogueFormSchema = z
  .object({
    category: z
      .string({ error: CATALOGUE_MESSAGES.categoryRequired })
      .min(1, CATALOGUE_MESSAGES.categoryRequired)
      .pipe(categoryField),
    placeId: z
      .string({ error: CATALOGUE_MESSAGES.placeRequired })
      .trim()
      .min(1, CATALOGUE_MESSAGES.placeRequired)
      .regex(/^[1-9]\d{0,9}$/, CATALOGUE_MESSAGES.placeUnknown),
    address: addressField.optional().default(''),
    serviceMode: serviceModeField,
    radiusKm: z.union([radiusKmField, z.literal('')]).optional(),
  })
  .superRefine((values, ctx) => {
    const radius = typeof values.radiusKm === 'number' ? values.radiusKm : null;
    const issue = radiusIssue(values.serviceMode, radius);
    if (issue) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: issue });
  });
export type ProviderCatalogueFormValues = z.input<typeof providerCatalogueFormSchema>;

export const providerLocationResponseSchema = z.object({
  ...stringFields('placeId', 'name'),
  region: z.string().nullable(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  address: z.string().nullable(),
});
export type ProviderLocation = z.infer<typeof providerLocationResponseSchema>;

/** What the profile answer's `providerDetails` carries besides SPEC's specialty and bio. */
export const providerCatalogueDetailsSchema = z.object({
  category: z.enum(CATEGORY_SLUGS).nullable(),
  placeId: z.string().nullable(),
  address: z.string().nullable(),
  serviceMode: z.enum(SERVICE_MODES),
  radiusKm: z.number().nullable(),
  location: providerLocationResponseSchema.nullable(),
});
export type ProviderCatalogueDetails = z.infer<typeof providerCatalogueDetailsSchema>;

// ---- Services --------------------------------------------------------------------------------

export const MIN_SERVICE_MINUTES = 15;
export const MAX_SERVICE_MINUTES = 480;
/** Minor units (cents); 10,000,000 = 100,000.00 in a two-decimal currency. */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_SERVICES_PER_PROVIDER = 50;

/** ISO 4217 codes offered for prices: the currencies in current use across most markets. */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'TRY',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'KRW',
  'INR',
  'IDR',
  'MYR',
  'PHP',
  'THB',
  'VND',
  'ILS',
  'AED',
  'SAR',
  'ZAR',
  'NGN',
  'KES',
  'EGP',
  'MAD',
] as const;
export type Currency = (typeof CURRENCIES)[number];

export const currencyField = z
  .string({ error: CATALOGUE_MESSAGES.currencyUnknown })
  .trim()
  .toUpperCase()
  .pipe(z.enum(CURRENCIES, { error: CATALOGUE_MESSAGES.currencyUnknown }));

export const serviceNameField = z
  .string({ error: CATALOGUE_MESSAGES.serviceNameRequired })
  .trim()
  .min(1, CATALOGUE_MESSAGES.serviceNameRequired)
  .max(80, CATALOGUE_MESSAGES.serviceNameTooLong);
export const serviceDescriptionField = z
  .string({ error: CATALOGUE_MESSAGES.descriptionTooLong })
  .trim()
  .max(1000, CATALOGUE_MESSAGES.descriptionTooLong);
export const durationMinutesField = z
  .number({ error: CATALOGUE_MESSAGES.durationInvalid })
  .int(CATALOGUE_MESSAGES.durationInvalid)
  .min(MIN_SERVICE_MINUTES, CATALOGUE_MESSAGES.durationInvalid)
  .max(MAX_SERVICE_MINUTES, CATALOGUE_MESSAGES.durationInvalid);
export const priceCentsField = z
  .number({ error: CATALOGUE_MESSAGES.priceInvalid })
  .int(CATALOGUE_MESSAGES.priceInvalid)
  .min(0, CATALOGUE_MESSAGES.priceInvalid)
  .max(MAX_PRICE_CENTS, CATALOGUE_MESSAGES.priceInvalid);
const activeField = z.boolean({ error: CATALOGUE_MESSAGES.activeInvalid });

/**
 * The business resource a booking of the service needs (docs/product.md §13.3); null: none.
 */
const resourceIdField = z.uuid(CATALOGUE_MESSAGES.resourceInvalid).nullable();

/** POST /services (and the Add service form). */
export const createServiceBodySchema = z.object({
  name: serviceNameField,
  duration_minutes: durationMinutesField,
  price_cents: priceCentsField,
  currency: currencyField,
  description: serviceDescriptionField.optional().default(''),
  active: activeField.optional().default(true),
  resource_id: resourceIdField.optional(),
  payment_mode: paymentModeField.optional().default('none'),
  deposit_cents: depositCentsField.nullable().optional(),
});
export type CreateServiceBody = z.input<typeof createServiceBodySchema>;

/** PATCH /services/:id: only the sent fields change. */
export const updateServiceBodySchema = z
  .object({
    name: serviceNameField.optional(),
    duration_minutes: durationMinutesField.optional(),
    price_cents: priceCentsField.optional(),
    currency: currencyField.optional(),
    description: serviceDescriptionField.optional(),
    active: activeField.optional(),
    resource_id: resourceIdField.optional(),
    payment_mode: paymentModeField.optional(),
    deposit_cents: depositCentsField.nullable().optional(),
  })
  .superRefine(someFieldGiven(CATALOGUE_MESSAGES.nothingToUpdate));
export type UpdateServiceBody = z.input<typeof updateServiceBodySchema>;

export const serviceResponseSchema = z.object({
  ...stringFields('id', 'name'),
  ...numberFields('duration_minutes', 'price_cents'),
  ...stringFields('currency', 'description'),
  active: z.boolean(),
  /** The resource it needs (docs/product.md §13.3); absent where a service is shown to clients. */
  resource_id: z.string().nullable().optional(),
  /** What booking it takes (docs/decisions/068-payments.md); absent reads as 'none'. */
  payment_mode: paymentModeField.optional(),
  deposit_cents: z.number().nullable().optional(),
});
export type Service = z.infer<typeof serviceResponseSchema>;

/** `/services/:id`. */
export const serviceIdParamsSchema = idParamsOf(CATALOGUE_MESSAGES.invalidServiceId);

export const servicesResponseSchema = listOf('services', serviceResponseSchema);
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;
export const serviceMessageResponseSchema = messageWith('service', serviceResponseSchema);
export const serviceDeleteResponseSchema = z.object({
  message: z.string(),
  /** True when the service had bookings and was archived rather than deleted. */
  archived: z.boolean(),
  service: serviceResponseSchema.nullable(),
});
