import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES, type Locale } from '../packages/shared/src/locales';

/**
 * Every message the product shows has its text in every language (docs/decisions/074-languages.md).
 * The English text is the key; a key is found where the code names it:
 * - `t('…')`, `translate(…, '…')`, `msg('…')` in the web and the server;
 * - the server's domain errors, `new NotFoundError('…')`, `ValidationError.field(name, '…')`;
 * - every string of the shared text modules (`texts.ts`, `*-texts.ts`), forms' and server's alike.
 * A key is translated when the catalogue has it, or has each plural form the language uses
 * (`key_one`, `key_other`; Arabic's six), and a translation names no placeholder the key lacks.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const QUOTED = String.raw`(['"])((?:\\.|(?!\1)[^\\\n])*)\1`;
const KEY_PATTERNS = [
  new RegExp(String.raw`\b(?:t|msg)\(\s*` + QUOTED, 'g'),
  new RegExp(String.raw`\btranslate\(\s*(?:[\w.?]+\s*,\s*)?` + QUOTED, 'g'),
  // A domain error's status and code come first: `new ConflictError('SLOT_HELD', '…')`. A boot
  // configuration error is read by whoever deploys, in English.
  new RegExp(
    String.raw`\bnew (?!ConfigError)[A-Z]\w*Error\(\s*(?:\d+\s*,\s*)?(?:'[A-Z][A-Z0-9_]+'\s*,\s*)?` + QUOTED,
    'g',
  ),
  new RegExp(String.raw`\bValidationError\.field\(\s*['"][\w.]+['"]\s*,\s*` + QUOTED, 'g'),
];

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

/** Key → where it is used first (for the failure message). */
function keysInCode(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const dir of SOURCES) {
    for (const file of sourceFiles(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of KEY_PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          const key = unescape(match[2] ?? '');
          // An error's code ('SLOT_HELD') is not a text: the message follows it.
          if (/^[A-Z][A-Z0-9_]+$/.test(key)) continue;
          if (key.trim() !== '' && !keys.has(key)) keys.set(key, relative(root, file));
        }
      }
    }
  }
  return keys;
}

function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) stringsIn(v, into);
  return into;
}

async function keysInTextModules(): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const dir = join(root, 'packages/shared/src');
  const modules = readdirSync(dir).filter(
    (name) => name === 'texts.ts' || name.endsWith('-texts.ts'),
  );
  for (const name of modules) {
    const exported = (await import(join(dir, name))) as Record<string, unknown>;
    for (const text of stringsIn(Object.values(exported))) {
      if (text.trim() !== '' && !keys.has(text)) keys.set(text, `packages/shared/src/${name}`);
    }
  }
  return keys;
}

async function catalogue(locale: Locale): Promise<Record<string, string>> {
  return (
    (await import(`../packages/shared/src/locales/${locale}.ts`)) as {
      default: Record<string, string>;
    }
  ).default;
}

const placeholders = (text: string) =>
  new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]));

describe('message catalogues', async () => {
  const used = new Map([...(await keysInTextModules()), ...keysInCode()]);

  it('finds the product’s messages in the code', () => {
    expect(used.size).toBeGreaterThan(50);
    expect(used.has('Account created succcesfully')).toBe(true);
  });

  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
    it(`has every message in ${locale}`, async () => {
      const messages = await catalogue(locale);
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const missing = [...used]
        .filter(([key]) => messages[key] === undefined)
        .filter(([key]) => !forms.every((form) => messages[`${key}_${form}`] !== undefined))
        .map(([key, where]) => `${where}: ${JSON.stringify(key)}`);
      // I18N_MISSING_DIR=/tmp/x writes the list whole, one line per message, to translate from.
      const out = process.env.I18N_MISSING_DIR;
      if (out) writeFileSync(join(out, `missing-${locale}.txt`), missing.sort().join('\n') + '\n');
      expect(missing, `${missing.length} messages missing in ${locale}`).toEqual([]);
    });

    it(`keeps each ${locale} message's placeholders`, async () => {
      const messages = await catalogue(locale);
      const broken = Object.entries(messages).filter(([key, value]) => {
        const allowed = placeholders(key.replace(/_(zero|one|two|few|many|other)$/, ''));
        allowed.add('count');
        return [...placeholders(value)].some((name) => !allowed.has(name));
      });
      expect(broken.map(([key]) => key)).toEqual([]);
    });
  }
});
