import { useTranslation } from '../../lib/i18n';
import { AuthSwitchLink } from '../../components/auth-switch-link';
import { useNextParam, withNext } from '../../lib/next-path';
import { LoginForm } from './components/login-form';

/** docs/product.md §2 Login (/login). */
export function LoginPage() {
  const { t } = useTranslation();
  // Where the visitor was going: `?next=` (a public page's slot) or the guard's state.
  const next = useNextParam();

  return (
    <section
      aria-labelledby="login-title"
      className="mx-auto w-full max-w-md px-4 pt-4 pb-12 sm:px-6"
    >
      <title>{t('Login · Slotwise')}</title>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 id="login-title" className="text-2xl font-bold text-slate-900">
          {t('Login')}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t('Sign in to manage your appointments.')}</p>

        <LoginForm next={next} />

        <AuthSwitchLink prompt={t("Don't have an account?")} to={withNext('/register', next)}>
          {t('Sign up')}
        </AuthSwitchLink>
      </div>
    </section>
  );
}
