import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import english from '@slotwise/shared/locales/en';
import { DEFAULT_LOCALE, isLocale, matchLocale, type Locale } from '@slotwise/shared/locales';
import { applyDisplayLanguage } from './display-language';

/**
 * The screens' languages (docs/product.md §21.1, docs/decisions/074-languages.md): i18next with the
 * English text as the key, so English needs no catalogue (only its plural forms, imported here)
 * and each other language is its own chunk, fetched before the first screen that needs it.
 */
export const i18n = i18next.createInstance();

/** The language the person chose on this device (the switch), kept across sign-outs. */
export const LANGUAGE_KEY = 'slotwise:language';

type Catalogue = { default: Record<string, string> };
const CATALOGUES: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('@slotwise/shared/locales/es'),
  fr: () => import('@slotwise/shared/locales/fr'),
  de: () => import('@slotwise/shared/locales/de'),
  ar: () => import('@slotwise/shared/locales/ar'),
};

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

async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === 'en' || i18n.hasResourceBundle(locale, 'translation')) return;
  const { default: messages } = await CATALOGUES[locale]();
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
}

/** Starts i18next in `locale` (its catalogue fetched first): call before the first render. */
export async function startI18n(locale: Locale = initialLanguage()): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['en', 'es', 'fr', 'de', 'ar'],
    resources: { en: { translation: english } },
    // Keys are English sentences: '.' and ':' in them are text, not paths.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    react: { useSuspense: false },
  });
  await changeLanguage(locale).catch(() => changeLanguage(DEFAULT_LOCALE));
}

/** Switches every screen to `locale`: catalogue, formatters, `<html lang dir>`. */
export async function changeLanguage(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  applyDisplayLanguage(locale);
  await i18n.changeLanguage(locale);
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
  return i18n.t(key, options);
}
