/**
 * Emoji reactions under a message (issue 30, chat-spec "Other texts"): which emoji may be a
 * reaction (the keys of the basic set), the limits, and when a message takes reactions. Pure;
 * shared by the app and the server.
 */

/**
 * The basic emoji set (chat-spec section 3: 62 named emoji) as [name, character]. The name is the
 * emoji's key: a face message's data and a reaction's reactionID.
 */
export const BASIC_EMOJI_PAIRS: ReadonlyArray<readonly [name: string, char: string]> = [
  ['微笑', '🙂'],
  ['大笑', '😄'],
  ['偷笑', '🤭'],
  ['害羞', '😊'],
  ['色', '😍'],
  ['得意', '😎'],
  ['流泪', '😢'],
  ['大哭', '😭'],
  ['生气', '😠'],
  ['发怒', '😡'],
  ['惊讶', '😮'],
  ['吃惊', '😲'],
  ['疑问', '🤔'],
  ['嘘', '🤫'],
  ['晕', '😵'],
  ['睡', '😴'],
  ['困', '🥱'],
  ['尴尬', '😅'],
  ['调皮', '😜'],
  ['呲牙', '😁'],
  ['憨笑', '😆'],
  ['难过', '🙁'],
  ['委屈', '🥺'],
  ['可怜', '😿'],
  ['酷', '🆒'],
  ['冷汗', '😰'],
  ['抓狂', '😫'],
  ['吐', '🤮'],
  ['亲亲', '😘'],
  ['飞吻', '😚'],
  ['再见', '👋'],
  ['擦汗', '😓'],
  ['鼓掌', '👏'],
  ['奸笑', '😏'],
  ['白眼', '🙄'],
  ['傲慢', '😤'],
  ['饥饿', '😋'],
  ['惊恐', '😱'],
  ['流汗', '😥'],
  ['思考', '🧐'],
  ['无语', '😶'],
  ['翻白眼', '😒'],
  ['拥抱', '🤗'],
  ['强', '👍'],
  ['弱', '👎'],
  ['握手', '🤝'],
  ['胜利', '✌️'],
  ['抱拳', '🙏'],
  ['OK', '👌'],
  ['爱心', '❤️'],
  ['心碎', '💔'],
  ['玫瑰', '🌹'],
  ['凋谢', '🥀'],
  ['太阳', '☀️'],
  ['月亮', '🌙'],
  ['礼物', '🎁'],
  ['蛋糕', '🎂'],
  ['咖啡', '☕'],
  ['书', '📖'],
  ['笔', '✏️'],
  ['灯泡', '💡'],
  ['庆祝', '🎉'],
]

const REACTION_KEYS: ReadonlySet<string> = new Set(BASIC_EMOJI_PAIRS.map(([name]) => name))

export const ReactionLimits = {
  /** Distinct emoji under one message; the next different one is refused (tooMany). */
  perMessage: 10,
  /** Messages one getMessageReactions call names (one window of the message list is batched). */
  messagesPerCall: 20,
  /** Names per emoji getMessageReactions gives at most (partialUserList). */
  usersPerReaction: 10,
  /** A page of getAllUserListOfMessageReaction (the reactors' names). */
  userPageSize: 100,
  /** The longest reactionID the server reads (the names are 1-3 characters). */
  reactionIdMaxChars: 16,
} as const

export const ReactionErrors = {
  /** chat-spec "Other texts". The code is ours (the spec gives none). */
  tooMany: { code: 10070, text: '已达到表情回应上限数量' },
} as const

export const REACTION_INVALID = '不支持该表情'
export const REACTION_NOT_ALLOWED = '该消息不支持表情回应'

/** Whether `id` is a reaction the app knows (a key of the basic emoji set). */
export const isReactionID = (id: string): boolean => REACTION_KEYS.has(id)

/** The character of a reaction key ('' for an unknown one). */
export function reactionChar(id: string): string {
  return BASIC_EMOJI_PAIRS.find(([name]) => name === id)?.[1] ?? ''
}

/** What decides whether a message takes reactions (the SDK's message fields). */
export interface ReactableMessage {
  type: string
  payload: Record<string, unknown>
  isRevoked?: boolean
  status?: string
}

/**
 * Revoked messages, group tips and the group's creation notice take none; on the device, only
 * messages that were sent (status success).
 */
export function mayReactTo(m: ReactableMessage): boolean {
  if (m.isRevoked) return false
  if (m.status !== undefined && m.status !== 'success') return false
  if (m.type === 'TIMGroupTipElem') return false
  return !(m.type === 'TIMCustomElem' && m.payload.description === 'group_create')
}

/**
 * Whether adding `reactionID` to a message that already carries `present` (its distinct reaction
 * keys) stays within the limit: an emoji already there may always be added to.
 */
export function withinReactionLimit(present: readonly string[], reactionID: string): boolean {
  return present.includes(reactionID) || new Set(present).size < ReactionLimits.perMessage
}

/** A reaction chip's accessible name: 「强，2人，已回应」 / 「强，1人，点按回应」. */
export function reactionLabel(id: string, count: number, reactedByMyself: boolean): string {
  return `${id}，${count}人，${reactedByMyself ? '已回应' : '点按回应'}`
}

/** What tapping a chip does: your own reaction is taken back, another's is joined. */
export const chipAction = (reactedByMyself: boolean): 'add' | 'remove' =>
  reactedByMyself ? 'remove' : 'add'

/** One emoji under a message, as the client and server speak of it (the SDK's names). */
export interface ReactionState {
  reactionID: string
  totalUserCount: number
  partialUserList: Array<{ userID: string; nick: string; avatar: string }>
  reactedByMyself: boolean
}

/**
 * The reader's own change applied at once (before the server's push): counts move by one, the
 * reader's name joins or leaves the partial list, a reaction nobody holds any more disappears.
 */
export function applyOwnChange(
  list: readonly ReactionState[],
  reactionID: string,
  action: 'add' | 'remove',
  me: { userID: string; nick: string; avatar: string },
): ReactionState[] {
  const found = list.find((r) => r.reactionID === reactionID)
  if (action === 'add') {
    if (found?.reactedByMyself) return [...list]
    if (!found) {
      return [
        ...list,
        { reactionID, totalUserCount: 1, partialUserList: [me], reactedByMyself: true },
      ]
    }
    return list.map((r) =>
      r === found
        ? {
            ...r,
            totalUserCount: r.totalUserCount + 1,
            partialUserList: [...r.partialUserList, me],
            reactedByMyself: true,
          }
        : r,
    )
  }
  if (!found?.reactedByMyself) return [...list]
  return list
    .map((r) =>
      r === found
        ? {
            ...r,
            totalUserCount: r.totalUserCount - 1,
            partialUserList: r.partialUserList.filter((u) => u.userID !== me.userID),
            reactedByMyself: false,
          }
        : r,
    )
    .filter((r) => r.totalUserCount > 0)
}
