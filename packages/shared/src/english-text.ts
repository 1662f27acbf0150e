import english from './locales/en';

/**
 * A translate function as the shared texts take it: i18next's `t` on the web, the reader's on the
 * server (docs/decisions/074-languages.md). The key is the English text with `{{name}}`
 * placeholders; `count` picks a plural form.
 */
export interface Translate {
  (key: string): string;
  (key: string, values: Record<string, unknown>): string;
}

const englishPlurals = new Intl.PluralRules('en');

/** English without i18next: the key itself (or its English plural form), placeholders filled. */
export const englishText: Translate = (key: string, values: Record<string, unknown> = {}) => {
  const count = values.count;
  const text =
    typeof count === 'number'
      ? (english[`${key}_${englishPlurals.select(count)}`] ?? english[key] ?? key)
      : (english[key] ?? key);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
};
