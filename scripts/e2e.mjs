#!/usr/bin/env node
// E2E runner (npm run test:e2e). Builds nothing: expects the H5 app in dist/h5 (or $H5_DIST) and,
// for weapp-render.spec.mjs, the mini-program in dist/weapp (or $WEAPP_DIST).
//  1. starts the server (tsx server/src/main.ts) on a free port with a new temporary DATA_DIR,
//     so a fresh embedded database (PGlite) with its seed, and NODE_ENV=test;
//  2. waits for GET /index.php?s=App.Common_Config.AppSysConf to answer;
//  3. runs test/e2e/*.spec.mjs with node's test runner, one file at a time, E2E_BASE_URL set;
//  4. stops the server whatever happened and exits with the tests' status.
// Usage: node scripts/e2e.mjs [name-filter ...]   e.g. `npm run test:e2e -- smoke`
// Env: H5_DIST, E2E_KEEP_DATA=1 (keep the temp DATA_DIR), E2E_SERVER_TIMEOUT_MS (default 90000).
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
const SERVER_LOG = path.join(RESULTS, 'e2e-server.log')
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

let server = null
let serverExited = null
let testRun = null
let dataDir = null
let wechat = null

/** Kills the server's whole process group (tsx runs node in a child process). */
function killServer(signal = 'SIGTERM') {
  if (!server || serverExited) return
  try {
    process.kill(-server.pid, signal)
  } catch {
    try {
      server.kill(signal)
    } catch {
      /* already gone */
    }
  }
}

async function stopServer() {
  if (wechat) await wechat.close().catch(() => undefined)
  wechat = null
  if (!server || serverExited) return
  killServer('SIGTERM')
  for (let i = 0; i < 50 && !serverExited; i++) await sleep(100)
  if (!serverExited) {
    log('server did not stop within 5 s: SIGKILL')
    killServer('SIGKILL')
    for (let i = 0; i < 20 && !serverExited; i++) await sleep(100)
  }
}

function cleanupData() {
  if (dataDir && !process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true })
  else if (dataDir) log(`kept DATA_DIR ${dataDir}`)
  dataDir = null
}

// Last resort if we are killed or crash: never leave the server behind.
process.on('exit', () => {
  if (testRun && testRun.exitCode === null) testRun.kill('SIGKILL')
  killServer('SIGKILL')
  cleanupData()
})
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    log(`${sig}: stopping`)
    process.exit(130)
  })
}

async function waitForServer(baseUrl) {
  const deadline = Date.now() + SERVER_TIMEOUT
  let lastError = ''
  while (Date.now() < deadline) {
    if (serverExited) throw new Error(`server exited early (${serverExited})`)
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

function runTests(files, baseUrl) {
  return new Promise((resolve) => {
    const child = (testRun = spawn(
      process.execPath,
      // tsx: the weapp render spec reads the route checks from src/core (TypeScript).
      ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=300000', ...files],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: baseUrl },
      },
    ))
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
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
    .map((f) => path.join('test', 'e2e', f))
  if (specs.length === 0) {
    console.error(`[e2e] no spec matched in test/e2e/ (filters: ${filters.join(' ') || 'none'})`)
    return 2
  }

  mkdirSync(RESULTS, { recursive: true })
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port) }
  env.DATA_DIR = dataDir
  env.H5_DIST = h5Dist
  delete env.DATABASE_URL // the embedded database, fresh in DATA_DIR
  delete env.UPLOAD_DIR
  delete env.E2E_BASE_URL
  // Every E2E reader registers from 127.0.0.1: the per-address SMS cap (and the image captcha at
  // two thirds of it) would stop the specs, not a person. The per-number rules stay as they are.
  env.SMS_IP_HOURLY_MAX = process.env.SMS_IP_HOURLY_MAX || '600'
  // WeChat is out of reach here: the server's real WeChat client talks to a local double.
  wechat = await startWeChatDouble()
  env.WECHAT_API_BASE = wechat.baseUrl
  env.WECHAT_MP_APPID = E2E_MP_APPID
  env.WECHAT_MP_SECRET = E2E_MP_SECRET

  log(`server: ${baseUrl}  DATA_DIR=${dataDir}  H5_DIST=${path.relative(ROOT, h5Dist) || h5Dist}`)
  log(`server log: ${path.relative(ROOT, SERVER_LOG)}`)
  const out = createWriteStream(SERVER_LOG)
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx')
  server = spawn(tsx, ['server/src/main.ts'], {
    cwd: ROOT,
    env,
    detached: true, // own process group, so the whole tree can be killed
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout.pipe(out)
  server.stderr.pipe(out)
  server.on('exit', (code, signal) => {
    serverExited = signal ? `signal ${signal}` : `code ${code}`
  })
  server.on('error', (err) => {
    serverExited = `spawn error: ${err.message}`
  })

  const started = Date.now()
  try {
    await waitForServer(baseUrl)
  } catch (err) {
    console.error(`[e2e] ${err.message}; last lines of the server log:\n${tail(SERVER_LOG)}`)
    return 1
  }
  log(
    `server ready in ${((Date.now() - started) / 1000).toFixed(1)} s; running ${specs.length} spec file(s)`,
  )

  const code = await runTests(specs, baseUrl)
  if (serverExited) {
    console.error(`[e2e] the server died during the tests (${serverExited}):\n${tail(SERVER_LOG)}`)
    return code || 1
  }
  if (code !== 0) log(`tests failed; server log tail:\n${tail(SERVER_LOG, 20)}`)
  return code
}

let exitCode = 1
try {
  exitCode = await main()
} catch (err) {
  console.error('[e2e]', err)
  exitCode = 1
} finally {
  await stopServer()
  cleanupData()
}
log(exitCode === 0 ? 'passed' : `FAILED (exit ${exitCode})`)
process.exit(exitCode)
