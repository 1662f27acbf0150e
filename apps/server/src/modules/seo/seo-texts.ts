import { type Locale, localeFromAcceptLanguage } from '@slotwise/shared/locales';
import ar from '@slotwise/shared/locales/ar';
import de from '@slotwise/shared/locales/de';
import es from '@slotwise/shared/locales/es';
import fr from '@slotwise/shared/locales/fr';

/**
 * The words of the search engine pages (docs/product.md §21.2) in the reader's language: the
 * English text is the key (docs/decisions/074-languages.md), the other four come from their
 * catalogues (area `seo`). Placeholders are i18next's `{{name}}`.
 */
const CATALOGUES: Record<Exclude<Locale, 'en'>, Record<string, string>> = { es, fr, de, ar };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** `translate(locale, 'Services')`: the key's text in `locale`, placeholders filled. */
export function translate(
  locale: Locale,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const text = locale === 'en' ? key : (CATALOGUES[locale][key] ?? key);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The translator of a request's `Accept-Language`, and the language it chose. */
export function translatorFor(acceptLanguage: string | undefined): {
  locale: Locale;
  t: Translate;
} {
  const locale = localeFromAcceptLanguage(acceptLanguage);
  return { locale, t: (key, values) => translate(locale, key, values) };
}
