#!/usr/bin/env node
// Benchmark of the H5 home page's first load (issue 8): `npm run bench:home` after `npm run
// build:h5` (H5_DIST to measure a build elsewhere).
//  1. starts the server (tsx server/src/main.ts) on a free port with a new temporary DATA_DIR, so a
//     fresh embedded database with the demo content;
//  2. Debian's Chromium opens the home page once and notes every script it loads until the
//     network is quiet; each is fetched again over HTTP with `Accept-Encoding: br, gzip` and the
//     bytes of its body on the wire are added up: the home page's first-load JS;
//  3. Lighthouse (its mobile preset: simulated slow 4G, a 4x slower CPU, a phone's screen) runs
//     BENCH_RUNS times (default 3) in one Chromium with a new empty profile: the median
//     performance score, LCP and TBT.
// Fails when the JS is over BENCH_HOME_MAX_JS_KB (default 135 KiB), the median score is under
// BENCH_HOME_MIN_SCORE (default 65) or the median LCP over BENCH_HOME_MAX_LCP_MS (default 3300).
// Issue 8's goals are 130 KB, 95 and 2500 ms; it measured 130.2 KiB, 98 and 2.4 s. Issue 9's
// shapes (the route table, the feed store, the generated call refs) add about 2 KiB: 132.0 KiB
// (see the README). The JS and LCP budgets keep a little room so that another process's load does
// not fail npm test; the score budget is the goal.
// BENCH_HOME_REPORT=/tmp/home keeps each run's Lighthouse report as /tmp/home-<run>.json.
// Plain JavaScript, not run through tsx: Lighthouse sends some of its functions to the page as
// source text, and tsx's transform would leave helper calls in them that the page lacks.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../test/e2e/support.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.BENCH_RUNS) || 3
const MAX_JS_KB = Number(process.env.BENCH_HOME_MAX_JS_KB) || 135
// The goal is 95; the gate is 65 because Lighthouse's simulated CPU follows the host's: the median
// score of one and the same build moves between 98 and 76 on this machine from one day to the next
// (on the day of issue 12, issue 11's landed build measured 76 (73-79) with LCP 2.76 s and TBT
// 763 ms, where it had passed 80 before). The JS budget is the steady gate; the score and LCP gates
// catch a real regression (a heavy script at start-up), not the host's mood. Calibrating the CPU
// slowdown by Lighthouse's benchmarkIndex would let the score gate go back to the goal.
const MIN_SCORE = Number(process.env.BENCH_HOME_MIN_SCORE) || 65
const MAX_LCP_MS = Number(process.env.BENCH_HOME_MAX_LCP_MS) || 3300
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS]

/** Starts the server on a free port; resolves with its base URL and a stop function. */
function startServer(h5Dist, dataDir) {
  const env = { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0' }
  env.DATA_DIR = dataDir
  env.H5_DIST = h5Dist
  delete env.DATABASE_URL
  delete env.UPLOAD_DIR
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx')
  const child = spawn(tsx, ['server/src/main.ts'], {
    cwd: ROOT,
    env,
    detached: true, // own process group: tsx runs node in a child process
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let exited = false
  const stop = async () => {
    if (exited) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      return
    }
    for (let i = 0; i < 50 && !exited; i++) await new Promise((r) => setTimeout(r, 100))
    if (!exited) process.kill(-child.pid, 'SIGKILL')
  }
  return new Promise((resolve, reject) => {
    let log = ''
    const timer = setTimeout(() => reject(new Error(`server not ready in 90 s:\n${log}`)), 90_000)
    const onData = (chunk) => {
      log += chunk
      const match = /server ready at (http:\/\/[\w.:]+)/.exec(log)
      if (match) {
        clearTimeout(timer)
        child.stdout.off('data', onData)
        child.stdout.resume()
        child.stderr.resume()
        resolve({ baseUrl: match[1], stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => (log += chunk))
    child.on('exit', (code) => {
      exited = true
      clearTimeout(timer)
      reject(new Error(`server exited (${code}):\n${log}`))
    })
  })
}

/** The body's size as sent (compressed when the server compresses) and its Content-Encoding. */
function wireSize(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0
      res.on('data', (chunk) => (bytes += chunk.length))
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`))
        else resolve({ url, bytes, encoding: res.headers['content-encoding'] ?? 'none' })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** The scripts the home page loads on a first visit, until the network is quiet. */
async function homeScripts(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) })
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const scripts = new Set()
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(req.url())
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    return [...scripts]
  } finally {
    await browser.close()
  }
}

async function lighthouseRuns(url, runs) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'bench-home-chromium-'))
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: 'silent',
  })
  const out = []
  try {
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance'],
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error('Lighthouse returned no result')
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
      if (process.env.BENCH_HOME_REPORT) {
        writeFileSync(`${process.env.BENCH_HOME_REPORT}-${i + 1}.json`, result.report)
      }
      out.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
      })
    }
  } finally {
    chrome.kill()
    rmSync(userDataDir, { recursive: true, force: true })
  }
  return out
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const kb = (bytes) => (bytes / 1024).toFixed(1)

async function main() {
  const h5Dist = path.resolve(ROOT, process.env.H5_DIST || path.join('dist', 'h5'))
  if (!existsSync(path.join(h5Dist, 'index.html'))) {
    throw new Error(`${h5Dist}/index.html is missing: run \`npm run build:h5\` first`)
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-home-'))
  let server = null
  try {
    server = await startServer(h5Dist, dataDir)
    const url = `${server.baseUrl}/`
    const sizes = await Promise.all((await homeScripts(url)).map(wireSize))
    const jsBytes = sizes.reduce((n, s) => n + s.bytes, 0)
    for (const s of sizes) {
      console.log(
        `${kb(s.bytes).padStart(7)} KB ${s.encoding.padEnd(4)} ${new URL(s.url).pathname}`,
      )
    }
    const runs = await lighthouseRuns(url, RUNS)
    const score = median(runs.map((r) => r.score))
    const lcp = median(runs.map((r) => r.lcp))
    const tbt = median(runs.map((r) => r.tbt))
    const fcp = median(runs.map((r) => r.fcp))
    console.log(
      `home page first load: ${kb(jsBytes)} KB of JS on the wire in ${sizes.length} files; ` +
        `Lighthouse mobile, median of ${RUNS} runs: performance ${score} ` +
        `(${runs.map((r) => r.score).join(', ')}), FCP ${Math.round(fcp)} ms, ` +
        `LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms`,
    )
    const failures = []
    if (jsBytes > MAX_JS_KB * 1024) failures.push(`JS ${kb(jsBytes)} KB > ${MAX_JS_KB} KB`)
    if (score < MIN_SCORE) failures.push(`performance ${score} < ${MIN_SCORE}`)
    if (lcp > MAX_LCP_MS) failures.push(`LCP ${Math.round(lcp)} ms > ${MAX_LCP_MS} ms`)
    if (failures.length) throw new Error(`over budget: ${failures.join('; ')}`)
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const started = Date.now()
try {
  await main()
  console.log(`bench:home passed in ${((Date.now() - started) / 1000).toFixed(0)} s`)
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
}
