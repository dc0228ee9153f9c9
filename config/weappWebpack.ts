import type { IProjectConfig } from '@tarojs/taro/types/compile'
import { CallCopiesPlugin, weappMainOnly } from './callCopies'
import { markFeatureBarrels } from './featureBarrels'
import { weappChatEngineChain } from './weappChatEngine'

type WebpackChain = NonNullable<NonNullable<IProjectConfig<'webpack5'>['mini']>['webpackChain']>
type Chain = Parameters<WebpackChain>[0]

/**
 * The mini-program build's webpack changes (the main package is held to 600 KB, see the README):
 * - the chat adapter in a TUIKit chunk loaded by require.async (weappChatEngine.ts);
 * - MobX's own production build, as on H5: its internals' names are shortened, 16 KB less in
 *   vendors.js than its plain ES module with the development checks taken out;
 * - the mine tab's 我的笔记 count has a copy of the annotation refs of its own, holding the one
 *   call it makes (callCopies.ts); the reader's calls stay in pagesA;
 * - a feature's public.ts is free of side effects (featureBarrels.ts): what it re-exports comes
 *   into a package only where it is used.
 */
export function weappWebpackChain(chain: Chain): void {
  if (process.env.TARO_ENV !== 'weapp') return
  weappChatEngineChain(chain)
  chain.resolve.alias.set('mobx$', require.resolve('mobx/dist/mobx.esm.production.min.js'))
  chain.plugin('callCopies').use(CallCopiesPlugin, [weappMainOnly])
  markFeatureBarrels(chain)
}
