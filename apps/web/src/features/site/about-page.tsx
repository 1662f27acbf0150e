import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../../lib/i18n';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';

// docs/product.md §2 (About page): story, milestones, mission and values, team, statistics and a call to
// action. The statistics are placeholder marketing copy (docs/product.md §1) and the links placeholders.

const MILESTONES = [
  {
    when: msg('January 2025'),
    title: msg('Slotwise is founded'),
    text: msg(
      'Two friends tired of phone tag set out to make booking a local pro as easy as ordering a coffee.',
    ),
  },
  {
    when: msg('April 2025'),
    title: msg('First providers on board'),
    text: msg('Barbers, tutors and cleaners in our home town publish their first time slots.'),
  },
  {
    when: msg('August 2025'),
    title: msg('Real-time notifications'),
    text: msg(
      'Providers and clients hear about new, canceled and rescheduled appointments the moment they happen.',
    ),
  },
  {
    when: msg('December 2025'),
    title: msg('Eight categories and growing'),
    text: msg(
      'From mechanics to photographers, Slotwise now covers the services people book most.',
    ),
  },
] as const;

const VALUES = [
  {
    title: msg('Trust'),
    text: msg('Verified accounts and clear booking rules, so both sides know what to expect.'),
  },
  {
    title: msg('Simplicity'),
    text: msg('Search, book and connect in a few clicks, on any device.'),
  },
  {
    title: msg('Community'),
    text: msg('We help independent local providers grow their business.'),
  },
  {
    title: msg('Reliability'),
    text: msg('One slot, one booking: no double bookings and no surprises.'),
  },
] as const;

const TEAM = [
  { name: 'Amara Okafor', role: msg('Co-founder & CEO') },
  { name: 'Daniel Reyes', role: msg('Co-founder & CTO') },
  { name: 'Priya Nair', role: msg('Head of Design') },
  { name: 'Lukas Becker', role: msg('Provider Success Lead') },
] as const;

const STATS = [
  { label: msg('Businesses served'), value: '2,500+' },
  { label: msg('Appointments booked'), value: '150,000+' },
  { label: msg('Customer satisfaction'), value: '98%' },
] as const;

const sectionTitle = 'text-3xl font-bold tracking-tight text-slate-900';

/** One titled band of the page: `id` names its heading (`<id>-title`), which labels it. */
function AboutSection({
  id,
  title,
  className,
  width,
  children,
}: {
  id: string;
  title: string;
  className: string;
  width: 'max-w-4xl' | 'max-w-6xl';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <div className={`mx-auto ${width} px-4 py-16 sm:px-6`}>
        <h2 id={`${id}-title`} className={sectionTitle}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t('About · Slotwise')}</title>
      <section aria-labelledby="about-title" className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1
            id="about-title"
            className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            {t('About Slotwise')}
          </h1>
          <p className="mt-5 text-lg leading-8 text-slate-600">
            {t(
              'We connect people with trusted local service providers and help everyone schedule their appointments with ease.',
            )}
          </p>
        </div>
      </section>

      <AboutSection id="story" title={t('Our story')} className="bg-white" width="max-w-4xl">
        <div className="mt-6 space-y-4 text-lg leading-8 text-slate-700">
          <p>
            {t(
              'Slotwise was founded in 2025 with a simple idea: finding a good barber, tutor or plumber should not take a dozen phone calls. Local providers were juggling paper diaries and missed messages, and their clients were left waiting for call-backs.',
            )}
          </p>
          <p>
            {t(
              'So we built one place where providers publish their availability and clients book a time that suits them, with instant confirmation and real-time updates for both.',
            )}
          </p>
        </div>
      </AboutSection>

      <AboutSection
        id="milestones"
        title={t('Milestones')}
        className="bg-slate-50"
        width="max-w-4xl"
      >
        <ol className="mt-8 space-y-8 border-s-2 border-indigo-200 ps-6">
          {MILESTONES.map((milestone) => (
            <li key={milestone.title} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -start-[31px] size-3 rounded-full bg-indigo-600 ring-4 ring-slate-50"
              />
              <p className="text-sm font-semibold text-indigo-700">{t(milestone.when)}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{t(milestone.title)}</h3>
              <p className="mt-1 text-slate-600">{t(milestone.text)}</p>
            </li>
          ))}
        </ol>
      </AboutSection>

      <AboutSection
        id="mission"
        title={t('Our mission and values')}
        className="bg-white"
        width="max-w-6xl"
      >
        <p className="mt-6 max-w-3xl text-lg leading-8 text-slate-700">
          {t(
            'Our mission is to make local services easy to find, easy to book and easy to offer, so that providers can focus on their craft and clients on what matters to them.',
          )}
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{t(value.title)}</h3>
              <p className="mt-2 text-slate-600">{t(value.text)}</p>
            </li>
          ))}
        </ul>
      </AboutSection>

      <AboutSection id="team" title={t('Meet the team')} className="bg-slate-50" width="max-w-6xl">
        <ul className="mt-10 grid grid-cols-1 gap-6 min-[420px]:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((member) => (
            <li
              key={member.name}
              className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
            >
              <Avatar name={member.name} alt="" size="xl" />
              <h3 className="mt-4 font-semibold text-slate-900">{member.name}</h3>
              <p className="text-sm text-slate-600">{t(member.role)}</p>
            </li>
          ))}
        </ul>
      </AboutSection>

      <section aria-labelledby="stats-title" className="bg-indigo-700">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="stats-title" className="text-center text-3xl font-bold tracking-tight text-white">
            {t('Slotwise in numbers')}
          </h2>
          <dl className="mt-10 grid gap-6 text-center sm:grid-cols-3">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse rounded-2xl bg-indigo-800/60 p-6"
              >
                <dt className="mt-2 text-indigo-100">{t(stat.label)}</dt>
                <dd className="text-4xl font-extrabold text-white">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="bg-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:px-6">
          <h2 id="about-cta-title" className={sectionTitle}>
            {t('Ready to grow with Slotwise?')}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">
            {t(
              'Start a free trial and publish your first time slots today, or talk to our team about bringing Slotwise to your business.',
            )}
          </p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Link
              to="/register"
              className="inline-flex items-center justify-center rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-indigo-700"
            >
              {t('Start Free Trial')}
            </Link>
            <a
              href="#contact"
              className="inline-flex items-center justify-center rounded-lg border border-indigo-200 px-6 py-3 font-semibold text-indigo-700 hover:bg-indigo-50"
            >
              {t('Contact Sales')}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
