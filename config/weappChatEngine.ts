import path from 'path'
import type { IProjectConfig } from '@tarojs/taro/types/compile'
import type { Compiler } from 'webpack'

type WebpackChain = NonNullable<NonNullable<IProjectConfig<'webpack5'>['mini']>['webpackChain']>
type Chain = Parameters<WebpackChain>[0]

/** The chat adapter's chunk in the weapp build: in the TUIKit subpackage, out of the main one. */
export const ENGINE_CHUNK = 'TUIKit/chat/engine'
/** What src/TUIKit/engine/remote.ts passes to require.async until the build fills it in. */
const PLACEHOLDER = '__CHAT_ENGINE_CHUNK_PATH__'
const NAME = 'ChatEngineChunkPlugin'

/** The load module of the adapter TARO_APP_CHAT_ENGINE picks (`local`, the default, or `tencent`). */
export function engineEntry(engine = process.env.TARO_APP_CHAT_ENGINE): string {
  const adapter = engine === 'tencent' ? 'tencent' : 'local'
  return path.resolve(__dirname, '..', 'src', 'TUIKit', 'engine', adapter, 'load.ts')
}

/**
 * WeChat's 分包异步化 for the chat adapter, which Taro does not wire up (NervJS/taro#10406, #13836):
 * - the chosen adapter's load module (src/TUIKit/engine/local/load.ts: LocalEngine and its Taro
 *   transport; or src/TUIKit/engine/tencent/load.ts, which imports @tencentcloud/chat) becomes an
 *   entry of its own named TUIKit/chat/engine, so webpack writes it, with every module only it
 *   uses, to dist/weapp/TUIKit/chat/engine.js, inside the TUIKit subpackage; Taro's subpackage
 *   pass puts `require("../sub-vendors.js")` in front when TUIKit has one;
 * - the main package never imports it: src/TUIKit/engine/remote.ts calls WeChat's `require.async`
 *   with a placeholder, which this plugin replaces, in whichever emitted file the call landed, by
 *   the chunk's path relative to that file (WeChat resolves it from the calling file). When the
 *   chunk runs it registers its modules in webpack's shared registry (wx.webpackJsonp) and runs
 *   its entry, which leaves its factory in src/TUIKit/engine/slot.ts for remote.ts to call.
 */
class ChatEngineChunkPlugin {
  apply(compiler: Compiler): void {
    new compiler.webpack.EntryPlugin(compiler.context, engineEntry(), {
      name: ENGINE_CHUNK,
    }).apply(compiler)
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification, so the placeholder is final text; before Taro's subpackage pass.
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH },
        (assets) => {
          const target = `${ENGINE_CHUNK}.js`
          for (const file of Object.keys(assets)) {
            if (!file.endsWith('.js')) continue
            const text = String(assets[file].source())
            if (!text.includes(PLACEHOLDER)) continue
            let relative = path.posix.relative(path.posix.dirname(file), target)
            if (!relative.startsWith('.')) relative = `./${relative}`
            compilation.updateAsset(
              file,
              new sources.RawSource(text.split(PLACEHOLDER).join(relative)),
            )
          }
        },
      )
      compilation.hooks.processAssets.tap(
        // Taro's subpackage pass gives every TUIKit entry a template and a style sheet: this one
        // is a script, and its empty siblings would only be reported as unused files.
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          for (const ext of ['.wxml', '.wxss']) {
            const asset = compilation.getAsset(`${ENGINE_CHUNK}${ext}`)
            if (asset && asset.source.size() === 0) compilation.deleteAsset(asset.name)
          }
        },
      )
    })
  }
}

/** Every weapp build, whichever adapter it carries; H5 loads the adapter with import(). */
export function weappChatEngineChain(chain: Chain): void {
  if (process.env.TARO_ENV !== 'weapp') return
  chain.plugin(NAME).use(ChatEngineChunkPlugin)
}
