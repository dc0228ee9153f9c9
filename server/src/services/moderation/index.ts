import type { Clock } from '../../clock'
import type { Config } from '../../config'
import { LocalModerator, loadHashList } from './local'
import { TencentModerator } from './tencent'
import type { ContentModerator } from './types'

/** Tencent's content moderation with MODERATION_PROVIDER=tencent; the local double otherwise. */
export function createModerator(config: Config, clock: Clock): ContentModerator {
  const { moderation } = config
  return moderation.provider === 'tencent'
    ? new TencentModerator(moderation.tencent, clock)
    : new LocalModerator(loadHashList(moderation.hashFile, moderation.riskyHashes))
}

export { LocalModerator, TencentModerator }
export type { ContentModerator }
export type { ModeratedFile, Verdict } from './types'
