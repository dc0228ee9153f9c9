import { Limits } from '@rules/limits'
import type { Config } from '../config'
import { LocalFanout, type Fanout } from './fanout'
import { Hub } from './hub'
import { LocalPresence, type Presence, presencePrefix, RedisPresence } from './presence'
import { channelFor, RedisFanout } from './redisFanout'
import { BucketsByKey } from './tokenBucket'

/** The process's connected chat clients and how pushes reach them (and other processes). */
export interface ChatRealtime {
  hub: Hub
  fanout: Fanout
  /** Who has chat open (one-to-one rows' 在线 / 离线). */
  presence: Presence
  /** Frames each reader may still send in this process, all their sockets together. */
  readerFrames: BucketsByKey<number>
  /** Sync cursors each reader may still ask for in this process (Limits.chatSyncCursor*). */
  syncCursors: BucketsByKey<number>
  /** Resolves when live delivery is ready (the Redis subscription, if any). */
  ready(): Promise<void>
}

export function createChatRealtime(
  config: Config,
  log: (msg: string, err?: unknown) => void,
): ChatRealtime {
  const hub = new Hub()
  const syncCursors = new BucketsByKey<number>(
    Limits.chatSyncCursorBurst,
    Limits.chatSyncCursorsPerSecond,
  )
  const readerFrames = new BucketsByKey<number>(
    Limits.chatReaderFrameBurst,
    Limits.chatReaderFramesPerSecond,
  )
  const budgets = { syncCursors, readerFrames }
  if (!config.redisUrl) {
    const presence = new LocalPresence(hub)
    const ready = async () => undefined
    return { hub, fanout: new LocalFanout(hub), presence, ...budgets, ready }
  }
  const database = config.databaseUrl || config.dataDir
  const fanout = new RedisFanout(config.redisUrl, channelFor(database), hub, log)
  const presence = new RedisPresence(config.redisUrl, presencePrefix(database), hub, log)
  return { hub, fanout, presence, ...budgets, ready: () => fanout.ready() }
}
