// ESLint 9 flat config: JS + TypeScript (not type-aware) + React 18 (automatic JSX runtime).
// Formatting is Prettier's job (`npm run lint` runs both); no stylistic rules here.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { handlerRules } from './config/eslintHandlerRules.mjs'

const ROOT = path.dirname(fileURLToPath(import.meta.url))
const EXT = '{js,mjs,cjs,jsx,ts,tsx,mts,cts}'

const taroTitle = {
  name: '@tarojs/taro',
  importNames: ['setNavigationBarTitle'],
  message: 'Use setPageTitle from @/core/platform: it cannot inject markup on H5.',
}

// ---- The walls of ARCHITECTURE.md ---------------------------------------------------------------
// Each wall is an import pattern (a regex on the import's text) with the message a newcomer sees.
// Relative imports never leave their own area (see `areas`), so every wall need only name the
// alias form (`@/...`) of what it forbids.
const wall = (regex, message) => ({ regex, message, caseSensitive: true })

const walls = {
  subpackages: wall(
    '^@/(pagesA|pagesB|TUIKit(?!/engine(/|$)))(/|$)',
    'Wall: the main package never imports the subpackages pagesA, pagesB or TUIKit (they load ' +
      'later, or never); of TUIKit only the chat engine (TUIKit/engine) is main package. Move ' +
      'what both need into core, components or a feature.',
  ),
  pagesA: wall(
    '^@/(pages|pagesB|TUIKit)(/|$)',
    'Wall: pagesA never imports pagesB, TUIKit or the main-package pages. Move what both need ' +
      'into core, components or a feature.',
  ),
  pagesB: wall(
    '^@/(pages|pagesA|TUIKit)(/|$)',
    'Wall: pagesB never imports pagesA, TUIKit or the main-package pages. Move what both need ' +
      'into core, components or a feature.',
  ),
  TUIKit: wall(
    '^@/(pages|pagesA|pagesB)(/|$)',
    'Wall: TUIKit never imports pagesA, pagesB or the main-package pages. Move what both need ' +
      'into core, components or a feature.',
  ),
  core: wall(
    '^@/(?!(core|types)/)',
    'Wall: core is the bottom layer: it imports only core, @/types and @rules. Take what it needs ' +
      'as a parameter, or move the code up into a feature.',
  ),
  components: wall(
    '^@/(?!(core|types|components)/)',
    'Wall: shared components import only core, @/types, @rules and other components, never a ' +
      'feature or a store. Take the call or data as a prop, or move the component into its feature.',
  ),
  stores: wall(
    '^@/(?!(core|types|stores|TUIKit/engine)/)',
    'Wall: stores import no feature (features sit above the stores; the chat engine sits below). ' +
      'Have the feature give the store what it needs.',
  ),
  otherFeatures: (name) =>
    wall(
      `^@/features/(?!${name}/)[^/]+(?!/public$)(/|$)`,
      'Wall: a feature uses another only through its public surface: import from ' +
        "'@/features/<name>/public' (export what you need there).",
    ),
  tencentChat: wall(
    '^(@tencentcloud/chat|tim-upload-plugin)(/|$)',
    'Wall: @tencentcloud/chat and its upload plugin are imported only under TUIKit/engine; talk ' +
      'to the ChatEngine.',
  ),
  noServer: wall(
    '^server(/|$)',
    'Wall: the app never imports the server. Share code through rules/ (@rules/*) or the ' +
      'contract (@/types/api).',
  ),
  serverNoApp: wall(
    '^(@/|src(/|$)|types/(?!api/))',
    'Wall: the server imports nothing of the app: outside server/ only the contract (@api/*) ' +
      'and the shared rules (@rules/*).',
  ),
  rulesPure: wall(
    '^(@/|(src|server|types)(/|$))',
    'Wall: rules/ is shared by app and server and imports nothing from src, server or types.',
  ),
}

const folders = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
const features = folders('src/features')

const mainWalls = [walls.subpackages, walls.tencentChat, walls.noServer]

// Disjoint areas. `dir` holds the files; a relative import may not climb above `base` (default dir);
// the contract is reached through @api/* and the shared rules through @rules/*.
const areas = [
  { dir: 'src', depth: 0, walls: mainWalls },
  { dir: 'src/pages', walls: mainWalls },
  { dir: 'src/launch', walls: mainWalls },
  { dir: 'src/stores', walls: [...mainWalls, walls.stores] },
  { dir: 'src/core', walls: [...mainWalls, walls.core] },
  { dir: 'src/components', walls: [...mainWalls, walls.components] },
  ...features.map((name) => ({
    dir: `src/features/${name}`,
    walls: [...mainWalls, walls.otherFeatures(name)],
  })),
  { dir: 'src/pagesA', walls: [walls.pagesA, walls.tencentChat, walls.noServer] },
  { dir: 'src/pagesB', walls: [walls.pagesB, walls.tencentChat, walls.noServer] },
  {
    dir: 'src/TUIKit',
    ignores: ['src/TUIKit/engine/**'],
    walls: [walls.TUIKit, walls.tencentChat, walls.noServer],
  },
  { dir: 'src/TUIKit/engine', base: 'src/TUIKit', walls: [walls.TUIKit, walls.noServer] },
  // Any other folder of src (assets, styles, one added later) is main package.
  ...folders('src')
    .filter(
      (name) => !/^(pages|launch|stores|core|components|features|pagesA|pagesB|TUIKit)$/.test(name),
    )
    .map((name) => ({ dir: `src/${name}`, walls: mainWalls })),
  { dir: 'rules', walls: [walls.rulesPure, walls.tencentChat], escape: walls.rulesPure.message },
  {
    dir: 'server',
    walls: [walls.serverNoApp, walls.tencentChat],
    escape: walls.serverNoApp.message,
  },
]

/** How many folders deep the deepest folder under `dir` is (0: files only; -1: no such folder). */
function deepest(dir) {
  const full = path.join(ROOT, dir)
  if (!fs.existsSync(full)) return -1
  const below = (folder) =>
    fs
      .readdirSync(folder, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && !['node_modules', '.data', 'dist'].includes(entry.name),
      )
      .reduce((max, entry) => Math.max(max, 1 + below(path.join(folder, entry.name))), 0)
  return below(full)
}

/**
 * One block per area and folder depth: flat config gives a file one set of options per rule, so a
 * block carries every wall of its files, and the depth tells how many `../` leave the area.
 */
function wallBlocks({
  dir,
  base = dir,
  depth = deepest(dir),
  ignores,
  walls,
  climbToRoot,
  escape = `Relative imports stay inside ${base}/: reach the rest through its alias (@/core/..., ` +
    '@rules/...), where the walls of ARCHITECTURE.md check it.',
}) {
  const segments = (p) => p.split('/').length
  const paths = dir.startsWith('src') ? [taroTitle] : []
  return Array.from({ length: depth + 1 }, (_, d) => {
    const climb = segments(dir) + d - segments(base) + 1
    const except = climbToRoot ? `(?!${climbToRoot})` : ''
    const leaves = wall(`^(\\./)?(\\.\\.(/|$)){${climb}}${except}`, escape)
    return {
      files: [`${dir}/${'*/'.repeat(d)}*.${EXT}`],
      ...(ignores && { ignores }),
      rules: {
        'no-restricted-imports': ['error', { paths, patterns: [leaves, ...walls] }],
      },
    }
  })
}

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
      // src/** files get this from wallBlocks, which restates it with the walls.
      'no-restricted-imports': ['error', { paths: [taroTitle] }],
      // In the mini-program, Taro crashes (`reading '_num'` in removeEventListener) when the last
      // handler leaves a mounted element: handlers never come and go, and an unkeyed fragment as
      // one branch would let React morph the other branch's element into its first child.
      'no-restricted-syntax': ['error', ...handlerRules],
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
  ...areas.flatMap(wallBlocks),
  // Outside src, rules and server (their walls above) the chat SDK is not imported either; the
  // Tencent adapter's test loads it to compare the SDK's TYPES and EVENT with the seam's.
  ...[
    { files: [`{test,scripts,config,types}/**/*.{jsx,tsx}`], paths: [taroTitle] },
    { files: [`{test,scripts,config,types}/**/*.{js,mjs,cjs,ts,mts,cts}`], paths: [] },
  ].map(({ files, paths }) => ({
    files,
    ignores: ['test/unit/tencentEngine.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths, patterns: [walls.tencentChat] }] },
  })),
  {
    // The app takes the contract's types only: its schemas must not reach the bundles.
    files: [`src/**/*.${EXT}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/types/api/(?!(calls/\\w+\\.gen|envelope)$)',
              allowTypeImports: true,
              message:
                'The app imports the contract with `import type` only (its schemas stay on the server); ' +
                'calls go through the refs of @/types/api/calls/<domain>.gen.',
            },
          ],
        },
      ],
    },
  },
)
