import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@slotwise/shared/api-types';
import { profileUpdateSchema } from '@slotwise/shared/auth-schemas';
import { MESSAGES } from '@slotwise/shared/messages';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextAreaField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PasswordField } from '../../../components/password-field';
import { ProfilePictureInput } from '../../../components/profile-picture-input';
import { SubmitButton } from '../../../components/submit-button';
import { failureMessage, serverFieldErrors } from '../../../lib/failure-message';
import { getStoredUser, updateStoredUser } from '../../../lib/session';
import { useProfilePicture } from '../../../lib/use-profile-picture';
import { useUpdateProfile } from '../api/update-profile';
import { bindFields } from '../../../lib/bind-fields';

const FORM_FIELDS = ['firstName', 'lastName', 'password', 'specialty', 'bio'] as const;

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

interface UpdateProfileModalProps {
  profile: Profile;
  onClose: () => void;
}

/**
 * SPEC §2 Update Profile modal: photo, first and last name, new password, and for providers
 * specialty and bio. Checked on submit (SPEC §5); the email is not an input but is checked and
 * sent as the current one.
 */
export function UpdateProfileModal({ profile, onClose }: UpdateProfileModalProps) {
  const formId = useId();
  const isProvider = profile.role === 'provider';
  const picture = useProfilePicture();
  const update = useUpdateProfile();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const schema = useMemo(() => profileUpdateSchema(profile.role), [profile.role]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      password: '',
      specialty: profile.providerDetails?.specialty ?? '',
      bio: profile.providerDetails?.bio ?? '',
    },
  });
  const field = bindFields(register, errors);
  const busy = isSubmitting || update.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const { profile: updated } = await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password || undefined,
        specialty: isProvider ? values.specialty : undefined,
        bio: isProvider ? values.bio : undefined,
        profilePic: picture.file,
      });
      toast.success(MESSAGES.profileUpdated);
      syncStoredUser(updated);
      onClose();
    } catch (error) {
      setGeneralError(failureMessage(error, MESSAGES.updateProfileFailed));
      const fieldErrors = serverFieldErrors(error);
      for (const field of FORM_FIELDS) {
        const message = fieldErrors[field];
        if (message) setError(field, { type: 'server', message });
      }
    }
  });

  const fullName = `${profile.firstName} ${profile.lastName}`;

  return (
    <Modal
      open
      onClose={close}
      title="Update Profile"
      closeOnBackdrop={!busy}
      footer={
        <>
          <button
            type="button"
            onClick={close}
            disabled={busy}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Cancel
          </button>
          <SubmitButton
            form={formId}
            busy={busy}
            busyText="Saving..."
            disabled={picture.processing}
            look="inline"
            announceBusy
          >
            Save Changes
          </SubmitButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        <ProfilePictureInput
          picture={picture}
          label="Change photo"
          currentUrl={profile.profileImageUrl}
          name={fullName}
          disabled={busy}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            type="text"
            autoComplete="given-name"
            {...field('firstName')}
          />
          <TextField
            label="Last name"
            type="text"
            autoComplete="family-name"
            {...field('lastName')}
          />
        </div>
        <PasswordField
          label="New password"
          hint="Leave blank to keep your current password."
          autoComplete="new-password"
          {...field('password')}
        />
        {isProvider ? (
          <>
            <TextField label="Specialty" type="text" {...field('specialty')} />
            <TextAreaField label="Bio" rows={4} {...field('bio')} />
          </>
        ) : null}
        {/* The email is not an input: a problem with it can only be shown here. */}
        <FormError>{errors.email?.message}</FormError>
        <FormError>{generalError}</FormError>
      </form>
    </Modal>
  );
}
