import fs from 'fs'
import path from 'path'
import type { Compiler, Module } from 'webpack'

const ROOT = path.resolve(__dirname, '..')
const SRC = path.join(ROOT, 'src')
const CALLS = path.join(ROOT, 'types', 'api', 'calls')
const NAME = 'CallCopiesPlugin'
const QUERY = 'callsFor'
const COPY = new RegExp(`[?&]${QUERY}=([\\w-]+)`)

/** Which copy of the call modules a module (by its file) imports; null: the shared ones. */
export type CopyGroup = (file: string) => string | null

const inSrc = (file: string): string => path.relative(SRC, file).split(path.sep).join('/')

/** The home page's video row (features/video/homeRow.ts): its one call of the video pages' dozens. */
const homeVideoRow = (file: string): boolean => inSrc(file) === 'features/video/homeRow.ts'

/**
 * H5: the start-up code (src/app.ts, src/appStore.ts, launch/, stores/, core/), in the script every
 * page loads first: a few account, common and feed calls of the dozens the pages make; and the
 * home page's video row, in the home page's chunk.
 */
export const h5StartupCode: CopyGroup = (file) => {
  const rel = inSrc(file)
  const startup =
    rel === 'app.ts' ||
    rel === 'appStore.ts' ||
    ['launch/', 'stores/', 'core/'].some((dir) => rel.startsWith(dir))
  if (startup) return 'startup'
  return homeVideoRow(file) ? 'home' : null
}

const WEAPP_MAIN_CALLERS = new Set([
  'features/annotations/count.ts',
  'features/video/homeRow.ts',
  // The home page's categories and recommended books, and the book in hand: three of the books
  // pages' thirty calls.
  'pages/index/index.tsx',
  'features/books/useCurrentBook.ts',
])

/**
 * The mini-program: the main package's few calls of domains whose pages are in pagesA (the mine
 * tab's 我的笔记 count, one of the reader's ten calls; the home page's video row and books), so
 * the others stay out of the main package.
 */
export const weappMainOnly: CopyGroup = (file) =>
  WEAPP_MAIN_CALLERS.has(inSrc(file)) ? 'main' : null

/** The generated refs and the features' call functions: modules of constants and functions. */
function copyable(file: string): boolean {
  if (path.dirname(file) === CALLS) return file.endsWith('.gen.ts')
  return /^features\/[^/]+\/api\.ts$/.test(inSrc(file))
}

/** A top-level binding that could hold state: `let`, `var`, or a `new` object. */
const STATEFUL = /^(?:export\s+)?(?:let|var)\s|^(?:export\s+)?const\s+\w+\s*(?::[^=\n]+)?=\s*new\s/m

/**
 * Copies of the call modules (types/api/calls/*.gen.ts, src/features/<domain>/api.ts) for a group
 * of importers, so that each copy holds only what its group uses.
 *
 * Webpack keeps in a module every export that any chunk uses, in the chunk its users share: a
 * domain's generated refs and call functions (every call its pages make) landed whole in the H5
 * start-up script, or in the mini-program's main package, when start-up code or one main-package
 * module used one of them. A copy is the same file with a query (`api.ts?callsFor=startup`), a
 * module of its own: the group's modules, and the copies they import, use it; every other module
 * the shared one. A call both use is in both (a few dozen bytes each).
 *
 * Only modules of constants and functions are copied: the generator's refs, and a feature's
 * api.ts, which by the house rules holds calls and no state (a domain's state is in its store.ts).
 * A copied module with a top-level `let`, `var` or `new` fails the build rather than have its
 * state split in two.
 */
export class CallCopiesPlugin {
  constructor(private readonly groupOf: CopyGroup) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap(NAME, (compilation, { normalModuleFactory }) => {
      normalModuleFactory.hooks.afterResolve.tap(NAME, (resolveData) => {
        const data = resolveData.createData
        const resource = data.resource
        if (!resource || resource.includes('?') || !copyable(resource)) return
        const parent: Module | null | undefined = resolveData.dependencies[0]
          ? compilation.moduleGraph.getParentModule(resolveData.dependencies[0])
          : undefined
        const from = parent && 'resource' in parent ? String(parent.resource) : ''
        if (!from) return
        const group = COPY.exec(from)?.[1] ?? this.groupOf(from.split('?')[0])
        if (!group) return
        if (STATEFUL.test(fs.readFileSync(resource, 'utf8'))) {
          throw new Error(
            `${NAME}: ${path.relative(ROOT, resource)} has a top-level let, var or new, which a ` +
              'copy would split in two: keep state in a store, not in a module of calls.',
          )
        }
        const copy = `${resource}?${QUERY}=${group}`
        const swap = (text: string | undefined) =>
          text?.endsWith(resource) ? text.slice(0, -resource.length) + copy : text
        data.request = swap(data.request)
        data.userRequest = swap(data.userRequest)
        data.resource = copy
      })
    })
  }
}
