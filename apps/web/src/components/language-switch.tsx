import { useId } from 'react';
import { LOCALE_NAMES, SUPPORTED_LOCALES, isLocale, type Locale } from '@slotwise/shared/locales';
import { chooseLanguage, useTranslation } from '../lib/i18n';

/**
 * The language switch (docs/product.md §21.1): in the header and in Settings. Each language is
 * named in itself ('Deutsch'), so anyone finds their own whatever the page is in.
 */
export function LanguageSwitch({
  className = '',
  onChosen,
}: {
  className?: string;
  /** After the screens have switched (Settings also saves it to the account). */
  onChosen?: (locale: Locale) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('Language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          void chooseLanguage(locale).then(() => onChosen?.(locale));
        }}
        className="rounded-md border border-slate-300 bg-white py-1 ps-2 pe-7 text-sm text-slate-700"
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
