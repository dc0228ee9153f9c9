/**
 * The delivery quality bar: two readers send `count` messages each way through the gateway while
 * a server process is killed and restarted in the middle. Every acknowledged message must reach
 * the other side exactly once and in order, and every message must end up acknowledged.
 */
import assert from 'node:assert/strict'
import { accountApi, type LoginResult } from '@api/account'
import { chatApi, type ChatMessage } from '@api/chat'
import { friendsApi } from '@api/friends'
import { ChatClient } from '../chatClient'
import { DEMO_MOBILE, DEMO_PASSWORD } from '../helpers'

export const SECOND_DEMO_MOBILE = '13800000001'

export interface Side {
  /** The gateway this reader connects to, and the HTTP base of the same process. */
  wsUrl: string
  base: string
}

export interface DeliveryReport {
  sent: number
  ms: number
  reconnects: number
  /** The other side's messages that came as live pushes (the rest came through sync). */
  live: number
}

export async function login(base: string, phone: string): Promise<LoginResult> {
  const res = await fetch(base + (accountApi.loginByPhone.rest?.path ?? ''), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: DEMO_PASSWORD }),
  })
  const body = (await res.json()) as { code: number; data: LoginResult }
  assert.equal(body.code, 200, JSON.stringify(body))
  return body.data
}

async function getJson(base: string, path: string, token: string): Promise<unknown> {
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { code: number; data: unknown }
  assert.equal(body.code, 200, JSON.stringify(body))
  return body.data
}

async function postJson(base: string, path: string, token: string, body: unknown): Promise<void> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json()) as { code: number }
  assert.equal(answer.code, 200, JSON.stringify(answer))
}

/**
 * Makes the two book friends (asking each other: the second ask accepts, greeting first), so the
 * stranger rule does not stop a reader whose messages get ahead of the other's first.
 */
async function befriend(base: string, a: LoginResult, b: LoginResult): Promise<void> {
  const path = friendsApi.requestFriend.rest?.path ?? ''
  await postJson(base, path, a.access_token, { userId: b.user.user_id })
  await postJson(base, path, b.access_token, { userId: a.user.user_id })
}

async function until(what: string, ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Every message of the conversation, from the server (what was stored, once each). */
async function storedMessages(
  base: string,
  token: string,
  conversationID: string,
): Promise<ChatMessage[]> {
  const out: ChatMessage[] = []
  for (;;) {
    const after = out.length ? out[out.length - 1].sequence : 0
    const qs = new URLSearchParams({ conversationID, afterSequence: String(after) })
    const page = (await getJson(base, `${chatApi.getMessagesAfter.rest?.path}?${qs}`, token)) as {
      messageList: ChatMessage[]
      isCompleted: boolean
    }
    out.push(...page.messageList)
    if (page.isCompleted) return out
  }
}

export async function runDelivery(opts: {
  a: Side
  b: Side
  count: number
  /** Called once half of all the messages are acknowledged. */
  disrupt: () => Promise<void>
  timeoutMs: number
}): Promise<DeliveryReport> {
  const started = Date.now()
  const [la, lb] = await Promise.all([
    login(opts.a.base, DEMO_MOBILE),
    login(opts.b.base, SECOND_DEMO_MOBILE),
  ])
  const idA = String(la.user.user_id)
  const idB = String(lb.user.user_id)
  const convA = `C2C${idB}`
  const convB = `C2C${idA}`
  await befriend(opts.a.base, la, lb)
  const profile = (await getJson(
    opts.a.base,
    `${chatApi.getConversationProfile.rest?.path}?conversationID=${convA}`,
    la.access_token,
  )) as { lastSequence: number }

  const gotByA: ChatMessage[] = []
  const gotByB: ChatMessage[] = []
  const live = { a: 0, b: 0 }
  const clientA = new ChatClient({
    url: opts.a.wsUrl,
    token: la.access_token,
    platform: 'web',
    onMessage: (m) => {
      if (m.from === idB) gotByA.push(m)
    },
    onPush: (f) => {
      if (f.op === 'message' && f.message.from === idB) live.a++
    },
  })
  const clientB = new ChatClient({
    url: opts.b.wsUrl,
    token: lb.access_token,
    platform: 'web',
    onMessage: (m) => {
      if (m.from === idA) gotByB.push(m)
    },
    onPush: (f) => {
      if (f.op === 'message' && f.message.from === idA) live.b++
    },
  })
  clientA.track(convA, profile.lastSequence)
  clientB.track(convB, profile.lastSequence)
  await Promise.all([clientA.connect(), clientB.connect()])

  let acked = 0
  const sendAll = (c: ChatClient, from: string, conversationID: string) =>
    Array.from({ length: opts.count }, (_, i) =>
      c
        .send({
          ID: ChatClient.messageId(from),
          conversationID,
          type: 'TIMTextElem',
          payload: { text: `${from}: ${i}` },
        })
        .then((m) => {
          acked++
          return m
        }),
    )
  const sendsA = sendAll(clientA, idA, convA)
  const sendsB = sendAll(clientB, idB, convB)
  const total = opts.count * 2
  try {
    await until('half of the acknowledgements', opts.timeoutMs, () => acked >= total / 2)
    await opts.disrupt()
    const [ackedA, ackedB] = await Promise.all([Promise.all(sendsA), Promise.all(sendsB)])
    await until(
      'every message on the other side',
      opts.timeoutMs,
      () => gotByA.length >= opts.count && gotByB.length >= opts.count,
    )
    // A little longer: anything delivered twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const [sent, got] of [
      [ackedA, gotByB],
      [ackedB, gotByA],
    ]) {
      // Each side's sends were stored in the order they were made...
      const seqs = sent.map((m) => m.sequence)
      assert.deepEqual(
        seqs,
        [...seqs].sort((x, y) => x - y),
        'sequences follow the send order',
      )
      // ...and arrive on the other side exactly once each, in that order.
      assert.deepEqual(
        got.map((m) => m.ID),
        sent.map((m) => m.ID),
      )
    }
    const stored = await storedMessages(opts.a.base, la.access_token, convA)
    const fresh = stored.filter((m) => m.sequence > profile.lastSequence)
    assert.equal(fresh.length, total, 'one stored row per message')
    assert.equal(new Set(fresh.map((m) => m.ID)).size, total)
    assert.deepEqual(
      fresh.map((m) => m.sequence),
      Array.from({ length: total }, (_, i) => profile.lastSequence + i + 1),
    )
    // Live delivery worked (across processes: through Redis); sync only filled in around the restart.
    assert.ok(live.a > opts.count / 2 && live.b > opts.count / 2, JSON.stringify(live))
    return {
      live: live.a + live.b,
      sent: total,
      ms: Date.now() - started,
      reconnects: clientA.sessions - 1 + clientB.sessions - 1,
    }
  } finally {
    clientA.close()
    clientB.close()
  }
}
