/**
 * Friend requests: asking (by code or from a profile), the receiver's list and badge, accepting or
 * rejecting. One row per (from, to): asking again merges into it. Accepting makes both friends and,
 * after the commit, greets in their C2C chat as the requester.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { Limits, Rates } from '@rules/limits'
import { textLength } from '@rules/validate'
import type { Page } from '@api/envelope'
import {
  FRIEND_BLOCKED_BY_ME,
  FRIEND_BLOCKED_BY_THEM,
  FRIEND_CODE_MISSING,
  FRIEND_CODE_NOT_FOUND,
  FRIEND_SELF,
  GREETING_TOO_LONG,
  REQUEST_HANDLED,
  REQUEST_NOT_FOUND,
  REQUEST_NOT_YOURS,
  USER_NOT_FOUND,
  type FriendRequest,
  type HandleRes,
  type RequestRes,
  type RequestUnread,
} from '@api/friends'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { friendRequests, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { findLiveUserById, lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { pageOf, type Paging } from '../../http/paging'
import { refuseOverRate } from '../../http/rates'
import { pushFriendApplication, pushMessage } from '../../chat/pushes'
import { sendMessage } from '../../chat/send'
import { hasBlocked } from '../social/relations'
import { liveUser } from '../social/people'
import { ownerOfCode } from './codes'
import { areFriends, befriend, lockPair } from './relations'

/** The chat greeting when the request had none. */
export const DEFAULT_GREETING = '我们已经是书友了，一起聊聊读书吧'
/** The custom message's businessID and description, for the app to draw it. */
export const FRIEND_ADDED = 'friend_added'

/** Where a failure to greet is told (the friendship stands). */
export type WarnLog = (msg: string, err?: unknown) => void

/** Whom a request is for: a friend code or a user id (the code wins when both come). */
export interface RequestTarget {
  code?: string
  userId?: number
}

/** A friendship just made, to greet about after the commit. */
interface Accepted {
  requestId: number
  requesterId: number
  accepterId: number
  greeting: string
}

/** The greeting as stored: trimmed, at most Limits.friendGreetingMaxChars characters. */
export function checkGreeting(raw: string): string {
  const greeting = raw.trim()
  if (textLength(greeting) > Limits.friendGreetingMaxChars) throw badRequest(GREETING_TOO_LONG)
  return greeting
}

async function targetOf(app: AppContext, target: RequestTarget): Promise<number> {
  if (target.code) {
    const owner = await ownerOfCode(app.db, target.code)
    if (!owner) throw notFound(FRIEND_CODE_NOT_FOUND)
    return owner.id
  }
  if (target.userId === undefined) throw badRequest(FRIEND_CODE_MISSING)
  if (!(await findLiveUserById(app.db, target.userId))) throw notFound(USER_NOT_FOUND)
  return target.userId
}

/** A block either way refuses a request and accepting one, each with its own text. */
async function refuseBlocked(db: Db, me: number, other: number): Promise<void> {
  if (await hasBlocked(db, other, me)) throw forbidden(FRIEND_BLOCKED_BY_THEM)
  if (await hasBlocked(db, me, other)) throw badRequest(FRIEND_BLOCKED_BY_ME)
}

/**
 * Makes requester and accepter friends: both sides, the request accepted and any request the
 * other way that still waits with it (the state only: `updated_at` stays the time of asking, which
 * the requester's rate counts).
 */
async function accept(tx: Db, request: Accepted, now: Date): Promise<void> {
  await befriend(tx, request.requesterId, request.accepterId, now)
  await tx
    .update(friendRequests)
    .set({ state: 'accepted' })
    .where(eq(friendRequests.id, request.requestId))
  await tx
    .update(friendRequests)
    .set({ state: 'accepted' })
    .where(
      and(
        eq(friendRequests.fromUserId, request.accepterId),
        eq(friendRequests.toUserId, request.requesterId),
        eq(friendRequests.state, 'pending'),
      ),
    )
}

/**
 * The greeting in their C2C chat, sent as the requester, after the friendship committed. A
 * failure (one of them blocked the other since, an account gone) is logged: the friendship stands.
 */
async function greet(app: AppContext, done: Accepted, warn: WarnLog): Promise<void> {
  try {
    const sent = await sendMessage(app, done.requesterId, {
      ID: `${done.requesterId}-friend${done.requestId}x${Date.now()}`,
      conversationID: `C2C${done.accepterId}`,
      type: 'TIMCustomElem',
      payload: {
        data: JSON.stringify({
          businessID: FRIEND_ADDED,
          text: done.greeting || DEFAULT_GREETING,
        }),
        description: FRIEND_ADDED,
        extension: '',
      },
    })
    if (sent.created) pushMessage(app, sent.row, sent.who, sent.recipients)
  } catch (err) {
    warn('friend greeting not sent', err)
  }
}

/**
 * Asks a person to be friends. Not oneself; a block either way refuses it; already friends answers
 * `friends`; when they asked the caller and wait, this accepts their request (and greets). Else the
 * one row of the pair is made or refreshed: greeting and time new, pending and unread again.
 * Rates.friendRequest counts the caller's rows asked in the window (asking one person again
 * refreshes their row and counts once).
 */
export async function requestFriend(
  app: AppContext,
  caller: Caller,
  target: RequestTarget,
  rawGreeting: string,
  warn: WarnLog,
): Promise<RequestRes> {
  const greeting = checkGreeting(rawGreeting)
  const other = await targetOf(app, target)
  const me = caller.userId
  if (other === me) throw badRequest(FRIEND_SELF)
  const nowMs = app.clock.now()
  const now = new Date(nowMs)
  const out = await inTx(app.db, async (tx): Promise<{ res: RequestRes; accepted?: Accepted }> => {
    await lockPair(tx, me, other)
    await lockCaller(tx, me)
    await refuseBlocked(tx, me, other)
    if (await areFriends(tx, me, other)) return { res: { state: 'friends' } }
    const [theirs] = await tx
      .select({ id: friendRequests.id, greeting: friendRequests.greeting })
      .from(friendRequests)
      .where(
        and(
          eq(friendRequests.fromUserId, other),
          eq(friendRequests.toUserId, me),
          eq(friendRequests.state, 'pending'),
        ),
      )
    if (theirs) {
      const accepted = {
        requestId: theirs.id,
        requesterId: other,
        accepterId: me,
        greeting: theirs.greeting,
      }
      await accept(tx, accepted, now)
      return { res: { state: 'friends' }, accepted }
    }
    await refuseOverRate(
      tx,
      Rates.friendRequest,
      { table: friendRequests, user: friendRequests.fromUserId, at: friendRequests.updatedAt },
      me,
      nowMs,
    )
    await tx
      .insert(friendRequests)
      .values({
        fromUserId: me,
        toUserId: other,
        greeting,
        state: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [friendRequests.fromUserId, friendRequests.toUserId],
        set: { greeting, state: 'pending', updatedAt: now, readAt: null },
      })
    return { res: { state: 'requested' } }
  })
  if (out.accepted) await greet(app, out.accepted, warn)
  if (out.res.state === 'requested') pushFriendApplication(app, other)
  return out.res
}

/**
 * Requests to the caller from live readers, newest first, in every state. Reading a page marks
 * its unread ones read in the same transaction; the page shows `read` as it was.
 */
export async function requestList(
  app: AppContext,
  caller: Caller,
  paging: Paging,
): Promise<Page<FriendRequest>> {
  const me = caller.userId
  const join = and(eq(users.id, friendRequests.fromUserId), liveUser)
  const where = eq(friendRequests.toUserId, me)
  return inTx(app.db, async (tx) => {
    const [{ total }] = await tx
      .select({ total: count() })
      .from(friendRequests)
      .innerJoin(users, join)
      .where(where)
    const rows = await tx
      .select({
        id: friendRequests.id,
        userId: users.id,
        nickname: users.nickname,
        avatar: users.avatar,
        greeting: friendRequests.greeting,
        state: friendRequests.state,
        updatedAt: friendRequests.updatedAt,
        readAt: friendRequests.readAt,
      })
      .from(friendRequests)
      .innerJoin(users, join)
      .where(where)
      .orderBy(desc(friendRequests.updatedAt), desc(friendRequests.id))
      .limit(paging.pageSize)
      .offset(paging.offset)
    const unread = rows.filter((r) => r.readAt === null).map((r) => r.id)
    if (unread.length > 0) {
      await tx
        .update(friendRequests)
        .set({ readAt: new Date(app.clock.now()) })
        .where(
          and(
            inArray(friendRequests.id, unread),
            eq(friendRequests.toUserId, me),
            isNull(friendRequests.readAt),
          ),
        )
    }
    const list = rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      nickname: r.nickname,
      avatar: r.avatar,
      greeting: r.greeting,
      state: r.state,
      time: unixSeconds(r.updatedAt.getTime()),
      read: r.readAt !== null,
    }))
    return pageOf(list, total, paging)
  })
}

/** Requests to the caller from live readers that wait and were not seen in the list yet. */
export async function requestUnread(app: AppContext, caller: Caller): Promise<RequestUnread> {
  const [{ total }] = await app.db
    .select({ total: count() })
    .from(friendRequests)
    .innerJoin(users, and(eq(users.id, friendRequests.fromUserId), liveUser))
    .where(
      and(
        eq(friendRequests.toUserId, caller.userId),
        eq(friendRequests.state, 'pending'),
        isNull(friendRequests.readAt),
      ),
    )
  return { total }
}

/**
 * Accepts or rejects a pending request to the caller: only its receiver (403, nothing changes),
 * only once (400). Accepting needs the requester's live account and no block either way; it makes
 * both friends and greets after the commit. Rejecting changes the state only.
 */
export async function handleRequest(
  app: AppContext,
  caller: Caller,
  id: number,
  acceptIt: boolean,
  warn: WarnLog,
): Promise<HandleRes> {
  const me = caller.userId
  const now = new Date(app.clock.now())
  const out = await inTx(app.db, async (tx): Promise<{ res: HandleRes; accepted?: Accepted }> => {
    const [found] = await tx.select().from(friendRequests).where(eq(friendRequests.id, id))
    if (!found) throw notFound(REQUEST_NOT_FOUND)
    if (found.toUserId !== me) throw forbidden(REQUEST_NOT_YOURS)
    const requesterId = found.fromUserId
    // The pair's lock (before the caller's row, see lockPair), then the request again: one
    // asked again or accepted meanwhile is seen as it is now.
    await lockPair(tx, me, requesterId)
    await lockCaller(tx, me)
    const [request] = await tx
      .select()
      .from(friendRequests)
      .where(eq(friendRequests.id, id))
      .for('update')
    if (request.state !== 'pending') throw badRequest(REQUEST_HANDLED)
    if (!acceptIt) {
      await tx
        .update(friendRequests)
        .set({ state: 'rejected', readAt: request.readAt ?? now })
        .where(eq(friendRequests.id, id))
      return { res: { state: 'rejected' } }
    }
    if (!(await findLiveUserById(tx, requesterId))) throw notFound(USER_NOT_FOUND)
    await refuseBlocked(tx, me, requesterId)
    const accepted = { requestId: id, requesterId, accepterId: me, greeting: request.greeting }
    await accept(tx, accepted, now)
    await tx
      .update(friendRequests)
      .set({ readAt: request.readAt ?? now })
      .where(eq(friendRequests.id, id))
    return { res: { state: 'accepted' }, accepted }
  })
  if (out.accepted) await greet(app, out.accepted, warn)
  return out.res
}
