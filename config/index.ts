import path from 'path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import { remScript } from './h5RemScript'
import { h5WebpackChain } from './h5Webpack'
import { pdfjsAssets, pdfjsChain } from './pdfjsAssets'
import { bigEmojiAssets } from './bigEmojiAssets'
import prodConfig from './prod'
import { weappWebpackChain } from './weappWebpack'

// types/api is shared with the server and lives outside src, so Babel must be told to compile it.
const typesDir = path.resolve(__dirname, '..', 'types')
const rulesDir = path.resolve(__dirname, '..', 'rules')

// taro-ui's style sheets are built on Sass @import (deprecated by Sass, one warning per import); they
// are imported as they are because that is what lets the tokens' variables theme them.
const sassLoaderOption = { sassOptions: { silenceDeprecations: ['legacy-js-api', 'import'] } }

// The H5 app targets the browsers of package.json's `h5` browserslist (ES2017 and fetch), the
// mini-program the `defaults` list: Babel and autoprefixer read BROWSERSLIST_ENV.
if (process.env.TARO_ENV === 'h5') process.env.BROWSERSLIST_ENV ??= 'h5'

// The mini-program's style prefixes: the `defaults` list without the browsers WeChat never runs in
// (its views are WebKit on iOS and Chromium on Android), so its WXSS keeps every -webkit- prefix and
// drops the -ms- and -moz- ones (3.4 KB of the main package).
const { browserslist } = require('../package.json') as { browserslist: { defaults: string[] } }
const weappPrefixBrowsers = [
  ...browserslist.defaults,
  'not ie > 0',
  'not ie_mob > 0',
  'not firefox > 0',
  'not and_ff > 0',
  'not op_mini all',
  'not kaios > 0',
]

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'reading-community',
    date: '2026-11-21',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // TARO_OUTPUT_ROOT lets parallel builds (tests, benchmarks) write to a folder of their own.
    outputRoot: process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`,
    plugins: [],
    defineConstants: {},
    // Taro reads TARO_APP_* from .env files only; this lets the shell set the API base too.
    env: {
      TARO_APP_API_BASE: JSON.stringify(process.env.TARO_APP_API_BASE ?? ''),
      TARO_APP_H5_ORIGIN: JSON.stringify(process.env.TARO_APP_H5_ORIGIN ?? ''),
      TARO_APP_WEBVIEW_HOSTS: JSON.stringify(process.env.TARO_APP_WEBVIEW_HOSTS ?? ''),
      TARO_APP_CHAT_ENGINE: JSON.stringify(process.env.TARO_APP_CHAT_ENGINE ?? 'local'),
      TARO_APP_TENCENT_SDKAPPID: JSON.stringify(process.env.TARO_APP_TENCENT_SDKAPPID ?? ''),
      // The custom emoji's base URL (`<base>/<n>.png`); without it the picker's tab only warns.
      TARO_APP_CUSTOM_EMOJI_URL: JSON.stringify(process.env.TARO_APP_CUSTOM_EMOJI_URL ?? ''),
    },
    alias: {
      '@/types': path.resolve(__dirname, '..', 'types'),
      '@rules': path.resolve(__dirname, '..', 'rules'),
      '@': path.resolve(__dirname, '..', 'src'),
    },
    // Every SCSS file (ours and taro-ui's) starts with the design tokens: no file imports them.
    sass: { resource: [path.resolve(__dirname, '..', 'src', 'styles', 'tokens.scss')] },
    // H5 only: pdf.js's worker, cmaps and fonts for the document reader. Both: the big emoji.
    copy: {
      patterns: [
        ...pdfjsAssets(process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`),
        ...bigEmojiAssets(process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`),
      ],
      options: {},
    },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    mini: {
      compile: { include: [typesDir, rulesDir] },
      sassLoaderOption,
      // Page styles are scoped by BEM class names, so the order of shared CSS chunks is irrelevant.
      miniCssExtractPluginOption: { ignoreOrder: true },
      // The chat adapter's chunk, MobX's production build, the mine tab's own call refs.
      webpackChain: weappWebpackChain,
      postcss: {
        autoprefixer: { enable: true, config: { overrideBrowserslist: weappPrefixBrowsers } },
        pxtransform: { enable: true, config: {} },
        cssModules: {
          enable: false,
          config: {
            namingPattern: 'module',
            generateScopedName: '[name]__[local]___[hash:base64:5]',
          },
        },
      },
    },
    h5: {
      compile: { include: [typesDir, rulesDir] },
      sassLoaderOption,
      publicPath: '/',
      staticDirectory: 'static',
      esnextModules: ['taro-ui'],
      router: { mode: 'browser' },
      webpackChain: (chain) => {
        h5WebpackChain(chain)
        pdfjsChain(chain)
      },
      htmlPluginOption: { script: remScript() },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: {
          enable: false,
          config: {
            namingPattern: 'module',
            generateScopedName: '[name]__[local]___[hash:base64:5]',
          },
        },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
