import { requiredText, z } from './zod';
import { MESSAGES } from './texts';

/**
 * The login form and POST /auth/login (docs/product.md §5), on their own: the login screen loads
 * this small module alone instead of every account schema (docs/decisions/053-lean-login-route.md).
 */

export const emailField = requiredText(MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .email(MESSAGES.emailInvalid);

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(200, MESSAGES.invalidCredentials),
});
export type LoginValues = z.input<typeof loginSchema>;
