import { useTranslation } from '../lib/i18n';
import { useId } from 'react';
import { PROFILE_PICTURE_ACCEPT } from '../lib/profile-picture';
import type { ProfilePictureState } from '../lib/use-profile-picture';
import { Avatar } from './avatar';

interface ProfilePictureInputProps {
  /** State from useProfilePicture(). */
  picture: ProfilePictureState;
  label: string;
  /** What to show before a new picture is chosen (e.g. the current profile picture). */
  currentUrl?: string | null;
  /** Name of the person, for the preview's alt text. */
  name?: string;
  disabled?: boolean;
}

/**
 * Picture chooser with preview (docs/product.md §2): image files only (`accept`, plus the type check and
 * compression of useProfilePicture).
 */
export function ProfilePictureInput({
  picture,
  label,
  currentUrl = null,
  name,
  disabled = false,
}: ProfilePictureInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center">
      {picture.previewUrl ? (
        <img
          src={picture.previewUrl}
          alt={t('Profile picture preview')}
          className="size-24 shrink-0 rounded-full border border-slate-200 object-cover"
        />
      ) : (
        <Avatar
          src={currentUrl}
          name={name}
          alt={currentUrl ? t('Current profile picture') : t('No profile picture')}
          fallback="image"
          size="xl"
          className="border border-slate-200"
        />
      )}
      <div className="w-full min-w-0">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          key={picture.inputKey}
          id={inputId}
          type="file"
          accept={PROFILE_PICTURE_ACCEPT}
          disabled={disabled || picture.processing}
          aria-describedby={hintId}
          onChange={(event) => void picture.select(event.target.files?.[0])}
          className="mt-1 block w-full min-w-0 text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
        />
        <p id={hintId} className="mt-1 text-xs text-slate-600" aria-live="polite">
          {picture.processing ? t('Processing picture...') : t('JPEG, PNG or GIF.')}
        </p>
      </div>
    </div>
  );
}
