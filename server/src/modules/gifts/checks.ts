/** What every gift checks: the words, the receiver (a friend, no block either way), the locks. */
import { GiftLimits, GiftText, giftTextError } from '@rules/gifts'
import { USER_NOT_FOUND } from '@api/friends'
import type { Db } from '../../db/client'
import { lockKey } from '../../db/tx'
import { findLiveUserById } from '../../db/users'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { paging, type Paging } from '../../http/paging'
import { areFriends, lockPair } from '../friends/relations'
import { blockedEitherWay, hasBlocked } from '../social/relations'

/** Lists: 10 a page by default, at most 50. */
export const giftPaging = (input: { page?: number; pageSize?: number }): Paging =>
  paging(input, GiftLimits.pageSize, GiftLimits.pageSizeMax)

/** The giver's words as stored: trimmed, at most 50 characters, no blocked words. */
export function checkGiftText(raw: string | undefined): string {
  const text = (raw ?? '').trim()
  const error = giftTextError(text)
  if (error) throw badRequest(error)
  return text
}

/**
 * In a gift's transaction: takes the pair's lock (what friends take to befriend, unfriend and
 * block), then refuses oneself, nobody, a block either way (403) and someone who is not a friend.
 */
export async function checkReceiver(tx: Db, me: number, receiverId: number): Promise<void> {
  if (receiverId === me) throw badRequest(GiftText.self)
  await lockPair(tx, me, receiverId)
  if (!(await findLiveUserById(tx, receiverId))) throw notFound(USER_NOT_FOUND)
  if (await hasBlocked(tx, receiverId, me)) throw forbidden(GiftText.blockedByThem)
  if (await hasBlocked(tx, me, receiverId)) throw forbidden(GiftText.blockedByMe)
  if (!(await areFriends(tx, me, receiverId))) throw badRequest(GiftText.notFriend)
}

/**
 * Serialises one reader's gifting (holding their copies) or settling (as a receiver) until the
 * transaction ends, so rows are always locked in one order and two of them never wait on each other.
 */
export const lockGifts = (tx: Db, role: 'giver' | 'receiver', userId: number): Promise<void> =>
  lockKey(tx, `gifts:${role}:${userId}`)

/**
 * Who may settle: the receiver. The giver learns it is not theirs to settle (403); anyone else
 * (and ids that do not exist) as if it did not exist (404).
 */
export function checkSettler(
  rows: readonly { giverId: number; receiverId: number }[],
  wanted: number,
  me: number,
): void {
  if (rows.length !== wanted || rows.some((r) => r.giverId !== me && r.receiverId !== me)) {
    throw notFound(GiftText.giftNotFound)
  }
  if (rows.some((r) => r.receiverId !== me)) throw forbidden(GiftText.onlyReceiver)
}

/**
 * In a settle's transaction, before accepting (refusing is always allowed, so a gift never stays
 * stuck and the giver's copies can come back): the receiver `me` must still be a friend of every
 * giver and no block either way, as when it was given; else 400 / 403 and nothing changes. Takes
 * each pair's lock (ascending), as befriending, unfriending and blocking do.
 */
export async function checkCanAccept(
  tx: Db,
  me: number,
  giverIds: readonly number[],
): Promise<void> {
  for (const giverId of [...new Set(giverIds)].sort((a, b) => a - b)) {
    await lockPair(tx, me, giverId)
    if (await blockedEitherWay(tx, me, giverId)) throw forbidden(GiftText.acceptBlocked)
    if (!(await areFriends(tx, me, giverId))) throw badRequest(GiftText.acceptNotFriend)
  }
}
