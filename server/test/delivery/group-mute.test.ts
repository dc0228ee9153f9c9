/**
 * GROUP rules across two server processes on one PostgreSQL database, sharing live delivery
 * through Redis (REDIS_URL, default redis://127.0.0.1:6379): a member's message sent through one
 * process reaches the owner on the other, and a mute or mute-all made through process one's
 * groups calls refuses the member's very next send on either process (the rules are read at send
 * time, nothing is cached).
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import type { ChatMessage } from '@api/chat'
import { groupsApi } from '@api/groups'
import { ChatErrors } from '@rules/chat'
import { groupConversationID } from '../../src/chat/groupConversation'
import type { DbHandle } from '../../src/db/client'
import { friendships } from '../../src/db/schema'
import { ChatClient, FrameError } from '../chatClient'
import { DEMO_MOBILE, freshPostgres } from '../helpers'
import { login, SECOND_DEMO_MOBILE } from './delivery'
import { ServerProcess } from './serverProcess'

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-group-mute-'))
const servers: ServerProcess[] = []
const clients: ChatClient[] = []
let handle: DbHandle | undefined
let drop: (() => Promise<void>) | undefined

after(async () => {
  for (const c of clients) c.close()
  await Promise.all(servers.map((s) => s.stop()))
  await handle?.close()
  await drop?.()
  if (!process.env.DELIVERY_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true })
})

async function until(what: string, ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function refused(c: ChatClient, message: Parameters<ChatClient['send']>[0]) {
  try {
    await c.send(message)
  } catch (err) {
    assert.ok(err instanceof FrameError, String(err))
    return { code: err.code, text: err.message }
  }
  throw new Error('the send was accepted')
}

test('a mute made while two processes run refuses the next send on either', async () => {
  const db = await freshPostgres()
  handle = db.handle
  drop = db.drop
  const env = { DATA_DIR: dir, NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL }
  // One after the other: the first migrates and seeds the new database.
  const one = await ServerProcess.start(env, path.join(dir, 'server-1.log'))
  servers.push(one)
  const two = await ServerProcess.start(env, path.join(dir, 'server-2.log'))
  servers.push(two)
  const [owner, member] = await Promise.all([
    login(one.base, DEMO_MOBILE),
    login(two.base, SECOND_DEMO_MOBILE),
  ])
  const ownerId = owner.user.user_id
  const memberId = member.user.user_id

  // Friends (as an accepted request leaves them), then the owner makes the group on process one.
  const now = new Date()
  await db.handle.db.insert(friendships).values([
    { userId: ownerId, friendId: memberId, createdAt: now },
    { userId: memberId, friendId: ownerId, createdAt: now },
  ])
  const asOwner = async (decl: { rest?: { path: string } }, body: Record<string, unknown>) => {
    const res = await fetch(`${one.base}${decl.rest?.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${owner.access_token}`,
      },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as { code: number; msg: string; data: { groupId?: number } }
    assert.equal(json.code, 200, json.msg)
    return json.data
  }
  const created = await asOwner(groupsApi.createGroup, { name: '跨进程', userIds: [memberId] })
  const groupId = Number(created.groupId)
  const conversationID = groupConversationID(groupId)
  const text = (from: number, body: string) => ({
    ID: ChatClient.messageId(String(from)),
    conversationID,
    type: 'TIMTextElem' as const,
    payload: { text: body },
  })
  const mute = (seconds: number) =>
    asOwner(groupsApi.muteMember, { groupId, userId: memberId, seconds })
  const setMuteAll = (muteAll: boolean) =>
    asOwner(groupsApi.updateGroup, { groupId, muteAll: muteAll ? 1 : 0 })

  const atOwner: ChatMessage[] = []
  const ownerClient = new ChatClient({
    url: one.wsUrl,
    token: owner.access_token,
    onPush: (f) => {
      if (f.op === 'message' && f.message.conversationID === conversationID) atOwner.push(f.message)
    },
  })
  const memberOnTwo = new ChatClient({ url: two.wsUrl, token: member.access_token })
  const memberOnOne = new ChatClient({ url: one.wsUrl, token: member.access_token })
  clients.push(ownerClient, memberOnTwo, memberOnOne)
  await Promise.all(clients.map((c) => c.connect()))

  // Process two's send reaches the owner's socket on process one (the group fan-out over Redis).
  const first = await memberOnTwo.send(text(memberId, 'hello from process two'))
  await until('the push on process one', 10_000, () => atOwner.some((m) => m.ID === first.ID))

  await mute(600)
  assert.deepEqual(await refused(memberOnTwo, text(memberId, 'muted on two')), ChatErrors.muted)
  assert.deepEqual(await refused(memberOnOne, text(memberId, 'muted on one')), ChatErrors.muted)
  await mute(0)
  await memberOnTwo.send(text(memberId, 'unmuted'))

  await setMuteAll(true)
  assert.deepEqual(await refused(memberOnTwo, text(memberId, 'all muted')), ChatErrors.mutedAll)
  await ownerClient.send(text(ownerId, 'the owner still speaks'))
  await setMuteAll(false)
  const last = await memberOnTwo.send(text(memberId, 'speaking again'))
  await until('the last push on process one', 10_000, () => atOwner.some((m) => m.ID === last.ID))
  assert.equal(atOwner.filter((m) => m.from === String(memberId)).length, 3)
})
