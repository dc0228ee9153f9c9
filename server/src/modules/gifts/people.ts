/** The giver and receiver of a gift as its answers show them, and the card's place for the viewer. */
import { alias } from 'drizzle-orm/pg-core'
import type { GiftPerson } from '@api/gifts'
import { unixSeconds } from '../../clock'
import { users } from '../../db/schema'
import { c2cId } from '../../chat/conversations'

export const giver = alias(users, 'giver')
export const receiver = alias(users, 'receiver')

export const peopleColumns = {
  giverNickname: giver.nickname,
  giverAvatar: giver.avatar,
  receiverNickname: receiver.nickname,
  receiverAvatar: receiver.avatar,
}

export interface PeopleRow {
  giverId: number
  receiverId: number
  giverNickname: string
  giverAvatar: string
  receiverNickname: string
  receiverAvatar: string
}

export interface CommonRow extends PeopleRow {
  text: string
  state: number
  messageId: string
  createdAt: Date
  settledAt: Date | null
}

const person = (id: number, nickname: string, avatar: string): GiftPerson => ({
  id,
  nickname,
  avatar,
})

const seconds = (date: Date): number => unixSeconds(date.getTime())

/** The fields every gift answer has, as `viewer` (its giver or receiver) sees them. */
export function commonFields(row: CommonRow, viewer: number) {
  return {
    giver: person(row.giverId, row.giverNickname, row.giverAvatar),
    receiver: person(row.receiverId, row.receiverNickname, row.receiverAvatar),
    text: row.text,
    state: row.state as 0 | 1 | 2,
    createdAt: seconds(row.createdAt),
    settledAt: row.settledAt ? seconds(row.settledAt) : null,
    conversationID: c2cId(viewer === row.giverId ? row.receiverId : row.giverId),
    messageID: row.messageId,
  }
}
