import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

const TAG = /<(\w+)>(.*?)<\/\1>/gs;
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function fill(text: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/**
 * A message with markup (docs/decisions/074-languages.md): `<strong>{{email}}</strong>` in the
 * English key and in every translation, each tag rendered as the element named in `components`.
 * The tags are read before the values are filled in, so a value is always text, never markup.
 */
export function Trans({
  i18nKey,
  values = {},
  components,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  // Without values the placeholders stay as they are (i18next's and englishText's default).
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    parts.push(fill(text.slice(last, match.index), values));
    const [whole, name = '', inner = ''] = match;
    const component = components[name];
    parts.push(
      component
        ? cloneElement(component, { key: parts.length }, fill(inner, values))
        : fill(whole, values),
    );
    last = match.index + whole.length;
  }
  parts.push(fill(text.slice(last), values));
  return <>{parts}</>;
}
