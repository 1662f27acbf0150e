import { msg } from './locales';
import { requiredText, z } from './zod';
import { MESSAGES } from './texts';
import { USER_ROLES, type UserRole } from './enums';
import { providerCatalogueFields } from './catalogue-schemas';
import { emailField } from './accounts-login-schemas';

/**
 * docs/product.md §5 rules, written once: the forms and the server parse with these. The email
 * field and the login schema live in accounts-login-schemas.ts (the login screen loads that alone).
 */

export const registrationPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(8, MESSAGES.passwordMin)
  .max(15, MESSAGES.passwordMax);

export const roleField = z.enum(USER_ROLES, { error: MESSAGES.roleRequired });

/** The registration form (docs/product.md §3 registration form values). */
export const registerFormSchema = z
  .object({
    fullName: requiredText(MESSAGES.fullNameRequired).max(
      101,
      msg('Full name must be at most 50 characters'),
    ),
    email: emailField,
    password: registrationPasswordField,
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, MESSAGES.confirmPasswordRequired),
    role: roleField,
    terms: z.literal(true, { error: MESSAGES.termsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMustMatch,
    // Compare as soon as both passwords are typed, even while other fields (e.g. the terms
    // box, still unticked) are invalid: by default Zod skips the check until they all pass.
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown } | null;
      return (
        typeof v?.password === 'string' &&
        typeof v.confirmPassword === 'string' &&
        v.confirmPassword !== ''
      );
    },
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

/** docs/product.md §3: split at the first space; the rest is the last name, or '-' when none. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '-' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/** What the register call sends (multipart fields). */
export const registerBodySchema = z.object({
  firstName: requiredText(MESSAGES.fullNameRequired).max(
    50,
    msg('First name must be at most 50 characters'),
  ),
  lastName: z
    .string()
    .trim()
    .max(50, msg('Last name must be at most 50 characters'))
    .optional()
    .default('-'),
  email: emailField,
  password: registrationPasswordField,
  role: roleField.optional().default('client'),
  timezone: z.string().trim().max(64).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const emailFormSchema = z.object({ email: emailField });
export type EmailFormValues = z.input<typeof emailFormSchema>;

export const specialtyField = requiredText(MESSAGES.specialtyRequired).max(
  80,
  msg('Specialty must be at most 80 characters'),
);
export const bioField = z.string().trim().max(1000, msg('Bio must be at most 1000 characters'));

export const providerProfileFormSchema = z.object({
  specialty: specialtyField,
  bio: bioField.optional().default(''),
});
export type ProviderProfileFormValues = z.input<typeof providerProfileFormSchema>;

/**
 * POST /auth/register/provider: SPEC's `{userId, specialty, bio}` plus the optional catalogue
 * fields (category, placeId, address, serviceMode, radiusKm — docs/decisions/041-catalogue.md).
 */
export const providerProfileBodySchema = providerProfileFormSchema.extend({
  userId: z.uuid(msg('Invalid user id')),
  ...providerCatalogueFields,
});

export const verifyEmailBodySchema = z.object({
  token: z.string().trim().min(1, MESSAGES.verificationLinkInvalid).max(200),
});

/** docs/product.md §5 profile update (the modal). Specialty is required only for providers: see refine. */
export function profileUpdateSchema(role: UserRole) {
  return z
    .object({
      firstName: requiredText(MESSAGES.firstNameRequired).max(
        50,
        msg('First name must be at most 50 characters'),
      ),
      lastName: requiredText(MESSAGES.lastNameRequired).max(
        50,
        msg('Last name must be at most 50 characters'),
      ),
      email: requiredText(MESSAGES.emailRequired)
        .max(254, MESSAGES.emailInvalidFormat)
        .email(MESSAGES.emailInvalidFormat),
      password: z
        .string()
        .max(200, msg('Password must be at most 200 characters'))
        .optional()
        .refine((v) => !v || v.length >= 6, MESSAGES.profilePasswordMin),
      specialty: z
        .string()
        .trim()
        .max(80, msg('Specialty must be at most 80 characters'))
        .optional(),
      bio: bioField.optional(),
      // Providers only (ignored for clients): docs/decisions/041-catalogue.md.
      ...providerCatalogueFields,
    })
    .superRefine((v, ctx) => {
      if (role === 'provider' && !v.specialty) {
        ctx.addIssue({ code: 'custom', path: ['specialty'], message: MESSAGES.specialtyRequired });
      }
    });
}
export type ProfileUpdateValues = z.input<ReturnType<typeof profileUpdateSchema>>;

/** Profile pictures: docs/product.md §5 types; recognised by content on the server. */
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/jpg'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PX = 500;
export const IMAGE_MAX_MB = 0.5;
