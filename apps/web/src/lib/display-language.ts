import { DEFAULT_LOCALE, INTL_LOCALES, isRightToLeft, type Locale } from '@slotwise/shared/locales';
import { setDisplayLocale } from './date-time-format';

/**
 * The language the screens are in (docs/product.md §21.1), apart from i18next itself so that the API
 * client (its `Accept-Language`) and the formatters can read it without loading the catalogue code.
 */
let current: Locale = DEFAULT_LOCALE;

export function displayLanguage(): Locale {
  return current;
}

/** Dates, times, numbers and prices in `locale`; `<html lang dir>` to match. */
export function applyDisplayLanguage(locale: Locale): void {
  current = locale;
  setDisplayLocale(INTL_LOCALES[locale]);
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}
