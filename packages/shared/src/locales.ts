/**
 * The product's languages (docs/product.md §21.1, docs/decisions/074-languages.md). English is the
 * source: a message's English text is its key, so SPEC's texts stay exactly as written and an
 * English screen needs no catalogue. The other four are catalogues in `locales/<locale>/*.json`.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'de', 'ar'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, for the language switch (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

/** Arabic is written right to left: the page gets `dir="rtl"` and a mirrored layout. */
export function isRightToLeft(locale: Locale): boolean {
  return locale === 'ar';
}

/**
 * The `Intl` locale of each language: its dates, times, numbers and prices. Arabic keeps Latin
 * digits (`-u-nu-latn`), as times and prices are typed and read across the Arabic-speaking
 * markets; English keeps the product's 24-hour times (docs/product.md §14.5) through the formatters'
 * own `hourCycle`, and the others use their locale's own clock, which is 24-hour for all four.
 */
export const INTL_LOCALES: Record<Locale, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ar: 'ar-u-nu-latn',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The first of `tags` (BCP 47, best first) whose language we speak: 'es-MX' → 'es'; else English. */
export function matchLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** An `Accept-Language` header's best language we speak ('de-CH,de;q=0.9,en;q=0.8' → 'de'). */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return matchLocale(ranked.map((entry) => entry.tag));
}

/**
 * Marks a text kept in data (a list of labels, a map of names) as a message key, so the catalogue
 * test (scripts/i18n-completeness.test.ts) finds it; it is translated where it is shown, `t(label)`.
 */
export function msg<Key extends string>(key: Key): Key {
  return key;
}
