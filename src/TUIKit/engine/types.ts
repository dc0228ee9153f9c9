/**
 * ChatEngine: the typed subset of `@tencentcloud/chat` the app uses, with the SDK's own method
 * names, argument shapes, results ({code: 0, data}; a failure rejects with {code, message}),
 * event names and type values. Two adapters implement it: `local` (this server's chat gateway)
 * and `tencent` (the SDK itself); `./index` picks one at build time.
 */
import type {
  ChatConversation,
  ChatMessage,
  ConversationUser,
  MessageReceipt,
  MessageType,
  UserStatus,
} from '@/types/api/chat'
import type { ReadReceiptInfo } from '@rules/chatReceipts'

export const TYPES = {
  MSG_TEXT: 'TIMTextElem',
  MSG_IMAGE: 'TIMImageElem',
  MSG_AUDIO: 'TIMSoundElem',
  MSG_VIDEO: 'TIMVideoFileElem',
  MSG_FILE: 'TIMFileElem',
  MSG_FACE: 'TIMFaceElem',
  MSG_LOCATION: 'TIMLocationElem',
  MSG_CUSTOM: 'TIMCustomElem',
  MSG_MERGER: 'TIMRelayElem',
  MSG_GRP_TIP: 'TIMGroupTipElem',
  MSG_AT_ALL: '__kImSDK_MesssageAtALL__',
  CONV_C2C: 'C2C',
  CONV_GROUP: 'GROUP',
  MSG_REMIND_ACPT_AND_NOTE: 'AcceptAndNotify',
  MSG_REMIND_ACPT_NOT_NOTE: 'AcceptNotNotify',
  NET_STATE_CONNECTED: 'connected',
  NET_STATE_CONNECTING: 'connecting',
  NET_STATE_DISCONNECTED: 'disconnected',
  KICKED_OUT_MULT_DEVICE: 'multipleDevice',
} as const satisfies Record<string, MessageType | string>

export const EVENT = {
  SDK_READY: 'sdkStateReady',
  SDK_NOT_READY: 'sdkStateNotReady',
  MESSAGE_RECEIVED: 'onMessageReceived',
  MESSAGE_REVOKED: 'onMessageRevoked',
  MESSAGE_MODIFIED: 'onMessageModified',
  CONVERSATION_LIST_UPDATED: 'onConversationListUpdated',
  TOTAL_UNREAD_MESSAGE_COUNT_UPDATED: 'onTotalUnreadMessageCountUpdated',
  KICKED_OUT: 'kickedOut',
  NET_STATE_CHANGE: 'netStateChange',
  /** Receipts landed on the reader's own messages (each with its counts now). */
  MESSAGE_READ_RECEIPT_RECEIVED: 'onMessageReadReceiptReceived',
  /** Reactions under messages of a conversation changed (someone added or removed one). */
  MESSAGE_REACTIONS_UPDATED: 'onMessageReactionsUpdated',
  /** Someone asked to be the reader's book friend (the local gateway's friendApplication push). */
  FRIEND_APPLICATION_LIST_UPDATED: 'onFriendApplicationListUpdated',
} as const
export type EventName = (typeof EVENT)[keyof typeof EVENT]

export type ConversationType = 'C2C' | 'GROUP'
export type MessageStatus = 'unSend' | 'success' | 'fail'
export type NetState = 'connected' | 'connecting' | 'disconnected'

/** A message as the SDK hands it out: the stored fields plus the viewer's. */
export interface Message extends ChatMessage {
  flow: 'in' | 'out'
  status: MessageStatus
  /** 0..1 while a file uploads (TUIKit's progress bar). */
  progress: number
  /** Set for the sender's own message that failed: the code of chat-spec section 8. */
  errorCode?: number
  /** An incoming audio message was played (kept on this device). */
  isPlayed?: boolean
  /** The sender's own messages that asked for receipts, once read (getMessageReadReceiptList). */
  readReceiptInfo?: ReadReceiptInfo
}

/** A conversation as the SDK hands it out. */
export interface Conversation extends Omit<ChatConversation, 'lastMessage'> {
  lastMessage: Message | null
}

/** What every call resolves with. */
export interface ChatResult<T> {
  code: 0
  data: T
}
/** What every call rejects with. */
export interface ChatFailure {
  code: number
  message: string
  data?: { message?: Message }
}

export interface MessageOptions<P> {
  to: string
  conversationType: ConversationType
  payload: P
  cloudCustomData?: string
  /** Ask the receivers for read receipts (only when both receipt settings are on). */
  needReadReceipt?: boolean
  /** Upload progress 0..1 for image, audio, video and file messages. */
  onProgress?: (percent: number) => void
}

/** A file the platform gave us: a temp path (weapp) or a blob URL/File (H5). */
export interface PickedFile {
  path: string
  name: string
  size: number
  /** H5 only: the File itself. */
  file?: Blob
}

/** A picture of a video's first frame, sent as its snapshot. */
export interface PickedSnapshot extends PickedFile {
  width: number
  height: number
}

/** A picked video: its length in seconds and, when the platform gave one, its snapshot. */
export interface PickedVideo extends PickedFile {
  duration: number
  snapshot?: PickedSnapshot
}

export type EventData = {
  sdkStateReady: undefined
  sdkStateNotReady: undefined
  onMessageReceived: Message[]
  onMessageRevoked: Message[]
  onMessageModified: Message[]
  onConversationListUpdated: Conversation[]
  onTotalUnreadMessageCountUpdated: number
  kickedOut: { type: string }
  netStateChange: { state: NetState }
  onMessageReadReceiptReceived: MessageReceipt[]
  onMessageReactionsUpdated: { conversationID: string; changeInfoList: MessageReactionChange[] }
  /** The SDK's unread count of its own list; the app reads its server's count again instead. */
  onFriendApplicationListUpdated: { unreadCount?: number }
}
export type Listener<E extends EventName> = (event: { name: E; data: EventData[E] }) => void

/** getGroupMessageReadMemberList's page (memberList: the local gateway's names for the panel). */
export interface GroupMessageReadMembers {
  messageID: string
  readUserIDList: string[]
  unreadUserIDList: string[]
  memberList?: ConversationUser[]
  cursor: string
  isCompleted: boolean
}

/**
 * One message of a merged forward as the merged viewer shows it (the SDK's items of a downloaded
 * TIMRelayElem, flattened: its messageBody's first element as type and payload). A nested merged
 * message is an item of type TIMRelayElem whose payload has its own downloadKey.
 */
export interface MergedMessageItem {
  ID: string
  from: string
  nick: string
  avatar: string
  time: number
  type: MessageType
  payload: Record<string, unknown>
}

/** createMergerMessage's payload (the SDK's names). */
export interface MergerPayload {
  /** The messages merged, as the forwarder sees them (successful, not revoked). */
  messageList: Message[]
  /** 「A和B的聊天记录」 or 「群聊的聊天记录」. */
  title: string
  /** Up to 7 lines `nick: abstract`. */
  abstractList: string[]
  /** Shown by clients that cannot draw the card. */
  compatibleText: string
}

/** One emoji under a message (the SDK's reaction): who reacted, the first few by name. */
export interface MessageReaction {
  reactionID: string
  totalUserCount: number
  partialUserList: ConversationUser[]
  reactedByMyself: boolean
}

/** A message's reactions now (the onMessageReactionsUpdated event and getMessageReactions). */
export interface MessageReactionChange {
  messageID: string
  reactionList: MessageReaction[]
}

export interface GetMessageListResult {
  messageList: Message[]
  nextReqMessageID: string
  isCompleted: boolean
}

export interface ChatEngine {
  readonly kind: 'local' | 'tencent'
  login(options: {
    userID: string
    userSig: string
  }): Promise<ChatResult<{ repeatLogin?: boolean }>>
  logout(): Promise<ChatResult<null>>
  isReady(): boolean
  on<E extends EventName>(name: E, listener: Listener<E>): void
  off<E extends EventName>(name: E, listener: Listener<E>): void

  createTextMessage(options: MessageOptions<{ text: string }>): Message
  /** A group text that @-mentions members (user IDs, or TYPES.MSG_AT_ALL for @所有人). */
  createTextAtMessage(options: MessageOptions<{ text: string; atUserList: string[] }>): Message
  createFaceMessage(options: MessageOptions<{ index: number; data: string }>): Message
  createImageMessage(options: MessageOptions<{ file: PickedFile }>): Message
  createFileMessage(options: MessageOptions<{ file: PickedFile }>): Message
  createAudioMessage(options: MessageOptions<{ file: PickedFile & { duration: number } }>): Message
  createVideoMessage(options: MessageOptions<{ file: PickedVideo }>): Message
  createLocationMessage(
    options: MessageOptions<{ description: string; longitude: number; latitude: number }>,
  ): Message
  createCustomMessage(
    options: MessageOptions<{ data: string; description: string; extension: string }>,
  ): Message
  sendMessage(message: Message): Promise<ChatResult<{ message: Message }>>
  resendMessage(message: Message): Promise<ChatResult<{ message: Message }>>
  revokeMessage(message: Message): Promise<ChatResult<{ message: Message }>>
  /**
   * A sent message whose payload changed (a gift card's state after it was settled). Tencent: the
   * SDK's modifyMessage with the caller's changed payload; local: the server already changed it in
   * the settle call and pushed it (onMessageModified), so this resolves with the message as given.
   */
  modifyMessage(message: Message): Promise<ChatResult<{ message: Message }>>
  deleteMessage(messageList: Message[]): Promise<ChatResult<{ messageList: Message[] }>>

  getMessageList(options: {
    conversationID: string
    nextReqMessageID?: string
  }): Promise<ChatResult<GetMessageListResult>>
  /** Direction 1: the messages after `sequence`, oldest first (back down through history). */
  getMessageListHopping(options: {
    conversationID: string
    sequence: number
    direction: 1
  }): Promise<ChatResult<{ messageList: Message[]; isCompleted: boolean }>>
  getConversationList(): Promise<ChatResult<{ conversationList: Conversation[] }>>
  getConversationProfile(
    conversationID: string,
  ): Promise<ChatResult<{ conversation: Conversation }>>
  deleteConversation(conversationID: string): Promise<ChatResult<{ conversationID: string }>>
  setMessageRead(options: { conversationID: string }): Promise<ChatResult<null>>
  pinConversation(options: {
    conversationID: string
    isPinned: boolean
  }): Promise<ChatResult<{ conversationID: string }>>
  setMessageRemindType(options: {
    conversationID: string
    messageRemindType: 'AcceptAndNotify' | 'AcceptNotNotify'
  }): Promise<ChatResult<null>>
  setConversationDraft(options: {
    conversationID: string
    draftText: string
  }): Promise<ChatResult<null>>
  getTotalUnreadMessageCount(): number

  /** Receipts for incoming messages that asked for them (seen on screen). */
  sendMessageReadReceipt(messageList: Message[]): Promise<ChatResult<null>>
  /** The read counts of one's own messages, put on each as readReceiptInfo. */
  getMessageReadReceiptList(messageList: Message[]): Promise<ChatResult<{ messageList: Message[] }>>
  /**
   * Online (1) or offline (2) of one-to-one peers (0: not known); refused (72001) when the
   * server's online status is off (Tencent: a plan without it).
   */
  getUserStatus(options: {
    userIDList: string[]
  }): Promise<ChatResult<{ successUserList: UserStatus[] }>>

  /** A copy of a message to send to another conversation (逐条转发). */
  createForwardMessage(options: MessageOptions<Message>): Message
  /** A merged message (合并转发): a card with the title and abstract, the messages behind its key. */
  createMergerMessage(options: MessageOptions<MergerPayload>): Message
  /** The messages of a merged message (its payload's downloadKey), for the merged viewer. */
  downloadMergerMessage(message: {
    payload: Record<string, unknown>
  }): Promise<ChatResult<{ messageList: MergedMessageItem[] }>>

  /** Add the reader's reaction (an emoji key of features/chat/emoji) under a message. */
  addMessageReaction(message: Message, reactionID: string): Promise<ChatResult<null>>
  removeMessageReaction(message: Message, reactionID: string): Promise<ChatResult<null>>
  /** The reactions under messages (partialUserList: at most `maxUserCountPerReaction` names). */
  getMessageReactions(options: {
    messageList: Message[]
    maxUserCountPerReaction: number
  }): Promise<ChatResult<{ resultList: MessageReactionChange[] }>>
  /** Everyone who reacted with one emoji, `count` (≤ 100) a page from `nextSeq` ('' first). */
  getAllUserListOfMessageReaction(options: {
    message: Message
    reactionID: string
    nextSeq: string
    count: number
  }): Promise<ChatResult<{ userList: ConversationUser[]; nextSeq: string; isCompleted: boolean }>>

  /** Who read (filter 0) or has not read (1) one's own group message, `count` (≤ 100) a page. */
  getGroupMessageReadMemberList(options: {
    message: Message
    filter: 0 | 1
    cursor: string
    count: number
  }): Promise<ChatResult<GroupMessageReadMembers>>
}
