/**
 * Delivery between two server processes on one PostgreSQL database, sharing live delivery through
 * Redis (REDIS_URL, default redis://127.0.0.1:6379): each reader on its own process, the second
 * process SIGKILLed and restarted when half of the messages are acknowledged.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { freshPostgres } from '../helpers'
import { runDelivery } from './delivery'
import { ServerProcess } from './serverProcess'

const COUNT = Number(process.env.DELIVERY_COUNT) || 1000
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-delivery-pg-'))
const servers: ServerProcess[] = []
let drop: (() => Promise<void>) | undefined

after(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await drop?.()
  if (!process.env.DELIVERY_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true })
})

test(`${COUNT} messages each way between two processes with Redis, one restarted midway`, async () => {
  const db = await freshPostgres()
  await db.handle.close()
  drop = db.drop
  // 1,000 messages each way as fast as they go: over the per-reader send rates on purpose.
  const env = {
    DATA_DIR: dir,
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL,
    CHAT_SEND_RATES: 'off',
  }
  // One after the other: the first migrates and seeds the new database.
  const first = await ServerProcess.start(env, path.join(dir, 'server-1.log'))
  servers.push(first)
  const second = await ServerProcess.start(env, path.join(dir, 'server-2.log'))
  servers.push(second)
  const report = await runDelivery({
    a: { wsUrl: first.wsUrl, base: first.base },
    b: { wsUrl: second.wsUrl, base: second.base },
    count: COUNT,
    disrupt: () => second.restart(),
    timeoutMs: 90_000,
  })
  console.log(`delivery, two processes on PostgreSQL + Redis: ${JSON.stringify(report)}`)
})
