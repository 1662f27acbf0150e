import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { englishText } from '@slotwise/shared/english-text';
import english from '@slotwise/shared/locales/en';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, translate } from './i18n';

// English is shown without i18next (docs/decisions/080-page-weight.md): its `t` must say exactly
// what i18next, configured as for the other languages, says for every English key.

const SRC = join(import.meta.dirname, '..');
const SHARED = join(SRC, '../../../packages/shared/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const QUOTED = String.raw`(['"])((?:\\.|(?!\1)[^\\\n])*)\1`;
const CALLS = new RegExp(String.raw`\b(?:t|msg|translate)\(\s*` + QUOTED, 'g');

/** Every key the web names in `t('…')`, `msg('…')`, `translate('…')`, and English's plural keys. */
function englishKeys(): string[] {
  const keys = new Set(Object.keys(english).map((key) => key.replace(/_(one|other)$/, '')));
  for (const file of [...sourceFiles(SRC), ...sourceFiles(SHARED)]) {
    for (const match of readFileSync(file, 'utf8').matchAll(CALLS)) {
      keys.add(
        (match[2] ?? '').replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char)),
      );
    }
  }
  return [...keys].filter((key) => key.trim() !== '');
}

describe('English without i18next', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: english } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  const keys = englishKeys();

  it('finds the keys', () => {
    expect(keys.length).toBeGreaterThan(500);
    expect(keys).toContain('{{count}} days');
  });

  it("says what i18next says, for every key, with and without its placeholders' values", () => {
    const differences: string[] = [];
    for (const key of keys) {
      const names = [...key.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const cases: Record<string, unknown>[] = [{}, values];
      for (const count of [0, 1, 2, 21]) cases.push({ ...values, count });
      for (const options of cases) {
        const ours = englishText(key, options);
        const theirs = i18n.t(key, options);
        if (ours !== theirs) differences.push(`${JSON.stringify(key)} ${JSON.stringify(options)}`);
      }
    }
    expect(differences).toEqual([]);
  });
});

describe('changing language', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('fetches i18next and the catalogue for another language, and comes back to English', async () => {
    await changeLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(translate('Login')).toBe('Anmelden');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    await changeLanguage('en');
    expect(translate('Login')).toBe('Login');
    expect(translate('{{count}} days', { count: 1 })).toBe('1 day');
  });

  it('ends in the language asked for last when an earlier switch is slower', async () => {
    const slow = changeLanguage('fr');
    const fast = changeLanguage('en');
    await Promise.all([slow, fast]);
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });
});
