/**
 * The app's chat engine, picked at build time by TARO_APP_CHAT_ENGINE (`local`, the default, or
 * `tencent`): the build replaces the variable with a literal, so the other adapter is not bundled.
 * Loaded on demand: nothing of it runs at start-up before a signed-in reader needs chat, and its
 * code is not in the main package (./remote: weapp `require.async` of a TUIKit chunk, H5 a lazy
 * chunk).
 */
import { loadEngineChunk } from './remote'
import type { ChatEngine } from './types'

let engine: Promise<ChatEngine> | null = null

/** The engine, loaded once; a failed load is forgotten so the next call tries again. */
export function loadChatEngine(): Promise<ChatEngine> {
  if (!engine) {
    engine = loadEngineChunk()
    engine.catch(() => (engine = null))
  }
  return engine
}

export { EVENT, TYPES } from './types'
export type * from './types'
