/**
 * The chat contract (chat-spec sections 3, 7 and 8): the HTTP calls of the local chat gateway
 * (lists, history, conversation settings, revoke, delete, uploads) and the shapes its WebSocket
 * frames carry (types/api/chatFrames.ts). Objects follow `@tencentcloud/chat`'s names so the app's
 * engine seam (src/TUIKit/engine) speaks one language for both adapters. A conversation ID is
 * seen from the caller: `C2C<peer user id>` or `GROUP<group id>` (a reading group's chat, made by
 * the groups service; a member who left keeps it read-only up to the sequence they left at).
 * Times are unix seconds.
 */
import { ChatLimits } from '@rules/chat'
import { ReceiptLimits } from '@rules/chatReceipts'
import { REACTION_INVALID, ReactionLimits } from '@rules/chatReactions'
import { call, NoData, NoInput, Type, type Static } from './contract'

export const CONVERSATION_INVALID = '会话不存在'
export const MESSAGE_INVALID = '该消息不存在'

/** Tencent's message types (TIM*Elem). */
export const MESSAGE_TYPES = [
  'TIMTextElem',
  'TIMImageElem',
  'TIMSoundElem',
  'TIMVideoFileElem',
  'TIMFileElem',
  'TIMFaceElem',
  'TIMLocationElem',
  'TIMCustomElem',
  'TIMRelayElem',
  'TIMGroupTipElem',
] as const
export type MessageType = (typeof MESSAGE_TYPES)[number]

export const ConversationId = Type.String({
  pattern: '^(C2C|GROUP)[A-Za-z0-9_@-]{1,64}$',
  maxLength: 70,
  'x-error': CONVERSATION_INVALID,
})

/** A message ID: chosen by the sender's client as `<userID>-<anything unique>`. */
export const MessageId = Type.String({
  pattern: '^[0-9]+-[A-Za-z0-9_-]{1,48}$',
  maxLength: ChatLimits.messageIdMaxChars,
  'x-error': MESSAGE_INVALID,
})

const Url = Type.String({ maxLength: 1000 })

/** What a message carries, by type (the SDK's payload fields). */
export const TextPayload = Type.Object({
  text: Type.String({ maxLength: ChatLimits.textMaxChars * 2 }),
  /**
   * Group messages: the user IDs it @-mentions, or MSG_AT_ALL (rules/chat.ts) for @所有人 (owner
   * and admins only). Ignored in C2C.
   */
  atUserList: Type.Optional(
    Type.Array(Type.String({ maxLength: 64 }), { maxItems: ChatLimits.atUserMax }),
  ),
})
export const FacePayload = Type.Object({
  index: Type.Integer({ minimum: 0, maximum: 999 }),
  data: Type.String({ maxLength: 100 }),
})
export const ImageInfo = Type.Object({
  /** 0 original, 1 big, 2 thumbnail (the SDK's order). */
  type: Type.Integer({ minimum: 0, maximum: 2 }),
  url: Url,
  width: Type.Integer({ minimum: 0, maximum: 100_000 }),
  height: Type.Integer({ minimum: 0, maximum: 100_000 }),
  size: Type.Integer({ minimum: 0 }),
})
export const ImagePayload = Type.Object({
  imageFormat: Type.String({ maxLength: 10 }),
  imageInfoArray: Type.Array(ImageInfo, { minItems: 1, maxItems: 3 }),
})
export const FilePayload = Type.Object({
  fileName: Type.String({ maxLength: 255 }),
  fileSize: Type.Integer({ minimum: 0 }),
  fileUrl: Url,
})
export const SoundPayload = Type.Object({
  url: Url,
  second: Type.Integer({ minimum: 1, maximum: 60 }),
  size: Type.Integer({ minimum: 0 }),
})
export const VideoPayload = Type.Object({
  videoUrl: Url,
  videoSecond: Type.Integer({ minimum: 0, maximum: 60 }),
  videoSize: Type.Integer({ minimum: 0 }),
  snapshotUrl: Type.String({ maxLength: 1000 }),
  snapshotWidth: Type.Integer({ minimum: 0 }),
  snapshotHeight: Type.Integer({ minimum: 0 }),
})
export const LocationPayload = Type.Object({
  description: Type.String({ maxLength: 200 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
})
export const CustomPayload = Type.Object({
  data: Type.String({ maxLength: ChatLimits.customDataMaxChars }),
  description: Type.String({ maxLength: 200 }),
  extension: Type.String({ maxLength: 200 }),
})
const MergeTitle = Type.String({ minLength: 1, maxLength: ChatLimits.mergeTitleMaxChars })
const MergeAbstractList = Type.Array(
  Type.String({ maxLength: ChatLimits.mergeAbstractLineMaxChars }),
  { maxItems: ChatLimits.mergeAbstractMaxLines },
)
/** A merged message's key to its messages (downloadMergerMessage): 32 hex characters. */
export const DownloadKey = Type.String({
  pattern: '^[0-9a-f]{32}$',
  maxLength: 32,
  'x-error': MESSAGE_INVALID,
})

/**
 * A merged forward (合并转发) as a client sends it: the card's title and abstract, and the IDs of
 * the messages merged (each one the sender sees; the server snapshots them under a downloadKey).
 */
export const MergerSendPayload = Type.Object({
  title: MergeTitle,
  abstractList: MergeAbstractList,
  compatibleText: Type.String({ maxLength: ChatLimits.mergeTitleMaxChars }),
  messageIDList: Type.Array(MessageId, { minItems: 1, maxItems: ChatLimits.mergeMaxMessages }),
})
/** A merged message as stored and delivered (TIMRelayElem): its messages behind downloadKey. */
export const RelayPayload = Type.Object({
  title: MergeTitle,
  abstractList: MergeAbstractList,
  compatibleText: Type.String({ maxLength: ChatLimits.mergeTitleMaxChars }),
  downloadKey: DownloadKey,
  layersOverLimit: Type.Boolean(),
})

/** One message of a merged message (the engine's MergedMessageItem). */
export const MergedMessageItem = Type.Object({
  ID: Type.String(),
  from: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
  /** Unix seconds it was sent. */
  time: Type.Integer(),
  type: Type.Union(MESSAGE_TYPES.map((t) => Type.Literal(t))),
  /** A nested merged message (TIMRelayElem) keeps its own downloadKey. */
  payload: Type.Record(Type.String(), Type.Unknown()),
})
export type MergedMessageItem = Static<typeof MergedMessageItem>

/** A member named in a group tip; muteTime (seconds, 0 = unmuted) on memberMuted tips. */
export const GroupTipMember = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  muteTime: Type.Optional(Type.Integer({ minimum: 0 })),
})

/**
 * Server-written group tips (joins, quits, removals, roles, profile changes, mutes, disbanding):
 * operationType is GroupTipOperation of rules/chat.ts. Clients never send them.
 */
export const GroupTipPayload = Type.Object({
  operationType: Type.Integer(),
  operatorID: Type.String(),
  operatorNick: Type.String(),
  userIDList: Type.Array(Type.String()),
  memberList: Type.Array(GroupTipMember),
  /** profileUpdated: only what changed. */
  newGroupProfile: Type.Optional(
    Type.Object({
      groupName: Type.Optional(Type.String()),
      avatar: Type.Optional(Type.String()),
      introduction: Type.Optional(Type.String()),
      notification: Type.Optional(Type.String()),
      muteAllMembers: Type.Optional(Type.Boolean()),
      ownerID: Type.Optional(Type.String()),
      joinOption: Type.Optional(
        Type.Union([Type.Literal('free'), Type.Literal('approval'), Type.Literal('closed')]),
      ),
    }),
  ),
})
export type GroupTipPayload = Static<typeof GroupTipPayload>

/** A message as the gateway stores and delivers it. */
export const ChatMessage = Type.Object({
  ID: Type.String(),
  conversationID: Type.String(),
  conversationType: Type.Union([Type.Literal('C2C'), Type.Literal('GROUP')]),
  /** The server's sequence in the conversation: 1, 2, 3, ... */
  sequence: Type.Integer(),
  type: Type.Union(MESSAGE_TYPES.map((t) => Type.Literal(t))),
  payload: Type.Record(Type.String(), Type.Unknown()),
  /** Sender and receiver user IDs (strings, as the SDK). */
  from: Type.String(),
  to: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
  time: Type.Integer(),
  isRevoked: Type.Boolean(),
  /** Who revoked it (user ID), '' when not revoked. */
  revoker: Type.String(),
  /** JSON text: may hold messageReply {messageID, messageAbstract, messageSender, messageType, version}. */
  cloudCustomData: Type.String(),
  /** Group text messages: who it @-mentions (user IDs, or MSG_AT_ALL), as the SDK. */
  atUserList: Type.Optional(Type.Array(Type.String())),
  /**
   * The sender asked for read receipts (only kept while the server enables them). The gateway
   * always says; optional for messages made on the device.
   */
  needReadReceipt: Type.Optional(Type.Boolean()),
  /**
   * Content moderation flagged it after it was sent (the SDK's hasRiskContent): everyone but its
   * sender gets its payload with every text and URL emptied. The gateway always says; optional
   * for messages made on the device.
   */
  hasRiskContent: Type.Optional(Type.Boolean()),
})
export type ChatMessage = Static<typeof ChatMessage>

export const ConversationUser = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
})
export type ConversationUser = Static<typeof ConversationUser>

/** A GROUP conversation's group, as one member sees it (the SDK's conversation.groupProfile). */
export const ConversationGroup = Type.Object({
  groupID: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  ownerID: Type.String(),
  muteAllMembers: Type.Boolean(),
  memberCount: Type.Integer(),
  selfInfo: Type.Object({
    /** '' = no longer a member (left, removed, disbanded): the conversation is read-only. */
    role: Type.Union([
      Type.Literal('Owner'),
      Type.Literal('Admin'),
      Type.Literal('Member'),
      Type.Literal(''),
    ]),
    /** Unix seconds the member is muted until; 0 = not muted. */
    muteUntil: Type.Integer(),
  }),
})
export type ConversationGroup = Static<typeof ConversationGroup>

/** An unread @ of a group conversation (atTypeArray: GroupAtType of rules/chat.ts, 1 @me, 2 @all). */
export const GroupAtInfo = Type.Object({
  messageSequence: Type.Integer(),
  atTypeArray: Type.Array(Type.Integer()),
})
export type GroupAtInfo = Static<typeof GroupAtInfo>

/** A conversation as one member sees it. */
export const ChatConversation = Type.Object({
  conversationID: Type.String(),
  type: Type.Union([Type.Literal('C2C'), Type.Literal('GROUP')]),
  unreadCount: Type.Integer(),
  isPinned: Type.Boolean(),
  /** true: messages arrive without notice (the SDK's messageRemindType AcceptNotNotify). */
  isMuted: Type.Boolean(),
  draftText: Type.String(),
  /** The peer of a C2C conversation; {userID: '', nick: '', avatar: ''} for a GROUP one. */
  userProfile: ConversationUser,
  /** C2C with a book friend: the member's remark (备注) for them, when set (the SDK's remark). */
  remark: Type.Optional(Type.String()),
  /** GROUP conversations: the group and the member's place in it. */
  groupProfile: Type.Optional(ConversationGroup),
  /** GROUP conversations with an unread @ of this member or @所有人. */
  groupAtInfoList: Type.Optional(Type.Array(GroupAtInfo)),
  lastMessage: Type.Union([ChatMessage, Type.Null()]),
  /** The newest sequence in it, and the newest this member has read. */
  lastSequence: Type.Integer(),
  readSequence: Type.Integer(),
  /** Last activity (the last message, or the creation), for the order. */
  time: Type.Integer(),
})
export type ChatConversation = Static<typeof ChatConversation>

export const ConversationInput = { conversationID: ConversationId }

export const MessageListRes = Type.Object({
  messageList: Type.Array(ChatMessage),
  /** Pass as `beforeSequence` for the page before; 0 with isCompleted. */
  nextSequence: Type.Integer(),
  isCompleted: Type.Boolean(),
})
export type MessageListRes = Static<typeof MessageListRes>

export const ChatLoginRes = Type.Object({
  userID: Type.String(),
  userSig: Type.String(),
  /** 'local' (this server's gateway) or 'tencent' (Tencent IM with this SDKAppID). */
  engine: Type.Union([Type.Literal('local'), Type.Literal('tencent')]),
  SDKAppID: Type.Integer(),
  /** The app setting of read receipts (server configuration): off, none are asked for or shown. */
  enabledMessageReadReceipt: Type.Boolean(),
  /** The server shows one-to-one peers' online status (getUserStatus); off, the rows show none. */
  enabledOnlineStatus: Type.Boolean(),
})
export type ChatLoginRes = Static<typeof ChatLoginRes>

export const ChatUploadRes = Type.Object({
  url: Type.String(),
  size: Type.Integer(),
  name: Type.String(),
})
export type ChatUploadRes = Static<typeof ChatUploadRes>

export const UnreadRes = Type.Object({ total: Type.Integer() })

/** Who read one of the caller's messages (the SDK's message.readReceiptInfo), with the message. */
export const MessageReceipt = Type.Object({
  messageID: Type.String(),
  /** As the sender knows the conversation. */
  conversationID: Type.String(),
  /** GROUP: the group ID; '' in C2C. */
  groupID: Type.String(),
  /** Never decreases: receipts are never taken back. */
  readCount: Type.Integer(),
  /** GROUP: active members but the sender who have not read it; C2C: 1 until the peer read it. */
  unreadCount: Type.Integer(),
  /** C2C: the peer read it. */
  isPeerRead: Type.Boolean(),
})
export type MessageReceipt = Static<typeof MessageReceipt>

const ReceiptMessageIDs = Type.Array(MessageId, {
  minItems: 1,
  maxItems: ReceiptLimits.messagesPerCall,
  'x-list': true,
  'x-error': MESSAGE_INVALID,
})

/** getGroupMessageReadMemberList's filter (the SDK's numbers). */
export const ReadMemberFilter = { read: 0, unread: 1 } as const

export const ReadMemberListRes = Type.Object({
  messageID: Type.String(),
  /** filter 0: this page of readers; [] otherwise. */
  readUserIDList: Type.Array(Type.String()),
  /** filter 1: this page of members who have not read it; [] otherwise. */
  unreadUserIDList: Type.Array(Type.String()),
  /** The page's members with their names, in the same order (what the receipt panel shows). */
  memberList: Type.Array(ConversationUser),
  /** Pass back for the next page; '' with isCompleted. */
  cursor: Type.String(),
  isCompleted: Type.Boolean(),
})
export type ReadMemberListRes = Static<typeof ReadMemberListRes>

/** One emoji under a message (the SDK's reaction): its count, the first reactors, and the caller's part. */
export const MessageReaction = Type.Object({
  /** The emoji's key in the basic set (rules/chatReactions.ts). */
  reactionID: Type.String(),
  totalUserCount: Type.Integer(),
  /** The first reactors (at most maxUserCountPerReaction), earliest first. */
  partialUserList: Type.Array(ConversationUser),
  reactedByMyself: Type.Boolean(),
})
export type MessageReaction = Static<typeof MessageReaction>

/** A message's reactions now, in the order they were first added. */
export const MessageReactionChange = Type.Object({
  messageID: Type.String(),
  reactionList: Type.Array(MessageReaction),
})
export type MessageReactionChange = Static<typeof MessageReactionChange>

const ReactionId = Type.String({
  minLength: 1,
  maxLength: ReactionLimits.reactionIdMaxChars,
  'x-error': REACTION_INVALID,
})
const ReactionInput = Type.Object({ messageID: MessageId, reactionID: ReactionId })

/** The SDK's user status types: 1 online, 2 offline (0: not known to the caller). */
export const UserStatusType = { unknown: 0, online: 1, offline: 2 } as const

export const UserStatus = Type.Object({
  userID: Type.String(),
  statusType: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
})
export type UserStatus = Static<typeof UserStatus>

export const chatApi = {
  login: call({
    summary: "The caller's chat identity: userID and a fresh userSig (Tencent's when configured).",
    auth: true,
    rest: { method: 'GET', path: '/api/chat/login' },
    input: NoInput,
    answer: ChatLoginRes,
  }),
  getUserStatus: call({
    summary:
      "Online (1) or offline (2) for each of these users the caller has a one-to-one conversation with; 0 for anyone else. Refused with 72001 when the server's online status is off.",
    auth: true,
    rest: { method: 'POST', path: '/api/chat/userStatus' },
    body: 'json',
    input: Type.Object({
      userIDList: Type.Array(Type.String({ pattern: '^[0-9]{1,12}$', maxLength: 12 }), {
        minItems: 1,
        maxItems: ChatLimits.userStatusMax,
        'x-list': true,
      }),
    }),
    answer: Type.Object({ successUserList: Type.Array(UserStatus) }),
  }),
  getConversationList: call({
    summary: "The caller's conversations, pinned first, then by last activity.",
    auth: true,
    rest: { method: 'GET', path: '/api/chat/conversations' },
    input: NoInput,
    answer: Type.Object({ conversationList: Type.Array(ChatConversation) }),
  }),
  getConversationProfile: call({
    summary:
      'One conversation; a C2C conversation with any other reader is created on first use (not oneself, 404 for nobody). GROUP: only for who is or was a member (404 otherwise); never created here.',
    auth: true,
    rest: { method: 'GET', path: '/api/chat/conversation' },
    input: Type.Object(ConversationInput),
    answer: ChatConversation,
  }),
  getMessageList: call({
    summary:
      'History, oldest first: 15 messages before `beforeSequence` (the newest without it). GROUP: from when the caller joined to when they left; 404 for who never was a member.',
    auth: true,
    rest: { method: 'GET', path: '/api/chat/messages' },
    input: Type.Object({
      ...ConversationInput,
      beforeSequence: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
      count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    answer: MessageListRes,
  }),
  getMessagesAfter: call({
    summary:
      'Catch-up, oldest first: at most 200 messages after `afterSequence` (the gateway sync over HTTP).',
    auth: true,
    rest: { method: 'GET', path: '/api/chat/messagesAfter' },
    input: Type.Object({
      ...ConversationInput,
      afterSequence: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    }),
    answer: Type.Object({ messageList: Type.Array(ChatMessage), isCompleted: Type.Boolean() }),
  }),
  setMessageRead: call({
    summary:
      'Marks the conversation read up to its newest message (in a group the caller left, up to where they left).',
    auth: true,
    rest: { method: 'POST', path: '/api/chat/read' },
    input: Type.Object(ConversationInput),
    answer: NoData,
  }),
  pinConversation: call({
    summary: 'Pins (isPinned true) or unpins the conversation for the caller.',
    auth: true,
    rest: { method: 'POST', path: '/api/chat/pin' },
    input: Type.Object({ ...ConversationInput, isPinned: Type.Boolean() }),
    answer: NoData,
  }),
  setMessageRemindType: call({
    summary: 'Mutes (isMuted true) or unmutes the conversation for the caller.',
    auth: true,
    rest: { method: 'POST', path: '/api/chat/mute' },
    input: Type.Object({ ...ConversationInput, isMuted: Type.Boolean() }),
    answer: NoData,
  }),
  setConversationDraft: call({
    summary: "Keeps the caller's draft abstract on the conversation ('' clears it).",
    auth: true,
    rest: { method: 'POST', path: '/api/chat/draft' },
    input: Type.Object({
      ...ConversationInput,
      draftText: Type.String({ maxLength: ChatLimits.draftMaxChars }),
    }),
    answer: NoData,
  }),
  deleteConversation: call({
    summary:
      "Removes the conversation from the caller's list with its history for the caller; a new message brings it back.",
    auth: true,
    rest: { method: 'POST', path: '/api/chat/deleteConversation' },
    input: Type.Object(ConversationInput),
    answer: NoData,
  }),
  revokeMessage: call({
    summary:
      "Revokes one of the caller's own messages within 2 minutes; in a group the owner also revokes anyone's and an admin a plain member's, at any time. Everyone sees who revoked it.",
    auth: true,
    rest: { method: 'POST', path: '/api/chat/revoke' },
    input: Type.Object({ messageID: MessageId }),
    answer: ChatMessage,
  }),
  deleteMessage: call({
    summary: 'Deletes messages for the caller only (members of their conversations).',
    auth: true,
    rest: { method: 'POST', path: '/api/chat/deleteMessage' },
    body: 'json',
    input: Type.Object({
      messageIDList: Type.Array(MessageId, {
        minItems: 1,
        maxItems: 30,
        'x-list': true,
        'x-error': MESSAGE_INVALID,
      }),
    }),
    answer: NoData,
  }),
  getTotalUnreadMessageCount: call({
    summary: "Unread chat messages over the caller's conversations (muted ones count too).",
    auth: true,
    rest: { method: 'GET', path: '/api/chat/unread' },
    input: NoInput,
    answer: UnreadRes,
  }),
  sendMessageReadReceipt: call({
    summary:
      'Read receipts for messages the caller received (at most 50): each must be in a conversation the caller is in (404 otherwise, nothing kept) and not their own (400). Messages that asked for none are skipped; sending one again changes nothing. The senders get a `receipt` push.',
    auth: true,
    rest: { method: 'POST', path: '/api/chat/readReceipt' },
    body: 'json',
    input: Type.Object({ messageIDList: ReceiptMessageIDs }),
    answer: NoData,
  }),
  getMessageReadReceiptList: call({
    summary:
      "Read counts of the caller's own messages (at most 50; 404 for messages the caller does not see, 403 for someone else's).",
    auth: true,
    rest: { method: 'POST', path: '/api/chat/readReceiptList' },
    body: 'json',
    input: Type.Object({ messageIDList: ReceiptMessageIDs }),
    answer: Type.Object({ messageList: Type.Array(MessageReceipt) }),
  }),
  getGroupMessageReadMemberList: call({
    summary:
      "Who has read (filter 0) or not yet read (filter 1) one of the caller's group messages, by user ID, `count` (at most 100) a page from `cursor` ('' first).",
    auth: true,
    rest: { method: 'GET', path: '/api/chat/readMembers' },
    input: Type.Object({
      messageID: MessageId,
      filter: Type.Union([Type.Literal(0), Type.Literal(1)], { 'x-error': '参数错误' }),
      cursor: Type.Optional(
        Type.String({ pattern: '^[0-9]{0,10}$', maxLength: 10, 'x-error': '参数错误' }),
      ),
      count: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ReceiptLimits.memberPageSize, 'x-error': '参数错误' }),
      ),
    }),
    answer: ReadMemberListRes,
  }),
  downloadMergerMessage: call({
    summary:
      'The messages of a merged message (合并转发) by its downloadKey, as they were when merged; a nested merged message has its own key. 404 该消息不存在 for a key that does not exist.',
    auth: true,
    rest: { method: 'GET', path: '/api/chat/merged' },
    input: Type.Object({ downloadKey: DownloadKey }),
    answer: Type.Object({ messageList: Type.Array(MergedMessageItem) }),
  }),
  addMessageReaction: call({
    summary:
      "Adds the caller's emoji reaction (a key of the basic set) under a message of a conversation they are in now (404 otherwise); adding it again changes nothing. Not on revoked messages or group tips. A message carries at most 10 different emoji (10070 已达到表情回应上限数量). Every member is pushed `reactions`.",
    auth: true,
    rest: { method: 'POST', path: '/api/chat/reaction/add' },
    body: 'json',
    input: ReactionInput,
    answer: NoData,
  }),
  removeMessageReaction: call({
    summary:
      "Takes the caller's reaction back (nothing to take back is fine); every member is pushed `reactions` when one was removed.",
    auth: true,
    rest: { method: 'POST', path: '/api/chat/reaction/remove' },
    body: 'json',
    input: ReactionInput,
    answer: NoData,
  }),
  getMessageReactions: call({
    summary:
      'The reactions under messages the caller sees (at most 20; others are left out), with the first `maxUserCountPerReaction` (at most 10) reactors of each.',
    auth: true,
    rest: { method: 'POST', path: '/api/chat/reactionList' },
    body: 'json',
    input: Type.Object({
      messageIDList: Type.Array(MessageId, {
        minItems: 1,
        maxItems: ReactionLimits.messagesPerCall,
        'x-list': true,
        'x-error': MESSAGE_INVALID,
      }),
      maxUserCountPerReaction: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: ReactionLimits.usersPerReaction,
          'x-error': '参数错误',
        }),
      ),
    }),
    answer: Type.Object({ resultList: Type.Array(MessageReactionChange) }),
  }),
  getAllUserListOfMessageReaction: call({
    summary:
      "Everyone who reacted with one emoji under a message the caller sees, earliest first, `count` (at most 100) a page from `nextSeq` ('' first).",
    auth: true,
    rest: { method: 'GET', path: '/api/chat/reactionUsers' },
    input: Type.Object({
      messageID: MessageId,
      reactionID: ReactionId,
      nextSeq: Type.Optional(
        Type.String({
          pattern: '^([0-9]{1,15}-[0-9]{1,10})?$',
          maxLength: 26,
          'x-error': '参数错误',
        }),
      ),
      count: Type.Optional(
        Type.Integer({ minimum: 1, maximum: ReactionLimits.userPageSize, 'x-error': '参数错误' }),
      ),
    }),
    answer: Type.Object({
      userList: Type.Array(ConversationUser),
      /** Pass back for the next page; '' with isCompleted. */
      nextSeq: Type.String(),
      isCompleted: Type.Boolean(),
    }),
  }),
  upload: call({
    summary:
      'Stores a chat file (image, audio, video, file) of at most 100 MB (7005 before storing).',
    auth: true,
    rest: { method: 'POST', path: '/api/chat/upload' },
    body: 'multipart',
    input: NoInput,
    answer: ChatUploadRes,
  }),
}
