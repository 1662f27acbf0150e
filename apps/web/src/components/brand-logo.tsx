import { Link } from 'react-router';

/** The product's name, the same in every language. */
const BRAND_NAME = 'Slotwise';

interface BrandLogoProps {
  className?: string;
}

/** The Slotwise mark (same drawing as public/favicon.svg); decorative, so hidden from AT. */
export function BrandLogo({ className = 'size-8' }: BrandLogoProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={className}>
      <rect width="64" height="64" rx="14" fill="#4f46e5" />
      <rect x="14" y="18" width="36" height="32" rx="5" fill="#fff" />
      <rect x="14" y="18" width="36" height="9" rx="4" fill="#c7d2fe" />
      <rect x="21" y="12" width="5" height="11" rx="2.5" fill="#fff" />
      <rect x="38" y="12" width="5" height="11" rx="2.5" fill="#fff" />
      <path
        d="M23 38.5l6 6 12-12"
        fill="none"
        stroke="#4f46e5"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The home link with the mark and the name, as every frame's header (and the footer) shows it. */
export function BrandLink({
  className,
  ariaLabel,
  nameClassName,
}: {
  className: string;
  ariaLabel?: string;
  nameClassName?: string;
}) {
  return (
    <Link to="/" className={className} aria-label={ariaLabel}>
      <BrandLogo className="size-8" />
      <span className={nameClassName}>{BRAND_NAME}</span>
    </Link>
  );
}
