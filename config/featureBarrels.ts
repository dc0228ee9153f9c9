/** A feature's public surface: src/features/<domain>/public.ts. */
export const FEATURE_BARREL = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]public\.ts$/

interface RuleChain {
  module: {
    rule(name: string): { test(test: RegExp): { set(key: string, value: unknown): unknown } }
  }
}

/**
 * Marks every feature's public.ts free of side effects, in both builds. A public.ts only
 * re-exports what other features may use, so webpack may link an import through it straight to
 * the module that defines the name; a module re-exported there that no one imports is then not
 * bundled at all. Without the mark, one import through a public.ts brought every module it
 * re-exports along: a main-package page taking formatDuration from books/public.ts put the
 * reader's preferences and timer (about 5 KB) in the mini-program's main package.
 */
export function markFeatureBarrels(chain: RuleChain): void {
  chain.module.rule('featureBarrels').test(FEATURE_BARREL).set('sideEffects', false)
}
