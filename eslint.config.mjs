// ESLint 9 flat config: JS + TypeScript (not type-aware) + React 18 (automatic JSX runtime).
// Formatting is Prettier's job (`npm run lint` runs both); no stylistic rules here.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'server/.data/**',
      'server/src/db/migrations/**',
      'coverage/**',
      'test-results/**',
      '.swc/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // `_`-prefixed arguments/variables are deliberately unused.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{jsx,tsx}', 'src/**/*.{js,ts}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: true } },
      // Taro compile-time globals (also declared in types/global.d.ts for tsc).
      globals: { defineAppConfig: 'readonly', definePageConfig: 'readonly' },
    },
    settings: { react: { version: '18.3' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      // TypeScript checks props; Taro components take unknown DOM-ish props.
      'react/prop-types': 'off',
      'react/no-unknown-property': 'off',
      // Text people write is never markup.
      'react/no-danger': 'error',
      // Taro's H5 router writes titles with innerHTML: titles go through setPageTitle.
      'no-restricted-properties': [
        'error',
        {
          object: 'Taro',
          property: 'setNavigationBarTitle',
          message: 'Use setPageTitle from @/core/platform: it cannot inject markup on H5.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tarojs/taro',
              importNames: ['setNavigationBarTitle'],
              message: 'Use setPageTitle from @/core/platform: it cannot inject markup on H5.',
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS files and Taro's config (which uses require('path')).
    files: ['**/*.cjs', 'babel.config.js', 'config/**/*.{js,ts}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{test,spec}.{js,mjs,ts,tsx}', 'test/**', '**/__tests__/**', '**/__test__/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
)
