import path from 'path'
import type { IProjectConfig } from '@tarojs/taro/types/compile'

/**
 * What the H5 document reader (src/features/documents/reader) needs of pdf.js beside its code,
 * copied from pdfjs-dist into the H5 build at /pdfjs/<version>/ (src/.../reader/pdfjs.ts reads the
 * same folder): the worker (renamed .js, so the build's compression covers it), the character maps
 * of CJK fonts that are not embedded (cmaps/) and the standard fonts (standard_fonts/). The
 * mini-program gets none of it. The version in the path keeps an old build's files from mixing with
 * a new pdf.js.
 */
export function pdfjsAssets(outputRoot: string): { from: string; to: string }[] {
  if (process.env.TARO_ENV !== 'h5') return []
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'))
  const { version } = require('pdfjs-dist/package.json') as { version: string }
  const to = path.join(path.resolve(outputRoot), 'pdfjs', version)
  return [
    {
      from: path.join(root, 'legacy', 'build', 'pdf.worker.min.mjs'),
      to: path.join(to, 'pdf.worker.min.js'),
    },
    { from: path.join(root, 'cmaps'), to: path.join(to, 'cmaps') },
    { from: path.join(root, 'standard_fonts'), to: path.join(to, 'standard_fonts') },
  ]
}

type WebpackChain = NonNullable<NonNullable<IProjectConfig<'webpack5'>['h5']>['webpackChain']>
type Chain = Parameters<WebpackChain>[0]

/** webpack-chain's minimizers (its type declarations leave them out). */
interface Minimizers {
  minimizers: { has(name: string): boolean }
  minimizer(name: string): { tap(f: (args: Record<string, unknown>[]) => unknown[]): unknown }
}

/**
 * The H5 build's minifier leaves pdf.js alone: its files come minified (the app imports
 * legacy/build/pdf.min.mjs, the worker is pdf.worker.min.mjs), and Taro's terser options
 * (`quote_keys`) turn pdf.js's private class members (`static #x()`) into a syntax error.
 */
export function pdfjsChain(chain: Chain): void {
  const optimization = chain.optimization as unknown as Minimizers
  if (!optimization.minimizers.has('terserPlugin')) return
  optimization
    .minimizer('terserPlugin')
    .tap(([options, ...rest]) => [{ ...options, exclude: /(^|\/)pdfjs[./]/ }, ...rest])
}
