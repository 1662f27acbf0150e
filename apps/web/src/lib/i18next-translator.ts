import i18next, { type TOptions } from 'i18next';
import type { Translate } from '@slotwise/shared/english-text';
import english from '@slotwise/shared/locales/en';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@slotwise/shared/locales';

/**
 * i18next for the four languages other than English (docs/decisions/074-languages.md): a chunk of
 * its own, fetched by lib/i18n.ts with the language's catalogue. English keys, English's plural
 * forms as the fallback, as the server's instance (apps/server/src/lib/i18n.ts).
 */
const i18n = i18next.createInstance();

let started: Promise<unknown> | undefined;

function start(): Promise<unknown> {
  started ??= i18n.init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    resources: { en: { translation: english } },
    // Keys are English sentences: '.' and ':' in them are text, not paths.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return started;
}

/** `t` in `locale`, its catalogue `messages` added first. */
export async function i18nextTranslator(
  locale: Locale,
  messages: Record<string, string>,
): Promise<Translate> {
  await start();
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    i18n.addResourceBundle(locale, 'translation', messages, true, true);
  }
  const t = i18n.getFixedT(locale);
  return (key: string, values: Record<string, unknown> = {}) => t(key, values as TOptions);
}
