/**
 * @ mentions in a group's input: typing "@" opens the member list, a pick writes "@name " in its
 * place, and on send the @ list holds only the people whose "@name" is still in the text
 * (chat-spec section 5).
 */
import { MSG_AT_ALL } from '@rules/chat'

export interface Mention {
  userID: string
  nick: string
}

export const AT_ALL: Mention = { userID: MSG_AT_ALL, nick: '所有人' }

/** The text grew by one "@" at its end: the moment to offer the member list. */
export const justTypedAt = (before: string, after: string): boolean =>
  after.length === before.length + 1 && after.endsWith('@') && after.startsWith(before)

/** The text with the "@" typed last replaced by "@name " (or the mention added at the end). */
export function insertMention(text: string, nick: string): string {
  const base = text.endsWith('@') ? text.slice(0, -1) : text
  return `${base}@${nick} `
}

/** The user IDs to send: each mention whose "@name" is still in the text, once. */
export function atUserListOf(text: string, mentions: readonly Mention[]): string[] {
  const ids: string[] = []
  for (const m of mentions) {
    if (text.includes(`@${m.nick}`) && !ids.includes(m.userID)) ids.push(m.userID)
  }
  return ids
}
