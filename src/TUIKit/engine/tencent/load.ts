/**
 * Creates the Tencent adapter with the SDK itself. On weapp this module is the entry of its own
 * chunk in the TUIKit subpackage (config/weappChatEngine.ts), loaded at run time by ../remote with
 * `require.async`, so the SDK's bytes stay out of the main package; on H5 it is a lazy chunk.
 */
import TencentCloudChat from '@tencentcloud/chat'
import TIMUploadPlugin from 'tim-upload-plugin'
import * as calls from '@/types/api/calls/chat.gen'
import { call } from '@/core/request'
import { engineSlot } from '../slot'
import type { ChatEngine, ChatFailure } from '../types'
import type { TencentSdk } from './sdk'
import { TencentEngine } from './TencentEngine'

/** The SDK's log level for releases (0 logs every call). */
const LOG_LEVEL_RELEASE = 1

function builtSDKAppID(): number {
  try {
    return Number(process.env.TARO_APP_TENCENT_SDKAPPID) || 0
  } catch {
    return 0
  }
}

/** The SDKAppID the build carries, else the one the server's chat login answers with. */
async function sdkAppID(): Promise<number> {
  const built = builtSDKAppID()
  if (built) return built
  const answer = await call(calls.login.rest, {}, { silent: true })
  if (answer.engine !== 'tencent' || !answer.SDKAppID) {
    throw {
      code: 2800,
      message: '聊天服务未配置腾讯云 IM（服务器未设置 TENCENT_SDKAPPID）',
    } satisfies ChatFailure
  }
  return answer.SDKAppID
}

export async function createTencentEngine(): Promise<ChatEngine> {
  const SDKAppID = await sdkAppID()
  return new TencentEngine(() => {
    const chat = TencentCloudChat.create({ SDKAppID })
    chat.setLogLevel(LOG_LEVEL_RELEASE)
    // Image, voice, video and file messages upload through Tencent's official plugin (10 KB).
    chat.registerPlugin({ 'tim-upload-plugin': TIMUploadPlugin })
    return chat as unknown as TencentSdk
  })
}

// On weapp this module is the chunk's entry: running it is how ../remote gets the factory.
engineSlot.create = createTencentEngine
