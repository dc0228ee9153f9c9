// The app's local chat engine (src/TUIKit/engine/local/LocalEngine.ts), run in Node against the
// E2E server's gateway over real HTTP and WebSocket: two readers send 300 messages each way while
// their sockets are cut again and again; every message arrives once, in order, on the other side
// (the engine resends unacknowledged sends with their IDs and catches up from its cursors).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import WebSocket from 'ws'
import { LocalEngine } from '../../src/TUIKit/engine/local/LocalEngine.ts'
import { baseUrl } from './support.mjs'
import { freshMobile, registerOverHttp } from './taro.mjs'

const EACH_WAY = 300
const PASSWORD = 'reader2026'

/** The engine's transport in Node: fetch for the calls, `ws` for the socket (with a cut switch). */
function nodeTransport(token) {
  const sockets = new Set()
  return {
    sockets,
    async call(ref, input) {
      const get = ref.method === 'GET'
      const query = get ? `?${new URLSearchParams(input)}` : ''
      const res = await fetch(`${baseUrl}${ref.path}${query}`, {
        method: ref.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(get ? {} : { 'content-type': 'application/json' }),
        },
        body: get ? undefined : JSON.stringify(input),
      })
      const body = await res.json()
      if (body.code !== 200) throw { code: body.code, message: body.msg }
      return body.data
    },
    upload: () => Promise.reject({ code: 7004, message: 'no uploads here' }),
    token: async () => token,
    socketUrl: () => `${baseUrl.replace(/^http/, 'ws')}/api/chat/ws`,
    openSocket(url) {
      const ws = new WebSocket(url)
      sockets.add(ws)
      const handlers = {}
      ws.on('open', () => handlers.open?.())
      ws.on('message', (data) => handlers.message?.(String(data)))
      ws.on('close', () => {
        sockets.delete(ws)
        handlers.close?.()
      })
      ws.on('error', () => undefined)
      return {
        send: (text) => ws.send(text),
        close: () => ws.close(),
        onOpen: (cb) => (handlers.open = cb),
        onMessage: (cb) => (handlers.message = cb),
        onClose: (cb) => (handlers.close = cb),
      }
    },
  }
}

async function reader() {
  const login = await registerOverHttp(freshMobile('132'), PASSWORD)
  const transport = nodeTransport(login.access_token)
  const engine = new LocalEngine(transport)
  const received = []
  engine.on('onMessageReceived', ({ data }) => {
    for (const m of data) if (m.flow === 'in') received.push(m.payload.text)
  })
  await engine.login({ userID: String(login.user.user_id), userSig: login.userSig })
  return { id: String(login.user.user_id), engine, transport, received }
}

/** Sends `count` texts in order, each retried with the same message until it is stored. */
async function sendAll(from, to, count) {
  for (let i = 1; i <= count; i++) {
    const message = from.engine.createTextMessage({
      to: to.id,
      conversationType: 'C2C',
      payload: { text: `${from.id}:${i}` },
    })
    for (;;) {
      const sent = await from.engine.sendMessage(message).then(
        () => true,
        () => false,
      )
      if (sent) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

test('300 messages each way arrive once and in order while the sockets keep dropping', async () => {
  const a = await reader()
  const b = await reader()
  await a.engine.getConversationProfile(`C2C${b.id}`)
  await b.engine.getConversationProfile(`C2C${a.id}`)
  let cuts = 0
  const chaos = setInterval(() => {
    const victim = cuts % 2 === 0 ? a : b
    for (const ws of victim.transport.sockets) ws.terminate()
    cuts += 1
  }, 400)
  try {
    await Promise.all([sendAll(a, b, EACH_WAY), sendAll(b, a, EACH_WAY)])
  } finally {
    clearInterval(chaos)
  }
  const expected = (who) => Array.from({ length: EACH_WAY }, (_, i) => `${who.id}:${i + 1}`)
  const deadline = Date.now() + 30_000
  while ((a.received.length < EACH_WAY || b.received.length < EACH_WAY) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.ok(cuts >= 3, `only ${cuts} socket cuts happened`)
  assert.deepEqual(b.received, expected(a))
  assert.deepEqual(a.received, expected(b))
  await a.engine.logout()
  await b.engine.logout()
})
