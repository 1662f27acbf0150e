import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../lib/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLink } from './brand-logo';

interface SocialLink {
  name: string;
  href: string;
  /** The icon's outline (an SVG path). */
  path: string;
}

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  className: 'size-5',
  fill: 'currentColor',
} as const;

/** The brands' icon outlines (24 × 24). */
const ICON_PATHS = {
  Facebook:
    'M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4a20 20 0 0 0-2.2-.1c-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z',
  Instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM21 8.1c-.1-1.5-.4-2.8-1.5-3.9S17.1 2.8 15.6 2.7c-1.5-.1-6-.1-7.5 0-1.5.1-2.8.4-3.9 1.5S2.8 6.6 2.7 8.1c-.1 1.5-.1 6 0 7.5.1 1.5.4 2.8 1.5 3.9s2.4 1.4 3.9 1.5c1.5.1 6 .1 7.5 0 1.5-.1 2.8-.4 3.9-1.5s1.4-2.4 1.5-3.9c.1-1.5.1-6 0-7.5Zm-2 9.1a3 3 0 0 1-1.7 1.7c-1.2.5-4 .4-5.3.4s-4.1.1-5.3-.4A3 3 0 0 1 5 17.2c-.5-1.2-.4-4-.4-5.3s-.1-4.1.4-5.3A3 3 0 0 1 6.7 5c1.2-.5 4-.4 5.3-.4s4.1-.1 5.3.4A3 3 0 0 1 19 6.7c.5 1.2.4 4 .4 5.3s.1 4.1-.4 5.3Z',
  X: 'M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.2L5.6 21h-3l7.1-8.1L2.2 3h6.2l4.3 5.7L17.8 3Zm-1 16.2h1.7L7.3 4.7H5.5l11.3 14.5Z',
  LinkedIn:
    'M6.9 8.6H3.6V20h3.3V8.6ZM5.3 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8ZM20.4 13.3c0-3.1-1.7-4.9-4.3-4.9-1.5 0-2.5.8-2.9 1.5V8.6H10V20h3.2v-5.7c0-1.5.3-2.9 2.1-2.9s1.8 1.7 1.8 3V20h3.3v-6.7Z',
};

const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/', path: ICON_PATHS.Facebook },
  { name: 'Instagram', href: 'https://www.instagram.com/', path: ICON_PATHS.Instagram },
  { name: 'X', href: 'https://x.com/', path: ICON_PATHS.X },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', path: ICON_PATHS.LinkedIn },
];

const QUICK_LINKS = [
  { to: '/', label: msg('Home') },
  { to: '/#how-it-works', label: msg('How It Works') },
  { to: '/about', label: msg('About') },
  { to: '/register', label: msg('Sign Up') },
  { to: '/login', label: msg('Login') },
] as const;

/** The office's postal address: a place name, not translated. */
const ADDRESS = '100 Market Street, Suite 300, Springfield';
const SUPPORT_EMAIL = 'support@slotwise.example';
const SUPPORT_PHONE = '+1 (555) 010-2025';

const footerLinkClass = 'rounded text-sm text-slate-300 hover:text-white';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <BrandLink className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-white" />
          <p className="mt-3 text-sm leading-6">
            {t('Book trusted local services and schedule your appointments with ease.')}
          </p>
        </div>

        <FooterColumn as="nav" titleId="footer-quick-links" title={t('Quick links')}>
          <ul className="mt-4 space-y-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLinkClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </FooterColumn>

        <FooterColumn
          id="contact"
          className="scroll-mt-20"
          titleId="footer-contact"
          title={t('Contact')}
        >
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p>
              {t('Email:')}{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`} className={footerLinkClass}>
                {SUPPORT_EMAIL}
              </a>
            </p>
            <p>
              {t('Phone:')}{' '}
              <a href="tel:+15550102025" dir="ltr" className={footerLinkClass}>
                {SUPPORT_PHONE}
              </a>
            </p>
            <p>{ADDRESS}</p>
          </address>
        </FooterColumn>

        <FooterColumn titleId="footer-social" title={t('Follow us')}>
          <ul className="mt-4 flex gap-3">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('Slotwise on {{network}} (opens in a new tab)', {
                    network: link.name,
                  })}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-indigo-600 hover:text-white"
                >
                  <svg {...iconProps}>
                    <path d={link.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          {t('© {{year}} Slotwise. All rights reserved.', { year })}
        </p>
      </div>
    </footer>
  );
}

/** A footer column, labelled by its title (whose id is `titleId`). */
function FooterColumn({
  as: Column = 'section',
  id,
  className,
  titleId,
  title,
  children,
}: {
  as?: 'nav' | 'section';
  id?: string;
  className?: string;
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Column id={id} aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      {children}
    </Column>
  );
}
