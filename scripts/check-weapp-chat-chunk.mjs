#!/usr/bin/env node
// Runs the chat adapter's chunk of a weapp build the way WeChat loads it, without WeChat: every
// file is evaluated in one shared context inside a per-file `function (require, module, exports)`
// wrapper, whose `require` resolves paths from that file and whose `require.async` loads another
// package's file later (分包异步化). Each weapp build carries one adapter (TARO_APP_CHAT_ENGINE:
// local, the default, or tencent) as TUIKit/chat/engine.js (config/weappChatEngine.ts), which
// src/TUIKit/engine/remote.ts loads with `require.async` and whose entry leaves its factory in
// src/TUIKit/engine/slot.ts. The check loads what app.js requires (runtime, taro, vendors,
// common), registers the modules of the file that holds the `require.async` call (app.js: its
// entry, which needs WeChat, is not run), makes that call with the path the build wrote in, from
// that file, then calls the factory the chunk left in the slot, and expects:
//  - local: a LocalEngine (kind "local") whose transport (the /api/chat/ws socket) came with the
//    chunk and is in no file of the main package;
//  - tencent: a ChatEngine of kind "tencent" built by the real SDK (in the TUIKit subpackage),
//    with no network: the build must carry an SDKAppID (TARO_APP_TENCENT_SDKAPPID).
// (remote.ts itself is folded into app.js's entry module, which exports nothing to call; the
// weapp render spec, test/e2e/weapp-render.spec.mjs, goes through it with a signed-in reader.)
// What it cannot show: WeChat itself downloading the subpackage.
// Usage: node scripts/check-weapp-chat-chunk.mjs [--dir dist/weapp, else $WEAPP_DIST or dist/weapp]
//          [--engine local|tencent, default local]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

const args = process.argv.slice(2)
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const expected = option('--engine') || 'local'
const dist = path.resolve(option('--dir') || process.env.WEAPP_DIST || path.join('dist', 'weapp'))
const fail = (message) => {
  console.log(`FAIL  ${message}`)
  process.exit(1)
}
if (!['local', 'tencent'].includes(expected)) fail(`--engine ${expected}: local or tencent`)
if (!existsSync(path.join(dist, 'app.json'))) fail(`${dist}/app.json is missing: build it first`)
const appJson = JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8'))
const roots = (appJson.subPackages || appJson.subpackages || []).map((p) =>
  p.root.replace(/^\/+|\/+$/g, ''),
)
const packageOf = (file) => roots.find((r) => file.startsWith(`${r}/`)) || 'main'
/** A string only the local adapter's transport (src/TUIKit/engine/local/taroTransport.ts) holds. */
const LOCAL_MARKER = '/api/chat/ws'

// ---- a stand-in for the mini-program's globals -------------------------------------------------
const noop = () => undefined
const systemInfo = {
  platform: 'devtools',
  SDKVersion: '3.6.0',
  version: '8.0.50',
  fontSizeSetting: 16,
  model: 'node',
  system: 'linux',
  language: 'zh_CN',
  pixelRatio: 2,
  windowWidth: 375,
  windowHeight: 667,
  screenWidth: 375,
  screenHeight: 667,
}
const storage = new Map()
const wxApi = {
  getSystemInfoSync: () => systemInfo,
  getSystemInfo: (o) => o?.success?.(systemInfo),
  getAppBaseInfo: () => systemInfo,
  getDeviceInfo: () => systemInfo,
  getWindowInfo: () => systemInfo,
  getAccountInfoSync: () => ({
    miniProgram: { appId: 'wx0000000000000000', envVersion: 'develop' },
  }),
  getStorageSync: (key) => storage.get(key) ?? '',
  setStorageSync: (key, value) => storage.set(key, value),
  removeStorageSync: (key) => storage.delete(key),
  getStorageInfoSync: () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 }),
  getNetworkType: (o) => o?.success?.({ networkType: 'none' }),
  // Named, not only answered by the proxy below: Taro wraps the APIs it finds with `in`.
  onNetworkStatusChange: noop,
  canIUse: () => true,
  // Nothing may go out: the check builds the engine, it never logs in.
  request: (o) => o?.fail?.({ errMsg: 'request:fail no network in this check' }),
  connectSocket: () => ({
    onOpen: noop,
    onClose: noop,
    onError: noop,
    onMessage: noop,
    close: noop,
  }),
}
// Any other API (onNetworkStatusChange, offAppShow, reportEvent, ...) is a function doing nothing.
const API_NAME = /^(on|off|get|set|create|remove|report|show|hide|navigate|start|stop|next)[A-Z]/
// Not these: the SDK takes a mini-game for one that has them.
const MINI_GAME_ONLY = new Set(['createGamePortal', 'getGameClubData'])
const wx = new Proxy(wxApi, {
  get: (target, key) => {
    if (key in target) return target[key]
    if (typeof key !== 'string' || MINI_GAME_ONLY.has(key)) return undefined
    return API_NAME.test(key) ? noop : undefined
  },
})
const context = vm.createContext({
  wx,
  console,
  setTimeout,
  clearTimeout,
  setInterval,
  clearInterval,
  Promise,
  Date,
  Math,
  JSON,
  Object,
  Array,
  Error,
  TypeError,
  RegExp,
  Map,
  Set,
  WeakMap,
  WeakSet,
  Symbol,
  Reflect,
  Proxy,
  ArrayBuffer,
  Uint8Array,
  DataView,
  TextEncoder,
  TextDecoder,
  encodeURIComponent,
  decodeURIComponent,
  parseInt,
  parseFloat,
  isNaN,
  App: noop,
  Page: noop,
  Component: noop,
  Behavior: (o) => o,
  getApp: () => ({}),
  getCurrentPages: () => [],
})
context.globalThis = context

// ---- WeChat's module system, as the docs describe it --------------------------------------------
const modules = new Map()

function resolve(from, request) {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), request))
  if (target.startsWith('..'))
    throw new Error(`module "${request}" from ${from} leaves the package`)
  return target.endsWith('.js') ? target : `${target}.js`
}

function load(file) {
  if (modules.has(file)) return modules.get(file).exports
  const full = path.join(dist, file)
  if (!existsSync(full)) throw new Error(`module "${file}" is not defined`)
  const module = { exports: {} }
  modules.set(file, module)
  const wrapped = vm.runInContext(
    `(function (require, module, exports) {${readFileSync(full, 'utf8')}\n})`,
    context,
    { filename: file },
  )
  wrapped(requireFrom(file), module, module.exports)
  return module.exports
}

function requireFrom(file) {
  const require = (request) => load(resolve(file, request))
  require.async = (request) =>
    new Promise((resolvePromise, reject) =>
      // Another package arrives later, never in the same turn.
      setTimeout(() => {
        try {
          resolvePromise(load(resolve(file, request)))
        } catch (error) {
          reject({ mod: request, errMsg: String(error && error.message) })
        }
      }, 5),
    )
  return require
}

// ---- the check --------------------------------------------------------------------------------
const appJs = readFileSync(path.join(dist, 'app.js'), 'utf8')
const appDeps = [...appJs.matchAll(/require\("\.\/([^"]+)"\)/g)].map((m) => m[1])
for (const dep of appDeps.reverse()) load(resolve('app.js', `./${dep}`))
const jsonp = context.wx.webpackJsonp
if (!Array.isArray(jsonp)) fail('runtime.js did not set up wx.webpackJsonp')

// webpack's require, from a chunk that asks for nothing
let webpackRequire = null
jsonp.push([['check-weapp-chat-chunk'], {}, (r) => (webpackRequire = r)])
if (!webpackRequire) fail('no webpack runtime in the main package')

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) walk(full, out)
    else if (name.endsWith('.js')) out.push(full)
  }
  return out
}
const files = walk(dist).map((f) => path.relative(dist, f).split(path.sep).join('/'))
const callers = files.filter((f) =>
  readFileSync(path.join(dist, f), 'utf8').includes('require.async('),
)
if (callers.length !== 1) {
  fail(`expected one file with require.async, found ${callers.length}: ${callers.join(', ')}`)
}
const caller = callers[0]
const callText = readFileSync(path.join(dist, caller), 'utf8').match(/require\.async\(("[^"]*")\)/)
if (!callText) fail(`${caller}: require.async is not called with a literal path`)
const target = resolve(caller, JSON.parse(callText[1]))
console.log(`${caller}: require.async(${callText[1]}) -> ${target} (${packageOf(target)})`)
if (packageOf(target) === 'main') fail(`${target} is in the main package`)
if (!files.includes(target)) fail(`${target} is not in the build`)

// Register the caller's modules without running its entry (a page, or the app, needs WeChat).
// app.js and what it requires run at launch; here only what app.js requires is loaded (above).
const push = jsonp.push
jsonp.push = (chunk) => push.call(jsonp, [chunk[0], chunk[1]])
load(caller)
jsonp.push = push

// src/TUIKit/engine/slot.ts: `{ create: null }` until the chunk's entry fills it in.
const slotIds = Object.keys(webpackRequire.m).filter((id) =>
  /\{create:null\}/.test(String(webpackRequire.m[id])),
)
if (slotIds.length !== 1) fail(`expected one engine slot module, found ${slotIds.length}`)
const slot = Object.values(webpackRequire(slotIds[0])).find(
  (v) => v && typeof v === 'object' && 'create' in v,
)
if (!slot) fail('the engine slot module exports no { create } object')
if (slot.create !== null) fail('the engine slot is filled before the chunk was loaded')
const localInMain = files.filter(
  (f) =>
    f.endsWith('.js') &&
    packageOf(f) === 'main' &&
    readFileSync(path.join(dist, f), 'utf8').includes(LOCAL_MARKER),
)
if (localInMain.length) fail(`the local adapter's transport is in ${localInMain.join(', ')}`)

const before = new Set(Object.keys(webpackRequire.m))
const timer = setTimeout(() => fail('loading the engine did not settle within 20 s'), 20_000)
try {
  // What remote.ts does: require.async from the calling file, then the factory the chunk left.
  await requireFrom(caller).async(JSON.parse(callText[1]))
  if (!modules.has(target)) fail(`${target} was not loaded`)
  if (typeof slot.create !== 'function') fail(`${target} left no factory in the engine slot`)
  const engine = await slot.create()
  clearTimeout(timer)
  const added = [...Object.keys(webpackRequire.m)].filter((id) => !before.has(id))
  const source = (id) => String(webpackRequire.m[id])
  if (!engine || engine.kind !== expected) fail(`the chunk's factory gave ${engine && engine.kind}`)
  for (const name of ['login', 'sendMessage', 'getConversationList', 'on', 'isReady'])
    if (typeof engine[name] !== 'function') fail(`the engine has no ${name}()`)
  let brought
  if (expected === 'tencent') {
    if (!added.some((id) => source(id).includes('TencentCloudChat')))
      fail(`${target} brought no @tencentcloud/chat module`)
    brought = 'the SDK among them'
  } else {
    if (!added.some((id) => source(id).includes(LOCAL_MARKER)))
      fail(`${target} brought no local transport module`)
    brought = 'LocalEngine and its Taro transport among them'
  }
  console.log(
    `ok    require.async loaded ${target} (${added.length} modules, ${brought}); ` +
      `its factory gave a "${engine.kind}" engine (isReady: ${engine.isReady()})`,
  )
  process.exit(0)
} catch (error) {
  fail(
    `loading the engine failed: ${error && (error.stack || error.message || JSON.stringify(error))}`,
  )
}
