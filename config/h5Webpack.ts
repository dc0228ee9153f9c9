import fs from 'fs'
import path from 'path'
import zlib from 'zlib'
import CompressionPlugin from 'compression-webpack-plugin'
import type { IProjectConfig } from '@tarojs/taro/types/compile'
import { CallCopiesPlugin, h5StartupCode } from './callCopies'
import { markFeatureBarrels } from './featureBarrels'
import { splitH5Components } from './h5Components'

type WebpackChain = NonNullable<NonNullable<IProjectConfig<'webpack5'>['h5']>['webpackChain']>
type Chain = Parameters<WebpackChain>[0]

/** Text assets worth compressing; images and audio are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/

/**
 * The H5 build's webpack changes:
 * - Page chunks are loaded on demand. Code they share (ours and from node_modules) is grouped by
 *   the set of pages that use it, so a page loads only what it uses (one shared vendor chunk made
 *   the home page load every component any page uses).
 * - Polyfills Taro's request API imports for browsers without fetch or AbortController are left
 *   out: every browser the app supports has both (package.json's `h5` browserslist); so is its
 *   JSONP transport, which the app never asks for; the user-agent library behind Taro's
 *   getSystemInfoSync is a small stand-in (shims/platform.js).
 * - Every text asset is also written brotli- and gzip-compressed (file.br, file.gz) once, at build
 *   time, for the server to send as they are (server/src/http/spa.ts).
 * - Taro's components come one module per component (h5Components.ts), so a page chunk holds only
 *   the components it uses.
 * - A page chunk may take up to 60 s to arrive (the spec's page load timeout).
 * - A font written into a style sheet as an application/octet-stream data: URL is a file of its own
 *   (static/fonts/font.<hash>.ttf), fetched only by a page that shows one of its glyphs: Taro's
 *   component styles, which its runtime injects from the start-up script, carry WeUI's icon font
 *   (6 KB of base64, 3 KB brotli) for Icon, Checkbox and Radio, none of which the app uses. (A rule
 *   cannot test a data: URL's text, only its scheme and type; fonts are the only such URLs.)
 * - The start-up code has copies of its few account, common and feed calls (callCopies.ts): the
 *   pages' calls stay in their chunks; a feature's public.ts is free of side effects
 *   (featureBarrels.ts), so what it re-exports is bundled only where it is used.
 * - H5_STATS=<file> writes webpack's stats (chunks and their modules) as JSON, for size analysis.
 */
export function h5WebpackChain(chain: Chain): void {
  chain.merge({
    output: { chunkLoadTimeout: 60_000 },
    resolve: {
      alias: {
        'whatwg-fetch': false,
        'abortcontroller-polyfill/dist/abortcontroller-polyfill-only': false,
        'jsonp-retry': false,
        platform$: path.join(__dirname, 'shims', 'platform.js'),
        // MobX's own production build: its internals' names are shortened (about 17 KB less).
        mobx$: require.resolve('mobx/dist/mobx.esm.production.min.js'),
      },
    },
    optimization: {
      splitChunks: {
        cacheGroups: {
          asyncVendors: {
            chunks: 'async',
            test: /[\\/]node_modules[\\/]/,
            minChunks: 2,
            minSize: 8_000,
            priority: 5,
            reuseExistingChunk: true,
          },
          asyncShared: {
            chunks: 'async',
            minChunks: 2,
            minSize: 24_000,
            priority: 0,
            reuseExistingChunk: true,
          },
        },
      },
    },
  })
  chain.plugin('brotli').use(CompressionPlugin, [
    {
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: COMPRESSIBLE,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 1024,
      minRatio: 0.9,
    },
  ])
  chain.plugin('gzip').use(CompressionPlugin, [
    {
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: COMPRESSIBLE,
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.9,
    },
  ])
  chain.plugin('pageChunks').use(PageChunksManifest)
  chain.module
    .rule('dataUrlFonts')
    .set('scheme', 'data')
    .set('mimetype', 'application/octet-stream')
    .set('type', 'asset/resource')
    .set('generator', { filename: 'static/fonts/font.[contenthash:8].ttf' })
  chain.plugin('callCopies').use(CallCopiesPlugin, [h5StartupCode])
  markFeatureBarrels(chain)
  const components = splitH5Components()
  if (components) chain.resolve.alias.set('@tarojs/components$', components)
  const statsFile = process.env.H5_STATS
  if (statsFile) {
    chain.plugin('statsFile').use(
      class {
        apply(compiler: { hooks: { done: { tap(name: string, fn: (s: Stats) => void): void } } }) {
          compiler.hooks.done.tap('statsFile', (stats) => {
            fs.writeFileSync(statsFile, JSON.stringify(stats.toJson(STATS_OPTIONS)))
          })
        }
      },
    )
  }
}

/** The build's file naming each page's chunks (scripts and styles), for the server's preload hints. */
export const PAGE_CHUNKS_FILE = 'page-chunks.json'
const ENTRY = /[\\/]src[\\/]app\.config\.[jt]s$/

interface Compiler {
  context: string
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_REPORT: number }
    sources: { RawSource: new (source: string) => unknown }
  }
  hooks: { thisCompilation: { tap(name: string, fn: (compilation: Compilation) => void): void } }
}
interface Compilation {
  chunkGroups: Array<{
    isInitial(): boolean
    origins: Array<{
      request?: string
      module?: { context?: string; resource?: string } | null
      loc?: { start?: { line: number } }
    }>
    chunks: Array<{ files: Set<string> }>
  }>
  hooks: { processAssets: { tap(options: { name: string; stage: number }, fn: () => void): void } }
  emitAsset(file: string, source: unknown): void
}

/**
 * Writes page-chunks.json: for each page loaded on demand (by its path in src, `pages/index/index`),
 * the files of the chunks it needs, and which page is home (the first route of the app's entry, the
 * one Taro's router shows at `/`). The server names them in a preload Link header on the document of
 * that page, so they load alongside the app's own scripts instead of after them.
 */
class PageChunksManifest {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack
    const sourceDir = path.join(compiler.context, 'src')
    compiler.hooks.thisCompilation.tap('PageChunksManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageChunksManifest', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const found: Array<{ page: string; files: string[]; line: number }> = []
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue
            const files = group.chunks
              .flatMap((chunk) => [...chunk.files])
              .filter((file) => /\.(js|css)$/.test(file))
            for (const origin of group.origins) {
              // The routes: the dynamic imports of Taro's H5 entry, made from src/app.config.ts.
              if (!origin.request || !origin.module?.context) continue
              if (!ENTRY.test(origin.module.resource ?? '')) continue
              const page = path.relative(
                sourceDir,
                path.resolve(origin.module.context, origin.request),
              )
              if (page.startsWith('..') || path.isAbsolute(page)) continue
              const line = origin.loc?.start?.line ?? Infinity
              found.push({ page: page.split(path.sep).join('/'), files, line })
            }
          }
          found.sort((a, b) => a.line - b.line)
          const manifest = {
            home: found[0]?.page ?? null,
            pages: Object.fromEntries(found.map(({ page, files }) => [page, files])),
          }
          compilation.emitAsset(PAGE_CHUNKS_FILE, new sources.RawSource(JSON.stringify(manifest)))
        },
      )
    })
  }
}

interface Stats {
  toJson(options: object): unknown
}

const STATS_OPTIONS = {
  all: false,
  assets: true,
  chunks: true,
  chunkModules: true,
  chunkModulesSpace: Infinity,
  dependentModules: true,
  entrypoints: true,
  ids: true,
  nestedModules: true,
  nestedModulesSpace: Infinity,
}
