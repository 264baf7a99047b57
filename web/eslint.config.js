import js from '@eslint/js'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'scripts'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'import-x': importX },
    // import-x reads TypeScript modules and resolves '@/...' through tsconfig's paths, so it sees cycles through the alias too.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A module cycle makes import order decide what is undefined at first use.
      'import-x/no-cycle': 'error',
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import z from '@/lib/zod': it parses without eval, which our CSP forbids." }] }],
    },
  },
  {
    // A feature never imports another feature; only app/ composes them.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Import z from '@/lib/zod': it parses without eval, which our CSP forbids." }],
          patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Features import components/, lib/ and config/ only; compose features in app/.' }],
        },
      ],
    },
  },
)
