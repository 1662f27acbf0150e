import { useTranslation } from '../../lib/i18n';
import { providerProfileFormSchema } from '@slotwise/shared/accounts-schemas';
import { providerCatalogueFormSchema } from '@slotwise/shared/catalogue-schemas';
import { z } from '@slotwise/shared/zod';
import { MESSAGES } from '@slotwise/shared/texts';
import { type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextAreaField, TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { showFormFailure } from '../../lib/form-failure';
import { useRegisterProvider } from './api/register-provider';
import { CATALOGUE_FIELDS, type CatalogueFormShape } from './catalogue-form';
import { CatalogueFields } from './components/catalogue-fields';
import { useZodForm } from '../../lib/use-zod-form';
import { AuthCard } from '../../components/auth-card';

/** SPEC's specialty and bio, plus category, city and service mode (docs/product.md §11.1). */
const onboardingSchema = z.intersection(providerProfileFormSchema, providerCatalogueFormSchema);

interface OnboardingState {
  userId: string | null;
  email: string | null;
  /** When registration sent the verification mail (epoch ms), passed on to its screen. */
  mailSentAt: number | null;
}

/** The navigation state /register leaves for a provider: {userId, email} (docs/product.md §2). */
function readOnboardingState(state: unknown): OnboardingState {
  const record =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const mailSentAt = typeof record.mailSentAt === 'number' ? record.mailSentAt : null;
  return { userId: text(record.userId), email: text(record.email), mailSentAt };
}

/** docs/product.md §2 Provider profile completion (/register-provider). */
export function RegisterProviderPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { userId, email, mailSentAt } = readOnboardingState(location.state);

  return (
    <AuthCard
      titleId="register-provider-title"
      pageTitle={t('Complete Your Provider Profile')}
      heading={t('Complete Your Provider Profile')}
      width="lg"
    >
      {userId ? (
        <ProviderProfileForm userId={userId} email={email} mailSentAt={mailSentAt} />
      ) : (
        <div className="mt-4 space-y-4 text-sm text-slate-700">
          <p role="alert">{t(MESSAGES.registrationDetailsMissing)}</p>
          <Link
            to="/register"
            className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
          >
            {t('Go to registration')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

function ProviderProfileForm({
  userId,
  email,
  mailSentAt,
}: Pick<OnboardingState, 'email' | 'mailSentAt'> & { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completion = useRegisterProvider();
  const form = useZodForm(onboardingSchema, {
    specialty: '',
    bio: '',
    category: '',
    placeId: '',
    address: '',
    serviceMode: 'at_provider',
    radiusKm: '',
  });
  const { handleSubmit, setError, field } = form;
  const { isSubmitting } = form.formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await completion.mutateAsync({
        userId,
        specialty: values.specialty,
        bio: values.bio,
        category: values.category,
        placeId: values.placeId,
        ...(values.address ? { address: values.address } : {}),
        serviceMode: values.serviceMode,
        ...(values.serviceMode === 'at_client' && typeof values.radiusKm === 'number'
          ? { radiusKm: values.radiusKm }
          : {}),
      });
      toast.success(t(MESSAGES.providerProfileCompleted));
      void navigate('/email-verification', { state: { email, mailSentAt } });
    } catch (error) {
      toast.error(t(MESSAGES.somethingWentWrong));
      showFormFailure(error, MESSAGES.somethingWentWrong, setError, [
        'specialty',
        'bio',
        ...CATALOGUE_FIELDS,
      ]);
    }
  });

  const busy = isSubmitting || completion.isPending;

  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        {t('Tell clients what you do. You can change this later in your settings.')}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField
          label={t('Specialty')}
          hint={t('For example: Barber, Tutor, Plumber.')}
          type="text"
          {...field('specialty')}
        />
        <TextAreaField label={t('Bio (optional)')} rows={4} {...field('bio')} />
        <CatalogueFields
          form={form as unknown as UseFormReturn<CatalogueFormShape>}
          initialPlace={null}
          allowNoCategory
        />
        <FormError>{form.formState.errors.root?.server?.message}</FormError>
        <SubmitButton busy={busy} busyText={t('Saving...')}>
          {t('Complete Profile')}
        </SubmitButton>
      </form>
    </>
  );
}
