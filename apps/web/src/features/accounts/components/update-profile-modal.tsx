import { useTranslation } from '../../../lib/i18n';
import type { Profile } from '@slotwise/shared/accounts-types';
import { profileUpdateSchema } from '@slotwise/shared/accounts-schemas';
import {
  CATALOGUE_MESSAGES,
  radiusIssue,
  type ServiceMode,
} from '@slotwise/shared/catalogue-schemas';
import { z } from '@slotwise/shared/zod';
import { MESSAGES } from '@slotwise/shared/texts';
import { useId, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextAreaField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PasswordField } from '../../../components/password-field';
import { ProfilePictureInput } from '../../../components/profile-picture-input';
import { SubmitButton } from '../../../components/submit-button';
import { showFormFailure } from '../../../lib/form-failure';
import { getStoredUser, updateStoredUser } from '../../../lib/session';
import { useProfilePicture } from '../../../lib/use-profile-picture';
import { useUpdateProfile } from '../api/update-profile';
import { useZodForm } from '../../../lib/use-zod-form';
import { CATALOGUE_FIELDS, type CatalogueFormShape, type ChosenPlace } from '../catalogue-form';
import { CatalogueFields } from './catalogue-fields';

const FORM_FIELDS = ['firstName', 'lastName', 'password', 'specialty', 'bio'] as const;

/**
 * docs/product.md §5's profile rules plus the provider's catalogue fields (docs/product.md §11.1): a blank
 * category or city is left out (a provider without one stays unlisted until choosing), but one
 * already chosen cannot be blanked; the travel radius goes with "I go to my clients" only.
 */
function settingsSchema(profile: Profile) {
  const details = profile.providerDetails;
  const hadCategory = Boolean(details?.category);
  const hadPlace = Boolean(details?.placeId);
  const blankToUndefined = (values: unknown) => {
    const record = { ...(values as Record<string, unknown>) };
    for (const name of ['category', 'placeId'] as const) {
      if (record[name] === '') record[name] = undefined;
    }
    if (record.serviceMode !== 'at_client') record.radiusKm = '';
    return record;
  };
  return z
    .preprocess(
      blankToUndefined,
      profileUpdateSchema(profile.role === 'provider' ? 'provider' : 'client'),
    )
    .superRefine((v, ctx) => {
      if (profile.role !== 'provider') return;
      if (hadCategory && !v.category) {
        ctx.addIssue({
          code: 'custom',
          path: ['category'],
          message: CATALOGUE_MESSAGES.categoryRequired,
        });
      }
      if (hadPlace && !v.placeId) {
        ctx.addIssue({
          code: 'custom',
          path: ['placeId'],
          message: CATALOGUE_MESSAGES.placeRequired,
        });
      }
      const radius = typeof v.radiusKm === 'number' ? v.radiusKm : null;
      const issue = radiusIssue(v.serviceMode ?? null, radius);
      if (issue) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: issue });
    });
}

function storedPlace(profile: Profile): ChosenPlace | null {
  const location = profile.providerDetails?.location;
  if (!location) return null;
  return {
    id: location.placeId,
    name: location.name,
    region: location.region,
    country: location.country,
  };
}

/** The layouts show the signed-in user's name and picture from the stored session user. */
function syncStoredUser(profile: Profile) {
  const current = getStoredUser() ?? {
    id: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    role: profile.role,
    profileImageUrl: profile.profileImageUrl,
    providerId: profile.providerId,
  };
  updateStoredUser({
    ...current,
    firstName: profile.firstName,
    lastName: profile.lastName,
    profileImageUrl: profile.profileImageUrl,
  });
}

/** The form as typed (catalogue fields as text, see CatalogueFields). */
type SettingsFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  specialty: string;
  bio: string;
} & CatalogueFormShape;

interface SettingsOutput {
  firstName: string;
  lastName: string;
  email: string;
  password?: string | undefined;
  specialty?: string | undefined;
  bio?: string | undefined;
  category?: string | undefined;
  placeId?: string | undefined;
  address?: string | null | undefined;
  serviceMode?: ServiceMode | undefined;
  radiusKm?: number | '' | null | undefined;
}

interface UpdateProfileModalProps {
  profile: Profile;
  onClose: () => void;
}

/**
 * docs/product.md §2 Update Profile modal: photo, first and last name, new password, and for providers
 * specialty and bio. Checked on submit (docs/product.md §5); the email is not an input but is checked and
 * sent as the current one.
 */
export function UpdateProfileModal({ profile, onClose }: UpdateProfileModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const isProvider = profile.role === 'provider';
  const picture = useProfilePicture();
  const update = useUpdateProfile();
  const schema = useMemo(() => settingsSchema(profile), [profile]);
  const details = profile.providerDetails;
  const form = useZodForm(
    // The preprocess step takes the form's text values; the resolver types can't see through it.
    schema as unknown as z.ZodType<SettingsOutput, SettingsFormValues>,
    {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      password: '',
      specialty: details?.specialty ?? '',
      bio: details?.bio ?? '',
      category: details?.category ?? '',
      placeId: details?.placeId ?? '',
      address: details?.address ?? '',
      serviceMode: details?.serviceMode ?? 'at_provider',
      radiusKm: details?.radiusKm == null ? '' : String(details.radiusKm),
    },
    'onSubmit',
  );
  const {
    handleSubmit,
    setError,
    field,
    formState: { errors, isSubmitting },
  } = form;
  const busy = isSubmitting || update.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { profile: updated } = await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password || undefined,
        specialty: isProvider ? values.specialty : undefined,
        bio: isProvider ? values.bio : undefined,
        profilePic: picture.file,
        catalogue: isProvider
          ? {
              category: values.category,
              placeId: values.placeId,
              address: values.address ?? '',
              serviceMode: values.serviceMode ?? 'at_provider',
              radiusKm: typeof values.radiusKm === 'number' ? values.radiusKm : null,
            }
          : undefined,
      });
      toast.success(t(MESSAGES.profileUpdated));
      syncStoredUser(updated);
      onClose();
    } catch (error) {
      showFormFailure(error, MESSAGES.updateProfileFailed, setError, [
        ...FORM_FIELDS,
        ...CATALOGUE_FIELDS,
      ]);
    }
  });

  const fullName = `${profile.firstName} ${profile.lastName}`;

  return (
    <Modal
      open
      onClose={close}
      title={t('Update Profile')}
      closeOnBackdrop={!busy}
      footer={
        <>
          <button
            type="button"
            onClick={close}
            disabled={busy}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('Cancel')}
          </button>
          <SubmitButton
            form={formId}
            busy={busy}
            busyText={t('Saving...')}
            disabled={picture.processing}
            look="inline"
            announceBusy
          >
            {t('Save Changes')}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <ProfilePictureInput
          picture={picture}
          label={t('Change photo')}
          currentUrl={profile.profileImageUrl}
          name={fullName}
          disabled={busy}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('First name')}
            type="text"
            autoComplete="given-name"
            {...field('firstName')}
          />
          <TextField
            label={t('Last name')}
            type="text"
            autoComplete="family-name"
            {...field('lastName')}
          />
        </div>
        <PasswordField
          label={t('New password')}
          hint={t('Leave blank to keep your current password.')}
          autoComplete="new-password"
          {...field('password')}
        />
        {isProvider ? (
          <>
            <TextField label={t('Specialty')} type="text" {...field('specialty')} />
            <TextAreaField label={t('Bio')} rows={4} {...field('bio')} />
            <CatalogueFields
              form={form as unknown as UseFormReturn<CatalogueFormShape>}
              initialPlace={storedPlace(profile)}
              allowNoCategory={!details?.category}
              currentZone={profile.timezone}
            />
          </>
        ) : null}
        {/* The email is not an input: a problem with it can only be shown here. */}
        <FormError>{errors.email?.message}</FormError>
        <FormError>{errors.root?.server?.message}</FormError>
      </form>
    </Modal>
  );
}
