import type { LoginValues } from '@slotwise/shared/accounts-login-schemas';
import type { Resolver } from 'react-hook-form';

type LoginResolver = Resolver<LoginValues, unknown, LoginValues>;

let loading: Promise<LoginResolver> | null = null;

/**
 * Fetches Zod, its form resolver and the shared login schema once. Called when the form gets focus,
 * so they are in by the first blur; the login screen itself does not wait for them
 * (docs/decisions/053-lean-login-route.md).
 */
export function preloadLoginResolver(): Promise<LoginResolver> {
  loading ??= Promise.all([
    import('@hookform/resolvers/zod'),
    import('@slotwise/shared/accounts-login-schemas'),
  ]).then(
    ([{ zodResolver }, { loginSchema }]) => zodResolver(loginSchema),
    (error: unknown) => {
      loading = null; // a failed fetch is tried again on the next validation
      throw error;
    },
  );
  return loading;
}

/** zodResolver(loginSchema), the same rules and messages as the server's, loaded on first use. */
export const loginResolver: LoginResolver = async (values, context, options) =>
  (await preloadLoginResolver())(values, context, options);
