/**
 * Two app instances of one deployment: one database, one DATA_DIR (so one Redis channel) and live
 * delivery shared through Redis (REDIS_URL, default redis://127.0.0.1:6379, which
 * scripts/prereqs.sh starts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer, type TestServer } from './helpers'

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

export interface TwoServers {
  one: TestServer
  two: TestServer
  /** Closes both and removes their DATA_DIR. */
  close(): Promise<void>
}

/** Starts the two instances; `name` prefixes their temporary DATA_DIR. */
export async function twoServers(name: string): Promise<TwoServers> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const one = await startServer({ REDIS_URL, DATA_DIR: dataDir })
  const two = await startServer({ REDIS_URL, DATA_DIR: dataDir }, one)
  return {
    one,
    two,
    async close() {
      await two.close()
      await one.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
