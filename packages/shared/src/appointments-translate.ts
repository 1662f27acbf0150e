import english from './locales/en';

/**
 * A `t`-like function for the shared texts that hold a number or a name
 * (docs/decisions/074-languages.md): the web passes i18next's `t`, the server its reader's
 * translator. The key is the English text with `{{placeholders}}`; counted keys take `count`.
 */
export type Translate = (key: string, values: Record<string, unknown>) => string;

const englishForms = english as Record<string, string | undefined>;
const englishPlurals = new Intl.PluralRules('en');

/**
 * English without i18next, the default of every such text: the key's English plural form when
 * it is counted (`locales/en/*.json`), its placeholders filled in.
 */
export const englishText: Translate = (key, values = {}) => {
  const count = values.count;
  const form =
    typeof count === 'number' ? englishForms[`${key}_${englishPlurals.select(count)}`] : undefined;
  return (form ?? englishForms[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(values[name] ?? ''),
  );
};
