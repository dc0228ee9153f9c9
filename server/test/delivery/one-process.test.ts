/**
 * Delivery through one server process on PGlite, SIGKILLed and restarted when half of the
 * messages are acknowledged (npm run test:delivery).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { runDelivery } from './delivery'
import { ServerProcess } from './serverProcess'

const COUNT = Number(process.env.DELIVERY_COUNT) || 1000
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-delivery-'))
let server: ServerProcess | undefined

after(async () => {
  await server?.stop()
  if (!process.env.DELIVERY_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true })
})

test(`${COUNT} messages each way through one process killed and restarted midway`, async () => {
  server = await ServerProcess.start(
    // 1,000 messages each way as fast as they go: over the per-reader send rates on purpose.
    { DATA_DIR: dir, NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', CHAT_SEND_RATES: 'off' },
    path.join(dir, 'server.log'),
  )
  const side = { wsUrl: server.wsUrl, base: server.base }
  const s = server
  const report = await runDelivery({
    a: side,
    b: side,
    count: COUNT,
    disrupt: () => s.restart(),
    timeoutMs: 90_000,
  })
  console.log(`delivery, one process on PGlite: ${JSON.stringify(report)}`)
})
