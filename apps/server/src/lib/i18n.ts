import i18next, { type TOptions } from 'i18next';
import ar from '@slotwise/shared/locales/ar';
import de from '@slotwise/shared/locales/de';
import en from '@slotwise/shared/locales/en';
import es from '@slotwise/shared/locales/es';
import fr from '@slotwise/shared/locales/fr';
import {
  DEFAULT_LOCALE,
  INTL_LOCALES,
  isLocale,
  localeFromAcceptLanguage,
  SUPPORTED_LOCALES,
} from '@slotwise/shared/locales';
import type { Locale } from '@slotwise/shared/locales';

/**
 * The server's words in the reader's language (docs/product.md §21.1, docs/decisions/074-languages.md):
 * one i18next instance holding all five catalogues, the English text as the key. English needs no
 * catalogue but its plural forms, so an English answer is the key itself, byte for byte.
 */
const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  resources: {
    en: { translation: en },
    es: { translation: es },
    fr: { translation: fr },
    de: { translation: de },
    ar: { translation: ar },
  },
  // Keys are English sentences: '.' and ':' in them are text, not paths.
  keySeparator: false,
  nsSeparator: false,
  // Mail HTML escapes its own values; JSON, .ics and SMS are not HTML.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

/** `key` (its English text) in `locale`, with `{{name}}` placeholders filled from `params`. */
export function translate(
  locale: Locale | null | undefined,
  key: string,
  params?: Record<string, unknown>,
): string {
  const lng = locale ?? DEFAULT_LOCALE;
  if (lng === DEFAULT_LOCALE && !params) return key;
  return i18n.t(key, { ...(params as TOptions), lng });
}

/** A person's saved language, English when none or unknown. */
export const localeOrDefault = (value: unknown): Locale =>
  isLocale(value) ? value : DEFAULT_LOCALE;

/** The language a request is answered in: its `Accept-Language` (the web app sets it). */
export function requestLocale(request: { headers: Record<string, unknown> }): Locale {
  const header = request.headers['accept-language'];
  return localeFromAcceptLanguage(typeof header === 'string' ? header : undefined);
}

/** The `Intl` locale of a language (dates, times, numbers and prices). */
export const intlLocale = (locale: Locale | null | undefined): string =>
  INTL_LOCALES[locale ?? DEFAULT_LOCALE];
