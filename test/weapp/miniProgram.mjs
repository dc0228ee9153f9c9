// A headless WeChat mini-program host for the weapp build (dist/weapp), in Node:
// miniprogram-simulate (WeChat's j-component and exparser) renders each page's WXML compiled by
// WeChat's own wcc, in jsdom; Taro's chunks load through require; `wx.request` goes to a real
// server; `require.async` (分包异步化) loads another file later, as WeChat does. It checks that
// pages render their data without runtime errors and react to taps and input, not how they look:
// built-in components are empty shells and there is no layout.
import Module, { createRequire } from 'node:module'
import { chmodSync, existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { JSDOM } from 'jsdom'
import WebSocket from 'ws'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const require = createRequire(path.join(ROOT, 'package.json'))
// The API base the weapp build bakes in when TARO_APP_API_BASE is not set.
const BUILT_API_BASE = 'http://127.0.0.1:8080'
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** WeChat's Linux compilers arrive from npm without their run bit. */
function makeCompilersRunnable() {
  const bin = path.join(path.dirname(require.resolve('miniprogram-compiler')), 'bin', 'linux')
  for (const name of ['wcc', 'wcsc']) chmodSync(path.join(bin, name), 0o755)
}

function installDom() {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    pretendToBeVisual: true,
    url: 'https://servicewechat.com/',
  })
  const w = dom.window
  globalThis.window = w
  // jsdom's own events: Node's built-in Event and CustomEvent make exparser's taps fail.
  for (const name of [
    'document',
    'Event',
    'CustomEvent',
    'TouchEvent',
    'Element',
    'HTMLElement',
    'Node',
    'Text',
    'DocumentFragment',
    'MutationObserver',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
  ]) {
    Object.defineProperty(globalThis, name, { value: w[name], configurable: true, writable: true })
  }
}

/**
 * Loads the build in `dist` and answers a host: `launch()`, `open(url)`, `page` (the page on
 * top), `problems` (runtime errors, rejections, console.error), `toasts`, `modals`, `titles`,
 * `navigations`, `storage`.
 */
export function createMiniProgram({ dist, serverBase }) {
  if (!existsSync(path.join(dist, 'app.json'))) {
    throw new Error(`${dist}/app.json is missing: run \`npm run build:weapp\` first`)
  }
  makeCompilersRunnable()
  installDom()
  const simulate = require('miniprogram-simulate')
  const exparser = require('miniprogram-exparser')
  const appJson = JSON.parse(readFileSync(path.join(dist, 'app.json'), 'utf8'))
  const tabPages = new Set((appJson.tabBar?.list ?? []).map((t) => t.pagePath))

  const host = {
    problems: [],
    toasts: [],
    modals: [],
    titles: [],
    navigations: [],
    storage: new Map(),
    stack: [],
    modalAnswer: true,
    /** The item showActionSheet answers with (its tapIndex); '' or absent: the sheet is cancelled. */
    actionSheetAnswer: '',
    actionSheets: [],
  }
  const problem = (kind, detail) => {
    const text = detail instanceof Error ? `${detail.message}\n${detail.stack}` : String(detail)
    host.problems.push(`${kind}: ${text}`)
  }
  const consoleError = console.error
  console.error = (...args) => {
    problem('console.error', args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' '))
  }
  process.on('unhandledRejection', (reason) => problem('unhandled rejection', reason))
  process.on('uncaughtException', (err) => problem('uncaught exception', err))
  /** Closes the sockets pages opened (the chat gateway), so the test process can end. */
  host.closeSockets = () => {
    host.socketsClosed = true
    for (const socket of host.sockets ?? []) socket.terminate()
  }
  host.restoreConsole = () => {
    console.error = consoleError
  }

  let app = null
  globalThis.App = (options) => {
    app = options
  }
  globalThis.getApp = () => app
  globalThis.getCurrentPages = () => host.stack.map((p) => p.instance)
  // A Taro page's options become a component whose methods the host calls as the page lifecycle.
  globalThis.Page = (options) => {
    const methods = {}
    for (const [name, value] of Object.entries(options)) {
      if (typeof value === 'function') methods[name] = value
    }
    globalThis.Component({ data: options.data, methods, options: { addGlobalClass: true } })
  }
  installWx(host, serverBase, navigate)
  installRequireAsync(host, dist)

  require(path.join(dist, 'app.js'))
  if (!app) throw new Error('app.js did not call App()')

  const pageIds = new Map()
  function loadPage(route) {
    if (!pageIds.has(route)) {
      const file = path.join(dist, route)
      pageIds.set(route, simulate.load(file, { compiler: 'official', rootPath: dist }))
    }
    return pageIds.get(route)
  }

  function parseUrl(url) {
    const [pathPart, queryPart = ''] = url.replace(/^\//, '').split('?')
    const query = Object.fromEntries(new URLSearchParams(queryPart))
    return { route: pathPart, query }
  }

  function showPage(url) {
    const { route, query } = parseUrl(url)
    const comp = simulate.render(loadPage(route))
    comp.attach(document.createElement('parent-wrapper'))
    const instance = comp.instance
    instance.route = route
    instance.__route__ = route
    instance.options = query
    const page = new PageDriver({ comp, instance, route, query, exparser, host })
    host.stack.push(page)
    instance.onLoad(query)
    instance.onShow?.()
    setTimeout(() => instance.onReady?.(), 0)
    return page
  }

  function unloadPage(page) {
    page.instance.onUnload?.()
    page.comp.detach()
  }

  function hideTop() {
    host.stack.at(-1)?.instance.onHide?.()
  }

  function navigate(kind, url) {
    host.navigations.push({ kind, url })
    if (kind === 'navigateBack') {
      const gone = host.stack.pop()
      if (gone) unloadPage(gone)
      host.stack.at(-1)?.instance.onShow?.()
      return
    }
    if (kind === 'navigateTo') hideTop()
    else while (host.stack.length) unloadPage(host.stack.pop())
    showPage(url)
  }

  host.launch = (url = `/${appJson.pages[0]}`) => {
    const { route, query } = parseUrl(url)
    app.onLaunch?.({ path: route, query, scene: 1001 })
    app.onShow?.({ path: route, query, scene: 1001 })
  }
  /** Closes every page and opens `url` (reLaunch); answers its driver once it has settled. */
  host.open = async (url) => {
    navigate(tabPages.has(parseUrl(url).route) ? 'switchTab' : 'reLaunch', url)
    const page = host.stack.at(-1)
    await page.settle()
    return page
  }
  /** Waits until the page on top is `route` (after a tap that navigates); answers its driver. */
  host.waitForRoute = async (route, ms = 5_000) => {
    const want = route.replace(/^\//, '')
    const deadline = Date.now() + ms
    while (host.stack.at(-1)?.route !== want) {
      if (Date.now() > deadline) {
        throw new Error(`${want} did not open; on top: ${host.stack.at(-1)?.route}`)
      }
      await sleep(40)
    }
    await host.stack.at(-1).settle()
    return host.stack.at(-1)
  }
  Object.defineProperty(host, 'page', { get: () => host.stack.at(-1) })
  host.appJson = appJson
  return host
}

/**
 * WeChat's `require.async(path)` (分包异步化) in every file of the build: `path` resolves from the
 * calling file (or from the build's root when it starts with '/'), the file loads later through
 * the same loader as the other chunks (Node's require: one module registry), and the promise
 * resolves with its exports once it has run, or rejects with `{mod, errMsg}` as WeChat does.
 * Node gives each module a `require` of its own, so the files of the build get the method from a
 * statement put in front of their code (after a "use strict" prologue, on the same line).
 */
function installRequireAsync(host, dist) {
  const root = path.resolve(dist)
  host.asyncLoads = []
  globalThis.__requireAsync = (require, from, request) => {
    host.inFlight += 1
    return new Promise((resolve, reject) => {
      // Another package arrives later, never in the same turn.
      setTimeout(() => {
        host.inFlight -= 1
        const file = request.startsWith('/')
          ? path.join(root, request)
          : path.resolve(path.dirname(from), request)
        try {
          if (!file.startsWith(root + path.sep)) throw new Error(`${request} leaves the build`)
          const exports = require(file)
          host.asyncLoads.push(path.relative(root, file).split(path.sep).join('/'))
          resolve(exports)
        } catch (err) {
          const errMsg = `require.async:fail ${request}: ${err.message}`
          host.problems.push(`require.async: ${errMsg}`)
          reject({ mod: request, errMsg })
        }
      }, 5)
    })
  }
  const PREAMBLE =
    'require.async = (p) => globalThis.__requireAsync(require, __filename, String(p));'
  const compile = Module.prototype._compile
  Module.prototype._compile = function (content, filename) {
    if (filename.startsWith(root + path.sep)) {
      const prologue = /^\s*(['"])use strict\1;?/.exec(content)?.[0] ?? ''
      content = prologue + PREAMBLE + content.slice(prologue.length)
    }
    return compile.call(this, content, filename)
  }
}

class PageDriver {
  constructor({ comp, instance, route, query, exparser, host }) {
    Object.assign(this, { comp, instance, route, query, exparser, host })
  }

  text() {
    return this.comp.dom.textContent
  }

  /** Waits until the host has no request in flight for a moment (or `ms` passed). */
  async settle(ms = 5_000) {
    const deadline = Date.now() + ms
    let quiet = 0
    while (Date.now() < deadline && quiet < 3) {
      await sleep(40)
      quiet = this.host.inFlight === 0 ? quiet + 1 : 0
    }
  }

  /** What the reader sees: the navigation bar's title (set by the page) and the page's text. */
  shows() {
    return this.title ? `${this.title}\n${this.text()}` : this.text()
  }

  async waitForText(value, ms = 5_000) {
    const deadline = Date.now() + ms
    while (!this.shows().includes(value)) {
      if (Date.now() > deadline) {
        throw new Error(`${this.route}: "${value}" did not show; the page shows: ${this.shows()}`)
      }
      await sleep(40)
    }
  }

  /**
   * The innermost rendered element whose text is `value` (exactly, after trimming, unless
   * `exact: false`); `index` picks among several (-1: the last).
   */
  find(value, { exact = true, index = 0 } = {}) {
    const matches = [...this.comp.dom.querySelectorAll('*')].filter((el) => {
      const t = el.textContent.trim()
      return exact ? t === value : t.includes(value)
    })
    const innermost = matches.filter((el) => !matches.some((m) => m !== el && el.contains(m)))
    return innermost.at(index) ?? null
  }

  /** A tap on the element showing `value`; it bubbles to the handler as in WeChat. */
  async tap(value, options) {
    const el = this.find(value, options)
    if (!el) throw new Error(`${this.route}: nothing shows "${value}" to tap`)
    this.fire(el, 'tap', {})
    await this.settle()
  }

  /** A long press on the element showing `value`: touchstart, `ms` held, touchend. */
  async press(value, ms = 650, options) {
    const el = this.find(value, options)
    if (!el) throw new Error(`${this.route}: nothing shows "${value}" to press`)
    const touch = { identifier: 1, pageX: 10, pageY: 10, clientX: 10, clientY: 10 }
    this.fire(el, 'touchstart', { touches: [touch], changedTouches: [touch] })
    await sleep(ms)
    this.fire(el, 'touchend', { touches: [], changedTouches: [touch] })
    await this.settle()
  }

  /** Types into the `n`th input or textarea of the page (an `input` event, as WeChat sends). */
  async type(index, value) {
    const fields = [...this.comp.dom.querySelectorAll('wx-input, wx-textarea')]
    const el = fields[index]
    if (!el) throw new Error(`${this.route}: no input #${index} (${fields.length} on the page)`)
    this.fire(el, 'input', { value, cursor: value.length })
    await this.settle(500)
  }

  fire(el, name, detail) {
    const node = el.__wxElement
    if (!node) throw new Error(`${this.route}: element has no exparser node`)
    const { Event } = this.exparser
    Event.dispatchEvent(
      node,
      Event.create(name, detail, { bubbles: true, composed: true, capturePhase: true }),
    )
  }
}

function installWx(host, serverBase, navigate) {
  const wx = globalThis.wx
  host.inFlight = 0
  const done = (options, result, ok = true) => {
    setTimeout(() => {
      if (ok) options.success?.(result)
      else options.fail?.(result)
      options.complete?.(result)
    }, 0)
  }
  const rewrite = (url) =>
    url.startsWith(BUILT_API_BASE) ? serverBase + url.slice(BUILT_API_BASE.length) : url

  wx.request = (options) => {
    const controller = new AbortController()
    const method = (options.method || 'GET').toUpperCase()
    let url = rewrite(options.url)
    let body
    const headers = { ...(options.header || {}) }
    if (options.data !== undefined && options.data !== null) {
      if (method === 'GET') {
        if (typeof options.data === 'object') {
          const q = new URLSearchParams()
          for (const [k, v] of Object.entries(options.data)) if (v !== undefined) q.append(k, v)
          const qs = q.toString()
          if (qs) url += (url.includes('?') ? '&' : '?') + qs
        }
      } else if (typeof options.data === 'string') body = options.data
      else {
        const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')
        if (type && String(type[1]).includes('x-www-form-urlencoded')) {
          body = new URLSearchParams(options.data).toString()
        } else {
          body = JSON.stringify(options.data)
          if (!type) headers['content-type'] = 'application/json'
        }
      }
    }
    host.inFlight += 1
    fetch(url, { method, headers, body, signal: controller.signal })
      .then(async (res) => {
        const text = await res.text()
        let data = text
        if (options.dataType !== 'text' && options.responseType !== 'arraybuffer') {
          try {
            data = JSON.parse(text)
          } catch {
            data = text
          }
        }
        const header = Object.fromEntries(res.headers.entries())
        done(options, { data, statusCode: res.status, header, errMsg: 'request:ok' })
      })
      .catch((err) => done(options, { errMsg: `request:fail ${err.message}` }, false))
      .finally(() => {
        host.inFlight -= 1
      })
    return {
      abort: () => controller.abort(),
      onHeadersReceived() {},
      offHeadersReceived() {},
    }
  }
  // A real WebSocket to the test server (the chat gateway), shaped as WeChat's SocketTask.
  host.sockets = new Set()
  wx.connectSocket = (options) => {
    if (host.socketsClosed) {
      // After the test: a socket that never opens, so no reconnect keeps the process alive.
      done(options, { errMsg: 'connectSocket:ok' })
      const nothing = () => undefined
      return {
        send: nothing,
        close: nothing,
        onOpen: nothing,
        onMessage: nothing,
        onClose: nothing,
        onError: nothing,
      }
    }
    const url = rewrite(options.url.replace(/^ws/, 'http')).replace(/^http/, 'ws')
    const socket = new WebSocket(url)
    host.sockets.add(socket)
    const handlers = { open: [], message: [], close: [], error: [] }
    socket.on('open', () => handlers.open.forEach((cb) => cb({})))
    socket.on('message', (data) => handlers.message.forEach((cb) => cb({ data: String(data) })))
    socket.on('close', (code, reason) => {
      host.sockets.delete(socket)
      handlers.close.forEach((cb) => cb({ code, reason: String(reason) }))
    })
    socket.on('error', (err) => handlers.error.forEach((cb) => cb({ errMsg: err.message })))
    done(options, { errMsg: 'connectSocket:ok' })
    return {
      send: (o) => {
        try {
          socket.send(o.data)
          done(o, { errMsg: 'sendSocketMessage:ok' })
        } catch (err) {
          done(o, { errMsg: `sendSocketMessage:fail ${err.message}` }, false)
        }
      },
      close: (o = {}) => {
        socket.close()
        done(o, { errMsg: 'closeSocket:ok' })
      },
      onOpen: (cb) => handlers.open.push(cb),
      onMessage: (cb) => handlers.message.push(cb),
      onClose: (cb) => handlers.close.push(cb),
      onError: (cb) => handlers.error.push(cb),
    }
  }
  for (const name of ['uploadFile', 'downloadFile']) {
    wx[name] = (options) => {
      done(options, { errMsg: `${name}:fail not in the headless host` }, false)
      return { abort() {}, onProgressUpdate() {}, offProgressUpdate() {} }
    }
  }

  const storage = host.storage
  wx.setStorageSync = (key, value) => storage.set(key, value)
  wx.getStorageSync = (key) => (storage.has(key) ? storage.get(key) : '')
  wx.removeStorageSync = (key) => storage.delete(key)
  wx.clearStorageSync = () => storage.clear()
  wx.getStorageInfoSync = () => ({ keys: [...storage.keys()], currentSize: 0, limitSize: 10240 })
  wx.setStorage = (o) => (wx.setStorageSync(o.key, o.data), done(o, { errMsg: 'setStorage:ok' }))
  wx.getStorage = (o) =>
    storage.has(o.key)
      ? done(o, { data: storage.get(o.key), errMsg: 'getStorage:ok' })
      : done(o, { errMsg: 'getStorage:fail data not found' }, false)
  wx.removeStorage = (o) => (storage.delete(o.key), done(o, { errMsg: 'removeStorage:ok' }))

  wx.showToast = (o) => (host.toasts.push(o.title), done(o, { errMsg: 'showToast:ok' }))
  wx.showModal = (o) => {
    host.modals.push(`${o.title ?? ''} ${o.content ?? ''}`.trim())
    const confirm = host.modalAnswer
    done(o, { confirm, cancel: !confirm, errMsg: 'showModal:ok' })
  }
  wx.showActionSheet = (o) => {
    host.actionSheets.push(o.itemList)
    const tapIndex = o.itemList.indexOf(host.actionSheetAnswer)
    if (tapIndex === -1) done(o, { errMsg: 'showActionSheet:fail cancel' }, false)
    else done(o, { tapIndex, errMsg: 'showActionSheet:ok' })
  }
  wx.setNavigationBarTitle = (o) => {
    host.titles.push(o.title)
    // WeChat shows it in the navigation bar of the page on top.
    const top = host.stack.at(-1)
    if (top) top.title = o.title
    done(o, { errMsg: 'setNavigationBarTitle:ok' })
  }
  for (const kind of ['navigateTo', 'redirectTo', 'switchTab', 'reLaunch']) {
    wx[kind] = (o) => {
      setTimeout(() => navigate(kind, o.url), 0)
      done(o, { errMsg: `${kind}:ok` })
    }
  }
  wx.navigateBack = (o = {}) => {
    setTimeout(() => navigate('navigateBack'), 0)
    done(o, { errMsg: 'navigateBack:ok' })
  }
}
