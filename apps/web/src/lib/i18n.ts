import { useSyncExternalStore } from 'react';
import { englishText, type Translate } from '@slotwise/shared/english-text';
import { DEFAULT_LOCALE, isLocale, matchLocale, type Locale } from '@slotwise/shared/locales';
import { applyDisplayLanguage } from './display-language';

/**
 * The screens' languages (docs/product.md §21.1, docs/decisions/074-languages.md): the English
 * text is the key, so English needs no library: its `t` is the shared `englishText` (placeholders
 * and English's plural forms), the same one the forms' and the server's texts default to. i18next
 * and a language's catalogue are fetched together, as two chunks, only when a screen is shown in
 * one of the other four languages (docs/decisions/080-page-weight.md).
 */

/** The language the person chose on this device (the switch), kept across sign-outs. */
export const LANGUAGE_KEY = 'slotwise:language';

type OtherLocale = Exclude<Locale, 'en'>;
type Catalogue = { default: Record<string, string> };
const CATALOGUES: Record<OtherLocale, () => Promise<Catalogue>> = {
  es: () => import('@slotwise/shared/locales/es'),
  fr: () => import('@slotwise/shared/locales/fr'),
  de: () => import('@slotwise/shared/locales/de'),
  ar: () => import('@slotwise/shared/locales/ar'),
};

/** What a screen reads: `t` in the screen's language, and that language. */
export interface Translation {
  t: Translate;
  i18n: { language: Locale };
}

let current: Translation = { t: englishText, i18n: { language: DEFAULT_LOCALE } };
const listeners = new Set<() => void>();
/** The last language asked for: a slower earlier switch does not overwrite it. */
let latestRequest = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/**
 * `t` and the language of the screens; a switch redraws the component (the whole app is also
 * re-keyed on a switch: app/providers.tsx).
 */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The language the screens are in. */
export function currentLanguage(): Locale {
  return current.i18n.language;
}

/** The chosen language, else the browser's first language we speak, else English. */
export function initialLanguage(): Locale {
  try {
    const chosen = window.localStorage.getItem(LANGUAGE_KEY);
    if (isLocale(chosen)) return chosen;
  } catch {
    // Storage refused (private mode): the browser's language.
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return matchLocale(languages.filter(Boolean));
}

/** i18next with `locale`'s catalogue, both fetched at once. */
async function translatorFor(locale: OtherLocale): Promise<Translate> {
  const [{ i18nextTranslator }, { default: messages }] = await Promise.all([
    import('./i18next-translator'),
    CATALOGUES[locale](),
  ]);
  return i18nextTranslator(locale, messages);
}

/** Starts the screens in `locale` (its catalogue fetched first): call before the first render. */
export async function startI18n(locale: Locale = initialLanguage()): Promise<void> {
  await changeLanguage(locale).catch(() => changeLanguage(DEFAULT_LOCALE));
}

/** Switches every screen to `locale`: texts, formatters, `<html lang dir>`. */
export async function changeLanguage(locale: Locale): Promise<void> {
  const request = ++latestRequest;
  const t = locale === 'en' ? englishText : await translatorFor(locale);
  if (request !== latestRequest) return;
  applyDisplayLanguage(locale);
  current = { t, i18n: { language: locale } };
  for (const listener of listeners) listener();
}

/** The switch: `changeLanguage`, remembered on this device. */
export async function chooseLanguage(locale: Locale): Promise<void> {
  await changeLanguage(locale);
  try {
    window.localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Not remembered: the choice holds for this visit.
  }
}

/** A message outside React (a toast, a title): `t` of the current language. */
export function translate(key: string, options: Record<string, unknown> = {}): string {
  return current.t(key, options);
}
