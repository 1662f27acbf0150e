import { isRightToLeft, INTL_LOCALES, type Locale } from '@slotwise/shared/locales';
import { formatPrice } from '@slotwise/shared/money';
import type { PublicService } from '@slotwise/shared/discovery-schemas';
import { localBusinessOf, scriptSafeJson } from './json-ld';
import type { PageData } from './page-data';
import { escapeHtml, type HeadParts } from './page-shell';
import type { Translate } from './seo-texts';

/**
 * The words a search engine page carries in its first answer (docs/product.md §21.2): head tags
 * for search results and link previews, the JSON-LD, and the page's facts as plain markup in
 * #root for a crawler that runs no script. The web app replaces that markup when it starts.
 */

/** Search results show about 155 characters of a description. */
const DESCRIPTION_CHARS = 155;

export interface PageContext {
  locale: Locale;
  t: Translate;
  /** PUBLIC_URL, no trailing slash. */
  origin: string;
  /** The path, no query: what the canonical names. */
  path: string;
}

function shorten(text: string, max = DESCRIPTION_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function headTags(
  ctx: PageContext,
  page: { title: string; description: string; type?: string; image?: string | null },
): string {
  const url = `${ctx.origin}${ctx.path}`;
  const e = escapeHtml;
  const tags = [
    `<title>${e(page.title)}</title>`,
    `<meta name="description" content="${e(page.description)}" />`,
    `<link rel="canonical" href="${e(url)}" />`,
    `<meta property="og:site_name" content="Slotwise" />`,
    `<meta property="og:title" content="${e(page.title)}" />`,
    `<meta property="og:description" content="${e(page.description)}" />`,
    `<meta property="og:url" content="${e(url)}" />`,
    `<meta property="og:type" content="${e(page.type ?? 'website')}" />`,
    `<meta property="og:locale" content="${e(INTL_LOCALES[ctx.locale].split('-u-')[0]!)}" />`,
  ];
  if (page.image) tags.push(`<meta property="og:image" content="${e(page.image)}" />`);
  tags.push(
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}" />`,
  );
  return tags.join('');
}

function servicesList(ctx: PageContext, services: readonly PublicService[]): string {
  if (services.length === 0) return '';
  const intl = INTL_LOCALES[ctx.locale];
  const items = services.map((s) => {
    const facts = [
      ctx.t('{{minutes}} min', { minutes: s.duration_minutes }),
      formatPrice(s.price_cents, s.currency, intl),
    ].join(' · ');
    const about = s.description ? `<p>${escapeHtml(s.description)}</p>` : '';
    return `<li><h3>${escapeHtml(s.name)}</h3><p>${escapeHtml(facts)}</p>${about}</li>`;
  });
  return `<h2>${escapeHtml(ctx.t('Services'))}</h2><ul>${items.join('')}</ul>`;
}

function ratingLine(ctx: PageContext, rating: number | null, count: number): string {
  if (rating === null || count === 0) return '';
  const text = ctx.t('Rating: {{rating}} / 5 · Reviews: {{reviews}}', { rating, reviews: count });
  return `<p>${escapeHtml(text)}</p>`;
}

/** Inline styles only (the CSP allows style attributes): a readable column, no layout of its own. */
const COLUMN = 'max-width:48rem;margin:0 auto;padding:1.5rem 1rem';

/** A provider's or a business's page. */
export function entityPage(ctx: PageContext, page: PageData): HeadParts {
  const { t } = ctx;
  const url = `${ctx.origin}${ctx.path}`;
  let name: string;
  let subtitle: string;
  let about: string;
  let image: string | null = null;
  let rating: number | null;
  let reviewCount: number;
  let services: readonly PublicService[];
  let extra = '';
  let description: string;
  if (page.kind === 'provider') {
    const p = page.provider;
    name = `${p.firstName} ${p.lastName}`.trim();
    const city = p.location?.name ?? null;
    subtitle = city ? `${p.specialty} · ${city}` : p.specialty;
    about = p.bio;
    image = p.profileImageUrl ? `${ctx.origin}${p.profileImageUrl}` : null;
    ({ rating, reviewCount, services } = p);
    if (p.business_id && p.business_name) {
      const link = `<a href="/businesses/${escapeHtml(p.business_id)}">${escapeHtml(p.business_name)}</a>`;
      extra = `<p>${escapeHtml(t('Works at'))} ${link}</p>`;
    }
    description = shorten(
      p.bio ||
        t('Book an appointment with {{name}}, {{specialty}}, on Slotwise.', {
          name,
          specialty: p.specialty,
        }),
    );
  } else {
    const b = page.business;
    name = b.name;
    subtitle = page.city ?? '';
    about = '';
    ({ rating, reviewCount, services } = b);
    const staff = b.staff.map(
      (s) =>
        `<li><a href="/providers/${escapeHtml(s.provider_id)}">${escapeHtml(`${s.first_name} ${s.last_name}`.trim())}</a></li>`,
    );
    if (staff.length > 0) extra = `<h2>${escapeHtml(t('Team'))}</h2><ul>${staff.join('')}</ul>`;
    description = shorten(t('Book an appointment at {{name}} on Slotwise.', { name }));
  }
  const title = subtitle ? `${name} – ${subtitle} | Slotwise` : `${name} | Slotwise`;
  const jsonLd = localBusinessOf(page, url, image, description, ctx.locale);
  const head =
    headTags(ctx, { title, description, type: 'profile', image }) +
    `<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`;
  const root =
    `<main style="${COLUMN}"><h1>${escapeHtml(name)}</h1>` +
    (subtitle ? `<p>${escapeHtml(subtitle)}</p>` : '') +
    ratingLine(ctx, rating, reviewCount) +
    (about ? `<p>${escapeHtml(about)}</p>` : '') +
    extra +
    servicesList(ctx, services) +
    '</main>';
  return { lang: ctx.locale, dir: isRightToLeft(ctx.locale) ? 'rtl' : 'ltr', head, root };
}

/** The public search and results page: words for its search result, no content of its own. */
export function resultsPage(ctx: PageContext): HeadParts {
  const head = headTags(ctx, {
    title: ctx.t('Find a service provider | Slotwise'),
    description: ctx.t(
      'Search trusted local service providers by specialty, place, price and rating, and book a free time slot.',
    ),
  });
  return { lang: ctx.locale, dir: isRightToLeft(ctx.locale) ? 'rtl' : 'ltr', head, root: '' };
}
