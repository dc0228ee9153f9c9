/**
 * Loads the chat adapter the build chose (TARO_APP_CHAT_ENGINE: `local`, the default, or
 * `tencent`) when chat first needs it, so none of its code is in the main package:
 * - weapp: the adapter's load module (local/load.ts or tencent/load.ts, with everything only it
 *   uses: LocalEngine and its Taro transport, or the Tencent adapter and the SDK) is a chunk of its
 *   own in the TUIKit subpackage (TUIKit/chat/engine.js, made by config/weappChatEngine.ts), which
 *   WeChat downloads and runs on `require.async` (分包异步化, base library 2.11.2+). Webpack does
 *   not know that call: `__non_webpack_require__` is left as the calling file's own `require`, and
 *   the build writes in the chunk's path relative to the file this code lands in. Running the
 *   chunk registers its modules in webpack's shared registry and runs its entry, the load module,
 *   which leaves its factory in ./slot.
 * - H5: a normal dynamic import of the same load module (a lazy chunk).
 * The `process.env.TARO_ENV` and `process.env.TARO_APP_CHAT_ENGINE` tests are build-time
 * constants, so each build keeps one branch only and the other adapter is never bundled; on weapp
 * Babel turns `import()` into `require()`, which must never reach the main package.
 */
import type { ChatEngine, ChatFailure } from './types'
import { engineSlot } from './slot'

declare const __non_webpack_require__: { async(path: string): Promise<unknown> }

const LOAD_FAILED = '聊天模块加载失败，请重试'

export function loadEngineChunk(): Promise<ChatEngine> {
  // if/else, not an early return: webpack skips only the branch its constant test rules out.
  if (process.env.TARO_ENV === 'weapp') {
    return (
      __non_webpack_require__
        // The literal is replaced in the weapp build by the chunk's path relative to the file this
        // code lands in; it stays a literal in the call so that WeChat's tools see the dependency.
        .async('__CHAT_ENGINE_CHUNK_PATH__')
        .catch((error: { errMsg?: string } | undefined) => {
          // WeChat rejects with {mod, errMsg} when the subpackage cannot be downloaded.
          throw { code: 2800, message: error?.errMsg || LOAD_FAILED } satisfies ChatFailure
        })
        .then(() => {
          if (!engineSlot.create) throw { code: 2800, message: LOAD_FAILED } satisfies ChatFailure
          return engineSlot.create()
        })
    )
  } else {
    // The test must stay `process.env.TARO_APP_CHAT_ENGINE === '...'` itself (not through a
    // function): webpack folds that constant and drops the other branch's import.
    return process.env.TARO_APP_CHAT_ENGINE === 'tencent'
      ? import('./tencent/load').then((m) => m.createTencentEngine())
      : import('./local/load').then((m) => m.createLocalEngine())
  }
}
