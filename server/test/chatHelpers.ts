/** Chat test helpers: readers, gateway clients and raw sockets against a TestServer. */
import assert from 'node:assert/strict'
import { and, eq, inArray, sql } from 'drizzle-orm'
import WebSocket from 'ws'
import { chatApi, type GroupTipPayload } from '@api/chat'
import type { ServerFrame } from '@api/chatFrames'
import { GroupTipOperation } from '@rules/chat'
import {
  addGroupChatMembers,
  groupConversationID,
  openGroupConversation,
  postGroupMessage,
  pushGroupConversation,
  pushGroupMessages,
  removeGroupChatMembers,
  type PendingPush,
} from '../src/chat/groupConversation'
import type { AppContext } from '../src/context'
import type { Db } from '../src/db/client'
import { groupMembers, readingGroups, users } from '../src/db/schema'
import { inTx } from '../src/db/tx'
import { befriend } from '../src/modules/friends/relations'
import { ChatClient, type ChatClientOptions } from './chatClient'
import { newMobile, restPath, type Reply, type TestServer } from './helpers'

export interface Reader {
  id: number
  userID: string
  token: string
  /** This reader's C2C conversation ID with `other`. */
  with(other: Reader): string
}

export async function reader(s: TestServer): Promise<Reader> {
  const login = await s.register(newMobile())
  const id = login.user.user_id
  return { id, userID: String(id), token: login.access_token, with: (o) => `C2C${o.id}` }
}

/** Makes readers book friends of each other (no greeting): the stranger rule no longer applies. */
export async function befriendAll(s: TestServer, ...who: Reader[]): Promise<void> {
  const now = new Date(s.clock.now())
  for (let i = 0; i < who.length; i++) {
    for (let j = i + 1; j < who.length; j++) await befriend(s.db, who[i].id, who[j].id, now)
  }
}

export const wsUrl = (s: TestServer): string => `${s.base.replace(/^http/, 'ws')}/api/chat/ws`

export async function client(
  s: TestServer,
  who: Reader,
  opts: Partial<ChatClientOptions> = {},
): Promise<ChatClient> {
  const c = new ChatClient({ url: wsUrl(s), token: who.token, ...opts })
  await c.connect()
  return c
}

/** A text message from `from` to `to`. */
export const text = (
  from: Reader,
  to: Reader,
  body: string,
  ID = ChatClient.messageId(from.userID),
) => ({
  ID,
  conversationID: from.with(to),
  type: 'TIMTextElem' as const,
  payload: { text: body },
})

/** A raw socket that queues what the server sends. */
export class RawSocket {
  readonly frames: ServerFrame[] = []
  private waiters: Array<() => void> = []
  closedWith: number | null = null

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame)
      this.wake()
    })
    ws.on('close', (code: number) => {
      this.closedWith = code
      this.wake()
    })
  }

  private wake(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }

  static async open(s: TestServer): Promise<RawSocket> {
    const ws = new WebSocket(wsUrl(s))
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    return new RawSocket(ws)
  }

  /** A socket logged in with `token` (on `platform`), its ack taken off the queue. */
  static async authed(s: TestServer, token: string, platform?: string): Promise<RawSocket> {
    const raw = await RawSocket.open(s)
    raw.send({ op: 'auth', rid: 1, token, platform })
    const ack = await raw.next()
    assert.equal(ack.op, 'ack', JSON.stringify(ack))
    return raw
  }

  send(frame: unknown): void {
    this.ws.send(
      typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame),
    )
  }

  /** The next frame matching `match` (taken off the queue), within `ms`. */
  async next(match: (f: ServerFrame) => boolean = () => true, ms = 5000): Promise<ServerFrame> {
    const deadline = Date.now() + ms
    for (;;) {
      const i = this.frames.findIndex(match)
      if (i >= 0) return this.frames.splice(i, 1)[0]
      if (this.closedWith !== null) throw new Error(`socket closed (${this.closedWith})`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('no such frame in time')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  async closed(ms = 5000): Promise<number> {
    const deadline = Date.now() + ms
    while (this.closedWith === null) {
      if (Date.now() > deadline) throw new Error('socket still open')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.closedWith
  }

  close(): void {
    this.ws.close()
  }
}

/** A chat HTTP call by key, as `who`. */
export function call(
  s: TestServer,
  key: keyof typeof chatApi,
  input: Record<string, unknown> = {},
  token?: string,
): Promise<Reply> {
  const decl = chatApi[key]
  const path = restPath(decl)
  if (decl.rest?.method === 'GET') {
    const qs = new URLSearchParams(
      Object.entries(input).map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString()
    return s.get(qs ? `${path}?${qs}` : path, { token })
  }
  return s.post(path, input, { token })
}

/**
 * Reading groups set up the way the groups service does it, with server/src/chat/groupConversation.ts
 * called directly inside a transaction on the server's database, then its pushes.
 */
export interface TestGroup {
  id: number
  conversationID: string
  conversationId: number
}

type Role = 'owner' | 'admin' | 'member'

const ctx = (s: TestServer): AppContext => s.fastify.chatContext

/** A change to a group in one transaction; the messages it posted are pushed after the commit. */
export async function groupChange(
  s: TestServer,
  change: (tx: Db, now: Date) => Promise<PendingPush[]>,
): Promise<void> {
  const now = new Date(s.clock.now())
  const pending = await inTx(s.db, (tx) => change(tx, now))
  await pushGroupMessages(ctx(s), pending)
}

async function nicks(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: users.id, nick: users.nickname })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((r) => [r.id, r.nick]))
}

/** A tip as the groups service writes it. */
export async function postTip(
  s: TestServer,
  tx: Db,
  groupId: number,
  operation: number,
  operatorId: number,
  memberIds: number[] = [],
  extra: Partial<GroupTipPayload> = {},
): Promise<PendingPush> {
  const names = await nicks(tx, [operatorId, ...memberIds])
  const payload: GroupTipPayload = {
    operationType: operation,
    operatorID: String(operatorId),
    operatorNick: names.get(operatorId) ?? '',
    userIDList: memberIds.map(String),
    memberList: memberIds.map((id) => ({ userID: String(id), nick: names.get(id) ?? '' })),
    ...extra,
  }
  return postGroupMessage(
    ctx(s),
    tx,
    groupId,
    { senderId: operatorId, type: 'TIMGroupTipElem', payload },
    new Date(s.clock.now()),
  )
}

/** A group of `owner` with `members` (ids), its chat opened with the creation notice. */
export async function makeGroupOf(
  s: TestServer,
  ownerId: number,
  memberIds: number[],
  name = '读书会',
): Promise<TestGroup> {
  let group: TestGroup | undefined
  await groupChange(s, async (tx, now) => {
    const [row] = await tx
      .insert(readingGroups)
      .values({
        name,
        ownerId,
        joinMode: 'free',
        memberCount: 1 + memberIds.length,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: readingGroups.id })
    const rows = [
      { groupId: row.id, userId: ownerId, role: 'owner' as const, joinedAt: now },
      ...memberIds.map((userId) => ({ groupId: row.id, userId, joinedAt: now })),
    ]
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(groupMembers).values(rows.slice(i, i + 1000))
    }
    const conversationId = await openGroupConversation(tx, row.id, [ownerId, ...memberIds], now)
    await tx.update(readingGroups).set({ conversationId }).where(eq(readingGroups.id, row.id))
    group = { id: row.id, conversationID: groupConversationID(row.id), conversationId }
    const data = JSON.stringify({ businessID: 'group_create', text: '创建了群聊' })
    const created = await postGroupMessage(
      ctx(s),
      tx,
      row.id,
      {
        senderId: ownerId,
        type: 'TIMCustomElem',
        payload: { data, description: 'group_create', extension: '' },
      },
      now,
    )
    return [created]
  })
  return group as TestGroup
}

export const makeGroup = (s: TestServer, owner: Reader, members: Reader[]): Promise<TestGroup> =>
  makeGroupOf(
    s,
    owner.id,
    members.map((m) => m.id),
  )

/** Readers join (the join tip after they are in, so they see it). */
export async function joinGroup(
  s: TestServer,
  group: TestGroup,
  operatorId: number,
  who: Reader[],
): Promise<void> {
  const ids = who.map((r) => r.id)
  await groupChange(s, async (tx, now) => {
    await tx
      .insert(groupMembers)
      .values(ids.map((userId) => ({ groupId: group.id, userId, joinedAt: now })))
    await tx
      .update(readingGroups)
      .set({ memberCount: sql`${readingGroups.memberCount} + ${ids.length}` })
      .where(eq(readingGroups.id, group.id))
    await addGroupChatMembers(tx, group.id, ids, now)
    return [await postTip(s, tx, group.id, GroupTipOperation.join, operatorId, ids)]
  })
}

/** Readers removed by `operatorId` (kicked; quit when they are the operator): the tip, then out. */
export async function removeFromGroup(
  s: TestServer,
  group: TestGroup,
  operatorId: number,
  who: Reader[],
): Promise<void> {
  const ids = who.map((r) => r.id)
  const quit = ids.length === 1 && ids[0] === operatorId
  await groupChange(s, async (tx) => {
    const op = quit ? GroupTipOperation.quit : GroupTipOperation.kicked
    const tip = await postTip(s, tx, group.id, op, operatorId, ids)
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), inArray(groupMembers.userId, ids)))
    await tx
      .update(readingGroups)
      .set({ memberCount: sql`${readingGroups.memberCount} - ${ids.length}` })
      .where(eq(readingGroups.id, group.id))
    await removeGroupChatMembers(tx, group.id, ids)
    return [tip]
  })
}

/** Mutes a member for `seconds` (0 unmutes), with the tip. */
export async function muteMember(
  s: TestServer,
  group: TestGroup,
  operatorId: number,
  who: Reader,
  seconds: number,
): Promise<void> {
  await groupChange(s, async (tx, now) => {
    const until = seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null
    await tx
      .update(groupMembers)
      .set({ muteUntil: until })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, who.id)))
    const tip = await postTip(s, tx, group.id, GroupTipOperation.memberMuted, operatorId, [who.id])
    return [tip]
  })
}

/** Mute-all on or off, with the profile tip. */
export async function muteAll(
  s: TestServer,
  group: TestGroup,
  operatorId: number,
  on: boolean,
): Promise<void> {
  await groupChange(s, async (tx, now) => {
    await tx
      .update(readingGroups)
      .set({ muteAll: on, updatedAt: now })
      .where(eq(readingGroups.id, group.id))
    const tip = await postTip(s, tx, group.id, GroupTipOperation.profileUpdated, operatorId, [], {
      newGroupProfile: { muteAllMembers: on },
    })
    return [tip]
  })
}

/** A member's role (no tip: the view is pushed as the groups service does). */
export async function setRole(
  s: TestServer,
  group: TestGroup,
  who: Reader,
  role: Role,
): Promise<void> {
  await inTx(s.db, (tx) =>
    tx
      .update(groupMembers)
      .set({ role })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, who.id))),
  )
  await pushGroupConversation(ctx(s), group.id)
}

/** The owner disbands: the tip, everyone out of the chat, the group marked. */
export async function disbandGroup(
  s: TestServer,
  group: TestGroup,
  ownerId: number,
): Promise<void> {
  await groupChange(s, async (tx, now) => {
    const tip = await postTip(s, tx, group.id, GroupTipOperation.disbanded, ownerId)
    const members = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group.id))
    await removeGroupChatMembers(
      tx,
      group.id,
      members.map((m) => m.userId),
    )
    await tx
      .update(readingGroups)
      .set({ disbandedAt: now, updatedAt: now })
      .where(eq(readingGroups.id, group.id))
    return [tip]
  })
}

/** `count` readers straight in the database (no login: members who never connect). */
export async function silentReaders(s: TestServer, count: number): Promise<number[]> {
  const now = new Date(s.clock.now())
  const ids: number[] = []
  for (let i = 0; i < count; i += 1000) {
    const rows = await s.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          nickname: `读者${i + j}`,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id })
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}

/** A text to a group, with an optional @ list. */
export const groupText = (from: Reader, group: TestGroup, body: string, atUserList?: string[]) => ({
  ID: ChatClient.messageId(from.userID),
  conversationID: group.conversationID,
  type: 'TIMTextElem' as const,
  payload: atUserList ? { text: body, atUserList } : { text: body },
})
