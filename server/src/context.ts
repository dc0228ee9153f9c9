import type { ChatRealtime } from './chat/realtime'
import type { Clock } from './clock'
import type { Config } from './config'
import type { Db } from './db/client'
import type { ContentModerator } from './services/moderation/types'
import type { SmsSender } from './services/sms/types'
import type { FileStorage } from './services/storage'
import type { GroupMirrorQueue } from './services/tencentIm'
import type { PayClient } from './services/wechatPay/types'
import type { UserSigner } from './services/usersig'
import type { WeChatApps } from './services/wechat/types'
import type { SlidingWindow } from './slidingWindow'

/** Every server secret the services use; all are loaded when the app becomes ready. */
export const SECRET_NAMES = [
  'local_usersig_key',
  'id_card_hash_key',
  'video_url_key',
  'mall_remote_key',
] as const
export type SecretName = (typeof SECRET_NAMES)[number]

/** Everything a service needs, built once per app. */
export interface AppContext {
  db: Db
  config: Config
  clock: Clock
  sms: SmsSender
  /** SMS sends per client address in the last hour (config.sms.ipHourlyMax). */
  smsPerIp: SlidingWindow
  wechat: WeChatApps
  userSigner: UserSigner
  storage: FileStorage
  /** The chat gateway's connected clients and live delivery (in process, or through Redis). */
  chat: ChatRealtime
  /** Reading groups mirrored to Tencent IM after each change (nothing with the local engine). */
  groupMirror: GroupMirrorQueue
  /** WeChat Pay: the real client, the local double, or none (production unconfigured). */
  pay: PayClient
  /** Content moderation (Tencent's, or the local double) and where its background checks log. */
  moderation: { moderator: ContentModerator; log: (msg: string, err?: unknown) => void }
  /** A server secret by name, generated and stored on first use. */
  secret(name: SecretName): Promise<string>
}
