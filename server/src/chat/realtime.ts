import type { Config } from '../config'
import { LocalFanout, type Fanout } from './fanout'
import { Hub } from './hub'
import { channelFor, RedisFanout } from './redisFanout'

/** The process's connected chat clients and how pushes reach them (and other processes). */
export interface ChatRealtime {
  hub: Hub
  fanout: Fanout
  /** Resolves when live delivery is ready (the Redis subscription, if any). */
  ready(): Promise<void>
}

export function createChatRealtime(
  config: Config,
  log: (msg: string, err?: unknown) => void,
): ChatRealtime {
  const hub = new Hub()
  if (!config.redisUrl) {
    return { hub, fanout: new LocalFanout(hub), ready: async () => undefined }
  }
  const database = config.databaseUrl || config.dataDir
  const fanout = new RedisFanout(config.redisUrl, channelFor(database), hub, log)
  return { hub, fanout, ready: () => fanout.ready() }
}
