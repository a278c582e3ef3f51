import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { localRules } from './scripts/lint/max-lines-per-class.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/generated', 'tests/**/__snapshots__', '.tmp', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // functions that do one thing: a longer one is split along its jobs (docs/architecture.md)
    files: ['{contract,src,server,scripts}/**/*.{ts,tsx}'],
    ignores: ['contract/generated/**', 'src/*/generated/**'],
    plugins: { local: localRules },
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
      // and classes that do one thing: the rule's own module says how it counts
      'local/max-lines-per-class': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
);
