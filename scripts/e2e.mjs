#!/usr/bin/env node
// E2E runner (npm run test:e2e). Builds nothing: expects the H5 app in dist/h5 (or $H5_DIST) and,
// for weapp-render.spec.mjs, the mini-program in dist/weapp (or $WEAPP_DIST).
// The specs are dealt to E2E_LANES lanes (default 2) that run side by side; each lane:
//  1. starts the server (tsx server/src/main.ts) on a free port with a new temporary DATA_DIR,
//     so a fresh embedded database (PGlite) with its seed, and NODE_ENV=test;
//  2. waits for GET /index.php?s=App.Common_Config.AppSysConf to answer;
//  3. runs its specs with node's test runner, one file at a time, E2E_BASE_URL set;
//  4. stops its server whatever happened. The runner exits with the tests' status.
// Usage: node scripts/e2e.mjs [name-filter ...]   e.g. `npm run test:e2e -- smoke`
// Env: H5_DIST, E2E_LANES, E2E_KEEP_DATA=1 (keep the temp DATA_DIRs), E2E_SERVER_TIMEOUT_MS
// (default 90000).
import { spawn } from 'node:child_process'
import { E2E_MP_APPID, E2E_MP_SECRET, startWeChatDouble } from '../test/e2e/wechatDouble.mjs'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SPEC_DIR = path.join(ROOT, 'test', 'e2e')
const RESULTS = path.join(ROOT, 'test-results')
const READY_PATH = '/index.php?s=App.Common_Config.AppSysConf'
const SERVER_TIMEOUT = Number(process.env.E2E_SERVER_TIMEOUT_MS) || 90_000

const log = (msg) => console.log(`[e2e] ${msg}`)

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no server log)'
  }
}

/**
 * Roughly how long each spec takes (seconds, measured): the specs are dealt to the lanes longest
 * first, each to the lane with the least so far. Unknown specs count 15.
 */
const SPEC_SECONDS = {
  'account-security': 75,
  'weapp-render': 50,
  'friends-groups': 30,
  agent: 75,
  gift: 30,
  activity: 25,
  shop: 20,
  video: 30,
  feed: 28,
  periodicals: 25,
  chat: 20,
  'chat-forward': 40,
  'chat-receipts': 30,
  'chat-reactions': 30,
  'chat-input': 20,
  'first-impression': 15,
  smoke: 15,
  'reader-notes': 15,
  documents: 14,
  books: 12,
  account: 12,
  'title-injection': 12,
  'chat-engine': 10,
  'h5-delivery': 10,
  feedback: 9,
  share: 8,
  'wechat-h5': 8,
}
const LANES = Math.max(1, Number(process.env.E2E_LANES) || 2)

/** One lane: its own server, data directory, WeChat double and spec files, run one at a time. */
class Lane {
  constructor(index) {
    this.index = index
    this.specs = []
    this.weight = 0
    this.server = null
    this.serverExited = null
    this.testRun = null
    this.dataDir = null
    this.wechat = null
    this.log = path.join(RESULTS, LANES > 1 ? `e2e-server-${index + 1}.log` : 'e2e-server.log')
  }

  say(msg) {
    log(LANES > 1 ? `lane ${this.index + 1}: ${msg}` : msg)
  }

  /** Kills the server's whole process group (tsx runs node in a child process). */
  killServer(signal = 'SIGTERM') {
    if (!this.server || this.serverExited) return
    try {
      process.kill(-this.server.pid, signal)
    } catch {
      try {
        this.server.kill(signal)
      } catch {
        /* already gone */
      }
    }
  }

  async stop() {
    if (this.wechat) await this.wechat.close().catch(() => undefined)
    this.wechat = null
    if (this.server && !this.serverExited) {
      this.killServer('SIGTERM')
      for (let i = 0; i < 50 && !this.serverExited; i++) await sleep(100)
      if (!this.serverExited) {
        this.say('server did not stop within 5 s: SIGKILL')
        this.killServer('SIGKILL')
        for (let i = 0; i < 20 && !this.serverExited; i++) await sleep(100)
      }
    }
    this.cleanupData()
  }

  cleanupData() {
    if (this.dataDir && !process.env.E2E_KEEP_DATA)
      rmSync(this.dataDir, { recursive: true, force: true })
    else if (this.dataDir) this.say(`kept DATA_DIR ${this.dataDir}`)
    this.dataDir = null
  }

  /** Last resort if we are killed or crash. */
  killAll() {
    if (this.testRun && this.testRun.exitCode === null) this.testRun.kill('SIGKILL')
    this.killServer('SIGKILL')
    this.cleanupData()
  }

  async waitForServer(baseUrl) {
    const deadline = Date.now() + SERVER_TIMEOUT
    let lastError = ''
    while (Date.now() < deadline) {
      if (this.serverExited) throw new Error(`server exited early (${this.serverExited})`)
      try {
        const res = await fetch(baseUrl + READY_PATH, { signal: AbortSignal.timeout(5_000) })
        if (res.ok) return
        lastError = `HTTP ${res.status}`
      } catch (err) {
        lastError = err.cause?.code || err.message
      }
      await sleep(250)
    }
    throw new Error(`server not ready after ${SERVER_TIMEOUT} ms (${lastError})`)
  }

  async start(h5Dist) {
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'))
    const port = await freePort()
    this.baseUrl = `http://127.0.0.1:${port}`
    const env = { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port) }
    env.DATA_DIR = this.dataDir
    env.H5_DIST = h5Dist
    delete env.DATABASE_URL // the embedded database, fresh in DATA_DIR
    delete env.UPLOAD_DIR
    delete env.E2E_BASE_URL
    // Every E2E reader registers from 127.0.0.1: the per-address SMS cap (and the image captcha at
    // two thirds of it) would stop the specs, not a person. The per-number rules stay as they are.
    env.SMS_IP_HOURLY_MAX = process.env.SMS_IP_HOURLY_MAX || '600'
    // An agent's commission settles when its order can no longer be refunded (7 days by default):
    // the agent spec waits for that, so here the window is seconds.
    env.REFUND_WINDOW_SECONDS = process.env.REFUND_WINDOW_SECONDS || '30'
    // chat-engine.spec sends 300 messages each way as fast as it can: the per-reader chat send
    // rates (their own server suite, chat-limits) would stop it, not a person.
    env.CHAT_SEND_RATES = process.env.CHAT_SEND_RATES || 'off'
    // WeChat is out of reach here: the server's real WeChat client talks to a local double.
    this.wechat = await startWeChatDouble()
    env.WECHAT_API_BASE = this.wechat.baseUrl
    env.WECHAT_MP_APPID = E2E_MP_APPID
    env.WECHAT_MP_SECRET = E2E_MP_SECRET

    this.say(
      `server: ${this.baseUrl}  DATA_DIR=${this.dataDir}  log: ${path.relative(ROOT, this.log)}`,
    )
    const out = createWriteStream(this.log)
    const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx')
    this.server = spawn(tsx, ['server/src/main.ts'], {
      cwd: ROOT,
      env,
      detached: true, // own process group, so the whole tree can be killed
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.server.stdout.pipe(out)
    this.server.stderr.pipe(out)
    this.server.on('exit', (code, signal) => {
      this.serverExited = signal ? `signal ${signal}` : `code ${code}`
    })
    this.server.on('error', (err) => {
      this.serverExited = `spawn error: ${err.message}`
    })
    const started = Date.now()
    await this.waitForServer(this.baseUrl)
    this.say(
      `server ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${this.specs.length} spec file(s): ${this.specs.map((f) => path.basename(f, '.spec.mjs')).join(', ')}`,
    )
  }

  /** Runs the lane's specs; with several lanes their output is kept and printed at the end. */
  run() {
    return new Promise((resolve) => {
      const quiet = LANES > 1
      const child = (this.testRun = spawn(
        process.execPath,
        // tsx: the weapp render spec reads the route checks from src/core (TypeScript).
        [
          '--import',
          'tsx',
          '--test',
          '--test-concurrency=1',
          '--test-timeout=300000',
          ...this.specs,
        ],
        {
          cwd: ROOT,
          stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
          env: { ...process.env, E2E_BASE_URL: this.baseUrl },
        },
      ))
      const chunks = []
      if (quiet) {
        child.stdout.on('data', (chunk) => chunks.push(chunk))
        child.stderr.on('data', (chunk) => chunks.push(chunk))
      }
      child.on('close', (code, signal) => {
        if (quiet) {
          console.log(`\n[e2e] ======== lane ${this.index + 1} ========`)
          process.stdout.write(Buffer.concat(chunks))
        }
        resolve(code ?? (signal ? 1 : 0))
      })
    })
  }
}

let lanes = []

process.on('exit', () => {
  for (const lane of lanes) lane.killAll()
})
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    log(`${sig}: stopping`)
    process.exit(130)
  })
}

async function main() {
  const h5Dist = path.resolve(ROOT, process.env.H5_DIST || path.join('dist', 'h5'))
  if (!existsSync(path.join(h5Dist, 'index.html'))) {
    console.error(`[e2e] ${h5Dist}/index.html is missing: run \`npm run build:h5\` first.`)
    return 2
  }
  const filters = process.argv.slice(2)
  const specs = readdirSync(SPEC_DIR)
    .filter((f) => f.endsWith('.spec.mjs'))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort()
  if (specs.length === 0) {
    console.error(`[e2e] no spec matched in test/e2e/ (filters: ${filters.join(' ') || 'none'})`)
    return 2
  }
  mkdirSync(RESULTS, { recursive: true })

  const weight = (f) => SPEC_SECONDS[f.replace('.spec.mjs', '')] ?? 15
  lanes = Array.from({ length: Math.min(LANES, specs.length) }, (_, i) => new Lane(i))
  for (const spec of [...specs].sort((a, b) => weight(b) - weight(a))) {
    const lane = lanes.reduce((best, l) => (l.weight < best.weight ? l : best))
    lane.specs.push(path.join('test', 'e2e', spec))
    lane.weight += weight(spec)
  }
  for (const lane of lanes) lane.specs.sort()

  try {
    await Promise.all(lanes.map((lane) => lane.start(h5Dist)))
  } catch (err) {
    for (const lane of lanes) {
      console.error(
        `[e2e] lane ${lane.index + 1}: last lines of the server log:\n${tail(lane.log)}`,
      )
    }
    console.error(`[e2e] ${err.message}`)
    return 1
  }
  const codes = await Promise.all(lanes.map((lane) => lane.run()))
  let status = 0
  lanes.forEach((lane, i) => {
    if (lane.serverExited) {
      console.error(
        `[e2e] lane ${i + 1}: the server died (${lane.serverExited}):\n${tail(lane.log)}`,
      )
      status = status || codes[i] || 1
    } else if (codes[i] !== 0) {
      lane.say(`tests failed; server log tail:\n${tail(lane.log, 20)}`)
      status = status || codes[i]
    }
  })
  return status
}

let exitCode = 1
try {
  exitCode = await main()
} catch (err) {
  console.error('[e2e]', err)
  exitCode = 1
} finally {
  await Promise.all(lanes.map((lane) => lane.stop()))
}
log(exitCode === 0 ? 'passed' : `FAILED (exit ${exitCode})`)
process.exit(exitCode)
