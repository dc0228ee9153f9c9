/**
 * The chat gateway's WebSocket frames (`/api/chat/ws`), JSON text, one object per frame. The
 * client authenticates first with the session's access token; requests carry a `rid` that the
 * answer (`ack` or `error`) repeats. Pushes have no rid. See server/src/chat and
 * src/TUIKit/engine/local.
 */
import { Type, type Static } from './contract'
import {
  ChatConversation,
  ChatMessage,
  ConversationId,
  MessageId,
  MessageReceipt,
  MessageReactionChange,
  MESSAGE_TYPES,
} from './chat'

const Rid = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

export const AuthFrame = Type.Object({
  op: Type.Literal('auth'),
  rid: Rid,
  token: Type.String({ maxLength: 2000 }),
  /** Same-platform logins kick the earlier connection out (the SDK's kickedOut). */
  platform: Type.Optional(Type.String({ maxLength: 20 })),
})

/** A message to send. `ID` makes it idempotent: sending the same ID again answers the stored one. */
export const SendFrame = Type.Object({
  op: Type.Literal('send'),
  rid: Rid,
  message: Type.Object({
    ID: MessageId,
    conversationID: ConversationId,
    type: Type.Union(MESSAGE_TYPES.map((t) => Type.Literal(t))),
    payload: Type.Record(Type.String(), Type.Unknown()),
    cloudCustomData: Type.Optional(Type.String({ maxLength: 4000 })),
    /** Ask for read receipts (kept only while the server enables them). */
    needReadReceipt: Type.Optional(Type.Boolean()),
    /**
     * 逐条转发: the ID of the message forwarded (one the sender sees). The server sends that
     * message's stored type and payload; the frame's type and payload are not used.
     */
    forwardOf: Type.Optional(MessageId),
  }),
})

/** Catch-up: for each conversation, the messages after the last sequence the client saw. */
export const SyncFrame = Type.Object({
  op: Type.Literal('sync'),
  rid: Rid,
  cursors: Type.Record(ConversationId, Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), {
    maxProperties: 500,
    additionalProperties: false,
  }),
})

export const PingFrame = Type.Object({ op: Type.Literal('ping'), rid: Rid })

export const ClientFrame = Type.Union([AuthFrame, SendFrame, SyncFrame, PingFrame])
export type ClientFrame = Static<typeof ClientFrame>

export const AckFrame = Type.Object({ op: Type.Literal('ack'), rid: Rid, data: Type.Unknown() })
export const ErrorFrame = Type.Object({
  op: Type.Literal('error'),
  /** 0 when the frame could not be read far enough to know its rid. */
  rid: Type.Integer({ minimum: 0 }),
  code: Type.Integer(),
  message: Type.String(),
})
/**
 * A new message in one of the receiver's conversations (also to the sender's other connections);
 * group tips (TIMGroupTipElem) come this way too.
 */
export const MessagePush = Type.Object({ op: Type.Literal('message'), message: ChatMessage })
/** A message was revoked (the message with isRevoked and revoker). */
export const RevokedPush = Type.Object({ op: Type.Literal('revoked'), message: ChatMessage })
/**
 * A message's payload was changed by the server (a gift card's state after the receiver accepted or
 * refused it): the whole message as it is now, to both sides. Tencent's onMessageModified.
 */
export const ModifiedPush = Type.Object({ op: Type.Literal('modified'), message: ChatMessage })
/**
 * The receiver's view of a conversation changed (read, pinned, muted, draft, deleted), or its group
 * did (a tip, profile, mute-all, roles, the receiver's mute or removal: groupProfile.selfInfo).
 */
export const ConversationPush = Type.Object({
  op: Type.Literal('conversation'),
  conversation: ChatConversation,
  /** true: the member deleted it, it left their list (until a new message brings it back). */
  removed: Type.Optional(Type.Boolean()),
})
export const KickedPush = Type.Object({ op: Type.Literal('kicked'), reason: Type.String() })
/**
 * A book-friend request to the receiver was stored (or asked again): the client reads its unread
 * requests again (Tencent's onFriendApplicationListUpdated), so the 会话 tab badges at once.
 */
export const FriendApplicationPush = Type.Object({ op: Type.Literal('friendApplication') })
/**
 * Receipts landed on the receiver's own messages: each message's counts as they are now (Tencent's
 * onMessageReadReceiptReceived). readCount never decreases: a client keeps the highest it saw.
 */
export const ReceiptPush = Type.Object({
  op: Type.Literal('receipt'),
  receiptList: Type.Array(MessageReceipt),
})

/**
 * Reactions under messages of a conversation changed (Tencent's onMessageReactionsUpdated): each
 * message's reactions as they are now, with conversationID and reactedByMyself as the receiver
 * sees them (the server makes one frame per distinct view, so a group's is serialised few times).
 */
export const ReactionsPush = Type.Object({
  op: Type.Literal('reactions'),
  conversationID: Type.String(),
  changeInfoList: Type.Array(MessageReactionChange),
})

export const ServerFrame = Type.Union([
  AckFrame,
  ErrorFrame,
  MessagePush,
  RevokedPush,
  ModifiedPush,
  ConversationPush,
  KickedPush,
  FriendApplicationPush,
  ReceiptPush,
  ReactionsPush,
])
export type ServerFrame = Static<typeof ServerFrame>

/**
 * What `sync` answers: per conversation, the messages after its cursor, oldest first, at most
 * ChatLimits.syncMaxPerConversation, and its share of Limits.chatSyncMaxMessages for the whole
 * answer; `reload` when more than that were missed (sync again from the last one, or reload the
 * newest page). Conversations the caller cannot read are left out.
 */
export const SyncResult = Type.Object({
  conversations: Type.Array(
    Type.Object({
      conversationID: Type.String(),
      messageList: Type.Array(ChatMessage),
      reload: Type.Boolean(),
    }),
  ),
})
export type SyncResult = Static<typeof SyncResult>

/** Frame error codes (besides the chat errors of rules/chat.ts). */
export const FrameErrors = {
  badFrame: { code: 400, text: '消息格式不正确' },
  notAuthed: { code: 401, text: '请先登录' },
  tooMany: { code: 429, text: '发送太频繁，请稍后再试' },
} as const
