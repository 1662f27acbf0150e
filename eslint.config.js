import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import webBoundaries from './apps/web/eslint/feature-boundaries.js';
import serverBoundaries from './apps/server/eslint/module-boundaries.js';

/** The web's forbidden imports; the date-time block below repeats them (a later block replaces a rule's options). */
const webRestrictedImportPaths = [
  {
    name: 'zod',
    message:
      "Import { z } from '@slotwise/shared/zod' (it switches off Zod's eval probe under our CSP).",
  },
  {
    name: 'react-toastify',
    message: "Import from 'react-toastify/unstyled' (the default entry injects a <style> element).",
  },
];

/**
 * Every screen's texts come from the catalogues (docs/decisions/074-languages.md): no text in the
 * web app's JSX, nor in the attributes people read, that is not `t(…)`.
 */
const TRANSLATED_SCREENS = ['apps/web/src/**/*.{ts,tsx}'];

/**
 * Calls whose string arguments are not literal texts on screen: eslint-plugin-i18next's defaults,
 * then lib/i18n.ts's `translate` and the form kit's field names (`field('email')`).
 */
const I18N_CALLEES = [
  'i18n(ext)?',
  't',
  'require',
  'addEventListener',
  'removeEventListener',
  'postMessage',
  'getElementById',
  'dispatch',
  'commit',
  'includes',
  'indexOf',
  'endsWith',
  'startsWith',
  'translate',
];

/** JSX attributes a person reads or hears. */
const READ_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'ariaLabel',
  'heading',
  'description',
  'message',
  'hint',
];

/** Every date and time on screen goes through apps/web/src/lib/date-time-format.ts (docs/product.md §14.5). */
const DATE_TIME_MESSAGE =
  'Format dates and times with apps/web/src/lib/date-time-format.ts (docs/product.md §14.5).';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      'no-restricted-imports': ['error', { paths: webRestrictedImportPaths }],
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // Web import layers: app → features → components/lib; a feature may import another
    // feature's api/ only (apps/web/src/README.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/feature-boundaries': 'error' },
  },
  {
    // One date and time format (docs/product.md §14.5): nothing in the web app formats a date or a
    // time but lib/date-time-format.ts (and its test); src/lint-date-time.test.ts proves it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/date-time-format.ts', 'apps/web/src/lib/date-time-format.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Intl', property: 'DateTimeFormat', message: DATE_TIME_MESSAGE },
        { object: 'Intl', property: 'RelativeTimeFormat', message: DATE_TIME_MESSAGE },
        { property: 'toLocaleDateString', message: DATE_TIME_MESSAGE },
        { property: 'toLocaleTimeString', message: DATE_TIME_MESSAGE },
        // Date.prototype.toLocaleString (a number's too: formatNumber is in the same module).
        { property: 'toLocaleString', message: DATE_TIME_MESSAGE },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: webRestrictedImportPaths,
          patterns: [
            {
              regex:
                '(^|/)lib/(format-slot|calendar-day-format)$|^\\./(format-slot|calendar-day-format)$',
              message: DATE_TIME_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    files: TRANSLATED_SCREENS,
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: READ_ATTRIBUTES },
          callees: { exclude: [...I18N_CALLEES, 'field', 'register', 'trigger'] },
        },
      ],
    },
  },
  {
    // Server layers: app.ts/app/ compose → modules/ in the order of MODULE_LAYERS → infrastructure
    // (db/, lib/, plugins/, push/, …), which never imports a module (apps/server/eslint/).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'server-boundaries': serverBoundaries },
    rules: { 'server-boundaries/module-boundaries': 'error' },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from './zod' (browser CSP setting)." }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/test/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // Small files: at most 400 lines of source, counted as the file has them (blank lines and
    // comments included). Tests, test helpers, demo data and migrations are not source.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/server/src/demo/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
