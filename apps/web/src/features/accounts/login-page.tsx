import { AuthSwitchLink } from '../../components/auth-switch-link';
import { useNextParam, withNext } from '../../lib/next-path';
import { LoginForm } from './components/login-form';

/** docs/product.md §2 Login (/login). */
export function LoginPage() {
  // Where the visitor was going: `?next=` (a public page's slot) or the guard's state.
  const next = useNextParam();

  return (
    <section
      aria-labelledby="login-title"
      className="mx-auto w-full max-w-md px-4 pt-4 pb-12 sm:px-6"
    >
      <title>Login · Slotwise</title>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 id="login-title" className="text-2xl font-bold text-slate-900">
          Login
        </h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage your appointments.</p>

        <LoginForm next={next} />

        <AuthSwitchLink prompt="Don't have an account?" to={withNext('/register', next)}>
          Sign up
        </AuthSwitchLink>
      </div>
    </section>
  );
}
