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

/**
 * "@name" stands in the text for this mention: somewhere it is not the start of a longer picked
 * name ("@小七" inside "@小七七" is 小七七's).
 */
function stillPresent(text: string, m: Mention, mentions: readonly Mention[]): boolean {
  const mark = `@${m.nick}`
  const longer = mentions.filter((o) => o.nick.length > m.nick.length && o.nick.startsWith(m.nick))
  for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 1)) {
    if (!longer.some((o) => text.startsWith(`@${o.nick}`, at))) return true
  }
  return false
}

/** The user IDs to send: each mention whose "@name" is still in the text, once. */
export function atUserListOf(text: string, mentions: readonly Mention[]): string[] {
  const ids: string[] = []
  for (const m of mentions) {
    if (!ids.includes(m.userID) && stillPresent(text, m, mentions)) ids.push(m.userID)
  }
  return ids
}
