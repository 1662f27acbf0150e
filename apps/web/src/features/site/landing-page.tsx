import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../../lib/i18n';
import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { OutlineIcon } from '../../components/outline-icon';

const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-indigo-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-indigo-700';
const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-indigo-200 bg-white px-6 py-3 text-base font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50';

interface Step {
  title: string;
  description: string;
  icon: IconShape[];
}

/** An icon's outline: a path's `d`, or another SVG element with its attributes (24 × 24). */
type IconShape = string | ['circle' | 'rect', Record<string, number | string>];

function LineIcon({ shapes }: { shapes: readonly IconShape[] }) {
  return (
    <OutlineIcon>
      {shapes.map((shape, index) =>
        typeof shape === 'string' ? (
          <path key={index} d={shape} />
        ) : (
          createElement(shape[0], { key: index, ...shape[1] })
        ),
      )}
    </OutlineIcon>
  );
}

// docs/product.md §2: Search (by category or location), Book (pick a time, confirm instantly),
// Connect (meet the provider).
const STEPS: readonly Step[] = [
  {
    title: msg('Search'),
    description: msg('Search by category or location to find the right provider near you.'),
    icon: [['circle', { cx: 11, cy: 11, r: 7 }], 'm20 20-3.5-3.5'],
  },
  {
    title: msg('Book'),
    description: msg('Pick a time that suits you and confirm instantly.'),
    icon: [
      ['rect', { x: 3, y: 5, width: 18, height: 16, rx: 2 }],
      'M16 3v4M8 3v4M3 10h18M9 15l2 2 4-4',
    ],
  },
  {
    title: msg('Connect'),
    description: msg('Meet the provider and get the job done.'),
    icon: [
      ['circle', { cx: 9, cy: 8, r: 3.5 }],
      'M2.5 20c.8-3.5 3.3-5.5 6.5-5.5s5.7 2 6.5 5.5',
      'M16 4.5a3.5 3.5 0 0 1 0 7M18 14.8c1.8.8 3 2.5 3.5 5.2',
    ],
  },
];

interface Category {
  name: string;
  blurb: string;
  icon: IconShape[];
}

// SPEC: barber, driver, tutor, photographer, mechanic, plumber, electrician, cleaner; each tile
// links to /providers?category=<slug> (docs/product.md §11.2; the slug is the lower-case name).
const CATEGORIES: readonly Category[] = [
  {
    name: msg('Barber'),
    blurb: msg('Cuts, fades and beard trims'),
    icon: [
      ['circle', { cx: 6, cy: 6, r: 3 }],
      ['circle', { cx: 6, cy: 18, r: 3 }],
      'M8.1 8.1 20 20M8.1 15.9 20 4',
    ],
  },
  {
    name: msg('Driver'),
    blurb: msg('Rides, errands and airport runs'),
    icon: [
      'M5 16h14M5 16v3M19 16v3M5 16l1.5-6.5A2 2 0 0 1 8.4 8h7.2a2 2 0 0 1 1.9 1.5L19 16',
      ['circle', { cx: 8, cy: 13, r: '.5' }],
      ['circle', { cx: 16, cy: 13, r: '.5' }],
    ],
  },
  {
    name: msg('Tutor'),
    blurb: msg('Lessons for every subject and level'),
    icon: ['m2 9 10-5 10 5-10 5L2 9Z', 'M6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6'],
  },
  {
    name: msg('Photographer'),
    blurb: msg('Portraits, events and products'),
    icon: [
      'M3 8a2 2 0 0 1 2-2h2l2-2h6l2 2h2a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8Z',
      ['circle', { cx: 12, cy: 13, r: 4 }],
    ],
  },
  {
    name: msg('Mechanic'),
    blurb: msg('Repairs, servicing and check-ups'),
    icon: [
      'M14.7 6.3a4 4 0 0 0 5 5L21 10a6 6 0 0 1-7.6 5.2L6 22.6A2.1 2.1 0 0 1 3 19.6l7.4-7.4A6 6 0 0 1 15.7 4.6Z',
    ],
  },
  {
    name: msg('Plumber'),
    blurb: msg('Leaks, fittings and installations'),
    icon: ['M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11Z'],
  },
  {
    name: msg('Electrician'),
    blurb: msg('Wiring, lighting and safety checks'),
    icon: ['M13 2 4 14h7l-1 8 9-12h-7l1-8Z'],
  },
  {
    name: msg('Cleaner'),
    blurb: msg('Homes, offices and deep cleans'),
    icon: [
      'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3ZM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z',
    ],
  },
];

function Hero({ search }: { search: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-indigo-50 to-white"
    >
      {/* One column: the real top-rated providers follow right under it (docs/product.md §14.2). */}
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
        <div className="max-w-2xl">
          <p className="inline-block rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-800 first-letter:uppercase">
            {t('schedule your appointments with ease')}
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {t('Book Trusted Services Near You')}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">
            {t('Connecting you with top-rated providers in your community')}
          </p>
          {search}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={primaryButton}>
              {t('Find a Provider')}
            </Link>
            <Link to="/register" className={secondaryButton}>
              {t('Join as Provider')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A titled band with a centred intro: `id` anchors it and names its heading (`<id>-title`). */
function LandingSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={className}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2
          id={`${id}-title`}
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{intro}</p>
        {children}
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="how-it-works"
      title={t('How it works')}
      intro={t('Three simple steps from searching to sitting down with a pro.')}
      className="bg-white"
    >
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-white">
                <LineIcon shapes={step.icon} />
              </span>
              <span className="text-sm font-semibold text-indigo-700">
                {t('Step {{number}}', { number: index + 1 })}
              </span>
            </div>
            <h3 className="mt-4 text-xl font-semibold text-slate-900">{t(step.title)}</h3>
            <p className="mt-2 text-slate-600">{t(step.description)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

function Categories() {
  const { t } = useTranslation();
  return (
    <LandingSection
      id="categories"
      title={t('Popular Categories')}
      intro={t('Whatever you need done, there is a trusted local provider ready to help.')}
      className="bg-slate-50"
    >
      <ul className="mt-12 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {CATEGORIES.map((category) => (
          <li key={category.name}>
            {/* docs/product.md §11.2: each tile lists its category's providers. */}
            <Link
              to={`/providers?category=${category.name.toLowerCase()}`}
              className="flex h-full flex-col items-center rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm hover:border-indigo-300 hover:shadow-md"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
                <LineIcon shapes={category.icon} />
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{t(category.name)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(category.blurb)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function CallToAction() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cta-title" className="bg-indigo-700">
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white">
          {t('Ready to get started?')}
        </h2>
        <p className="mt-3 max-w-xl text-indigo-100">
          {t(
            'Create a free account in minutes, whether you are booking a service or offering one.',
          )}
        </p>
        <Link
          to="/register"
          className="mt-8 inline-flex items-center justify-center rounded-lg bg-white px-6 py-3 text-base font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50"
        >
          {t('Sign Up Now')}
        </Link>
      </div>
    </section>
  );
}

/**
 * `search`: the what + where + when form, `featured`: the top-rated providers band (both
 * features/discovery, composed in by app/; docs/product.md §14.2).
 */
export function LandingPage({
  search = null,
  featured = null,
}: {
  search?: ReactNode;
  featured?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <title>{t('Slotwise · Book Trusted Services Near You')}</title>
      <Hero search={search} />
      {featured}
      <HowItWorks />
      <Categories />
      <CallToAction />
    </>
  );
}
