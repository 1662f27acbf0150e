import { DEFAULT_LOCALE, isRightToLeft, type Locale } from '@slotwise/shared/locales';

/**
 * The language the screens are in (docs/product.md §21.1), apart from the translator itself so
 * that the API client (its `Accept-Language`) and the formatters (lib/date-time-format.ts, which
 * read it on each use) need none of the translation code.
 */
let current: Locale = DEFAULT_LOCALE;

export function displayLanguage(): Locale {
  return current;
}

/** Dates, times, numbers and prices in `locale` from now on; `<html lang dir>` to match. */
export function applyDisplayLanguage(locale: Locale): void {
  current = locale;
  const root = document.documentElement;
  root.lang = locale;
  root.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
}
