#!/usr/bin/env node
// Checks the WeChat mini-program build in dist/weapp (run `npm run build:weapp` first):
//  1. package-size budget: main package <= 600 KB (our own budget; WeChat's hard limit is 2 MB),
//     every subpackage <= 2 MB;
//  2. WeChat's own code-quality scan (the DevTools "代码质量" panel), offline, via
//     miniprogram-ci's checkCodeQuality(). Any failed item fails this script.
//  3. with --chat-sdk: where @tencentcloud/chat's bytes land (every JS file holding its code, by
//     package); any in the main package fails (TARO_APP_CHAT_ENGINE=tencent builds).
// Usage: node scripts/check-weapp.mjs [--dir dist/weapp] [--no-quality] [--chat-sdk]
// Exit code 0 = all good, 1 = a check failed, 2 = the build output is missing or unreadable.
import { createRequire } from 'node:module'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const require = createRequire(import.meta.url)

const MAIN_BUDGET = 600 * 1024 // 600 KB (issue 9); WeChat allows 2 MB
const SUBPACKAGE_BUDGET = 2 * 1024 * 1024 // 2 MB (WeChat's per-subpackage limit)
const DUMMY_APPID = 'wx0000000000000000'

const args = process.argv.slice(2)
const dirArg = args.indexOf('--dir')
const distDir = path.resolve(
  dirArg >= 0 ? args[dirArg + 1] : process.env.WEAPP_DIST || path.join('dist', 'weapp'),
)
const runQuality = !args.includes('--no-quality')
const reportChatSdk = args.includes('--chat-sdk')
// Strings found in @tencentcloud/chat 3.x's code and nowhere else in the app.
const CHAT_SDK_MARKERS = ['TencentCloudChat.VERSION', 'tim-upload-plugin']

// What each quality item checks, in our words (the `text` miniprogram-ci returns is a fixed
// sentence that reads like a failure even when the item passes).
const QUALITY_ITEMS = {
  PACKAGE_SIZE_LIMIT: 'every package (main and each subpackage) < 1.5 MB of code',
  JS_COMPRESS_OPEN: 'project.config.json setting.minified is true',
  WXML_COMPRESS_OPEN: 'project.config.json setting.minifyWXML is true',
  WXSS_COMPRESS_OPEN: 'project.config.json setting.minifyWXSS is true',
  LAZYCODE_LOADING_OPEN: 'app.json has lazyCodeLoading ("requiredComponents")',
  IMAGE_AND_AUDIO_LIMIT: 'images and audio in the package total < 200 KB',
  CONTAINS_OTHER_PKG_JS: 'no JS in the main package that only subpackages use',
  CONTAINS_OTHER_PKG_COMPONENTS: 'no component in the main package that only subpackages use',
  CONTAINS_UNUSED_PLUGINS: 'no plugin declared but unused',
  CONTAINS_UNUSED_COMPONENTS: 'no component declared (usingComponents) but unused',
  CONTAINS_UNUSED_CODES:
    'no code file that nothing depends on (only fails if ignore*UnusedFiles=false)',
}

const fmt = (n) => `${(n / 1024).toFixed(1).padStart(8)} KB`
let failed = false
const fail = (msg) => {
  failed = true
  console.log(`FAIL  ${msg}`)
}

function walk(dir, base = dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full, base, out)
    else if (entry.isFile())
      out.push({
        rel: path.relative(base, full).split(path.sep).join('/'),
        size: statSync(full).size,
      })
  }
  return out
}

function readAppJson() {
  try {
    return JSON.parse(readFileSync(path.join(distDir, 'app.json'), 'utf8'))
  } catch (err) {
    console.error(`check-weapp: cannot read ${path.join(distDir, 'app.json')}: ${err.message}`)
    console.error('Run `npm run build:weapp` first.')
    process.exit(2)
  }
}

function checkSizes(appJson) {
  const roots = (appJson.subPackages || appJson.subpackages || []).map((p) =>
    p.root.replace(/^\/+|\/+$/g, ''),
  )
  const sizes = { main: 0 }
  const mainFiles = []
  for (const file of walk(distDir)) {
    const root = roots.find((r) => file.rel === r || file.rel.startsWith(`${r}/`))
    if (root) sizes[root] = (sizes[root] || 0) + file.size
    else {
      sizes.main += file.size
      mainFiles.push(file)
    }
  }
  console.log(`== Package sizes (${path.relative(process.cwd(), distDir) || distDir})`)
  const mainOk = sizes.main <= MAIN_BUDGET
  const room = mainOk
    ? `${fmt(MAIN_BUDGET - sizes.main).trim()} left`
    : `${fmt(sizes.main - MAIN_BUDGET).trim()} over`
  console.log(
    `${mainOk ? 'ok  ' : 'FAIL'}  main        ${fmt(sizes.main)}  (budget ${fmt(MAIN_BUDGET)}, ${room})`,
  )
  if (!mainOk) failed = true
  for (const root of roots) {
    const size = sizes[root] || 0
    const ok = size <= SUBPACKAGE_BUDGET
    if (!ok) failed = true
    console.log(
      `${ok ? 'ok  ' : 'FAIL'}  ${root.padEnd(10)}  ${fmt(size)}  (budget ${fmt(SUBPACKAGE_BUDGET)})`,
    )
  }
  const total = Object.values(sizes).reduce((a, b) => a + b, 0)
  console.log(`      total       ${fmt(total)}`)
  console.log('Largest files in the main package:')
  for (const f of mainFiles.sort((a, b) => b.size - a.size).slice(0, 8))
    console.log(`      ${fmt(f.size)}  ${f.rel}`)
}

function packageOf(rel, roots) {
  return roots.find((r) => rel === r || rel.startsWith(`${r}/`)) || 'main'
}

function checkChatSdk(appJson) {
  const roots = (appJson.subPackages || appJson.subpackages || []).map((p) =>
    p.root.replace(/^\/+|\/+$/g, ''),
  )
  console.log('\n== Where @tencentcloud/chat lands (files holding its code)')
  const found = walk(distDir).filter(
    (f) =>
      f.rel.endsWith('.js') &&
      CHAT_SDK_MARKERS.some((m) => readFileSync(path.join(distDir, f.rel), 'utf8').includes(m)),
  )
  if (found.length === 0) fail('no file holds @tencentcloud/chat: is this a tencent build?')
  for (const f of found) {
    const pkg = packageOf(f.rel, roots)
    const ok = pkg !== 'main'
    if (!ok) failed = true
    console.log(`${ok ? 'ok  ' : 'FAIL'}  ${pkg.padEnd(10)}  ${fmt(f.size)}  ${f.rel}`)
  }
}

async function checkQuality() {
  console.log('\n== WeChat code-quality scan (miniprogram-ci checkCodeQuality)')
  const ci = require('miniprogram-ci')
  // checkCodeQuality never signs anything, but Project() insists on reading a key file.
  const keyDir = mkdtempSync(path.join(tmpdir(), 'check-weapp-'))
  try {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    })
    const privateKeyPath = path.join(keyDir, 'private.wx0000000000000000.key')
    writeFileSync(privateKeyPath, privateKey, { mode: 0o600 })
    // Taro copies project.config.json into dist/weapp with miniprogramRoot rewritten to "./",
    // so the build folder itself is a complete project.
    const project = new ci.Project({
      appid: DUMMY_APPID,
      type: 'miniProgram',
      projectPath: distDir,
      privateKeyPath,
      ignores: ['node_modules/**/*'],
    })
    const results = await ci.checkCodeQuality(project)
    if (!Array.isArray(results) || results.length === 0) {
      fail('checkCodeQuality returned no results')
      return
    }
    for (const item of results) {
      const label = QUALITY_ITEMS[item.name] || item.text
      console.log(`${item.success ? 'ok  ' : 'FAIL'}  ${item.name.padEnd(30)} ${label}`)
      if (!item.success) failed = true
      const d = item.detail
      if (item.name === 'PACKAGE_SIZE_LIMIT' && d && typeof d === 'object') {
        for (const [pkg, size] of Object.entries(d))
          console.log(`        ${(pkg === '__APP__' ? 'main' : pkg).padEnd(10)} ${fmt(size)}`)
      } else if (Array.isArray(d) && d.length) {
        for (const x of d.slice(0, 20))
          console.log(`        ${typeof x === 'string' ? x : JSON.stringify(x)}`)
        if (d.length > 20) console.log(`        ... ${d.length - 20} more`)
      } else if (d && Array.isArray(d.files) && d.files.length) {
        console.log(`        ${d.files.length} file(s), ${fmt(d.size || 0)}:`)
        for (const f of d.files.slice(0, 20))
          console.log(`        ${typeof f === 'string' ? f : JSON.stringify(f)}`)
      }
    }
  } finally {
    rmSync(keyDir, { recursive: true, force: true })
  }
}

const appJson = readAppJson()
checkSizes(appJson)
if (reportChatSdk) checkChatSdk(appJson)
if (runQuality) {
  try {
    await checkQuality()
  } catch (err) {
    fail(`checkCodeQuality threw: ${err && err.stack ? err.stack : err}`)
  }
}
console.log(failed ? '\ncheck:weapp FAILED' : '\ncheck:weapp passed')
// miniprogram-ci leaves a file watcher open; exit explicitly.
process.exit(failed ? 1 : 0)
