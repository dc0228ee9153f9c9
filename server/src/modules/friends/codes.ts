/** Friend codes: each reader's own, handed out on first use, and whose a code is. */
import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { FRIEND_CODE_NOT_FOUND, type CodeOwner, type FriendCode } from '@api/friends'
import type { AppContext } from '../../context'
import type { Db } from '../../db/client'
import { friendCodes, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import { lockCaller } from '../../db/users'
import type { Caller } from '../../http/auth'
import { notFound } from '../../http/errors'
import { liveUser } from '../social/people'
import { areFriends } from './relations'

/** Letters and digits read aloud or typed without doubt: no 0/O, 1/I/L. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const CODE_LENGTH = 8
/** 31^8 codes: a clash is rare, several in a row would mean something else is wrong. */
const CODE_TRIES = 5

export function randomCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** A code as typed or scanned: trimmed, upper-cased. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase()

async function storedCode(db: Db, userId: number): Promise<string | undefined> {
  const rows = await db
    .select({ code: friendCodes.code })
    .from(friendCodes)
    .where(eq(friendCodes.userId, userId))
  return rows[0]?.code
}

/**
 * The caller's code, created on first use: a random one is inserted with on conflict do nothing,
 * which both a code already taken by someone else and a code of one's own (made meanwhile) skip;
 * the first is tried again with another code.
 */
export async function myFriendCode(app: AppContext, caller: Caller): Promise<FriendCode> {
  const me = caller.userId
  const known = await storedCode(app.db, me)
  if (known) return { code: known }
  return inTx(app.db, async (tx) => {
    await lockCaller(tx, me)
    const now = new Date(app.clock.now())
    for (let i = 0; i < CODE_TRIES; i++) {
      await tx
        .insert(friendCodes)
        .values({ userId: me, code: randomCode(), createdAt: now })
        .onConflictDoNothing()
      const code = await storedCode(tx, me)
      if (code) return { code }
    }
    throw new Error('no free friend code after several tries')
  })
}

/** The live reader a code belongs to, or undefined. */
export async function ownerOfCode(
  db: Db,
  code: string,
): Promise<typeof users.$inferSelect | undefined> {
  const rows = await db
    .select({ user: users })
    .from(friendCodes)
    .innerJoin(users, and(eq(users.id, friendCodes.userId), liveUser))
    .where(eq(friendCodes.code, normaliseCode(code)))
  return rows[0]?.user
}

/** Whose code it is, as the caller sees them (404 for an unknown code or a deleted account). */
export async function codeOwner(app: AppContext, caller: Caller, code: string): Promise<CodeOwner> {
  const user = await ownerOfCode(app.db, code)
  if (!user) throw notFound(FRIEND_CODE_NOT_FOUND)
  const isMe = user.id === caller.userId
  return {
    userId: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    signature: user.signature,
    isMe,
    isFriend: !isMe && (await areFriends(app.db, caller.userId, user.id)),
  }
}
