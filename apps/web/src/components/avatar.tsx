import { useState } from 'react';
import { getInitials } from '../lib/initials';

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

const SIZES = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-lg',
  xl: 'size-24 text-2xl',
} as const;

export type AvatarSize = keyof typeof SIZES;

interface AvatarProps {
  /** Profile image URL; missing, empty or failing URLs fall back (docs/product.md §9). */
  src?: string | null;
  /** The person's full name: used for the alt text and the initials fallback. */
  name?: string | null;
  /** Overrides the alt text; pass '' when the name is already shown next to the avatar. */
  alt?: string;
  size?: AvatarSize;
  /** What to show without a usable image: initials (when a name is known) or the default image. */
  fallback?: 'initials' | 'image';
  className?: string;
}

export function Avatar({
  src,
  name,
  alt,
  size = 'md',
  fallback = 'initials',
  className = '',
}: AvatarProps) {
  // Remember which URL failed, so a new URL gets a fresh try without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = alt ?? (name ? name : 'User avatar');
  const base = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${SIZES[size]} ${className}`;

  const usable = src && src.trim() !== '' && src !== failedSrc ? src : null;
  if (usable) {
    return (
      <img
        src={usable}
        alt={label}
        className={`${base} object-cover`}
        onError={() => setFailedSrc(usable)}
      />
    );
  }

  const initials = getInitials(name);
  if (fallback === 'initials' && initials) {
    return (
      <span
        role={label ? 'img' : undefined}
        aria-label={label || undefined}
        aria-hidden={label ? undefined : true}
        className={`${base} bg-indigo-100 font-semibold text-indigo-800`}
      >
        <span aria-hidden="true">{initials}</span>
      </span>
    );
  }

  return (
    <img src={DEFAULT_AVATAR_URL} alt={label} className={`${base} bg-slate-200 object-cover`} />
  );
}
