/**
 * The part of a `@tencentcloud/chat` 3.6 instance (`TencentCloudChat.create()`) the adapter calls,
 * typed by structure so that TencentEngine and its test need not load the SDK itself (load.ts does).
 */

/** An SDK message object (the SDK keeps and updates it; sends, revokes and deletes take it back). */
export interface SdkMessage {
  ID: string
  type: string
  payload: Record<string, unknown>
  conversationID: string
  conversationType: string
  to: string
  from: string
  flow: string
  time: number
  status: string
  isRevoked: boolean
  nick: string
  avatar: string
  cloudCustomData: string
  sequence: number
  /** Deprecated by the SDK in favour of revokerInfo, still filled. */
  revoker?: string
  revokerInfo?: { userID: string; nick?: string; avatar?: string }
  /** Upload progress 0..1 of a file message. */
  progress?: number
  needReadReceipt?: boolean
  readReceiptInfo?: { readCount?: number; unreadCount?: number; isPeerRead?: boolean }
  /** Content moderation flagged it after it was sent. */
  hasRiskContent?: boolean
}

/** One message of a downloaded merged message: its elements in messageBody. */
export interface SdkMergedItem {
  ID?: string
  from?: string
  nick?: string
  avatar?: string
  time?: number
  messageBody?: Array<{ type?: string; payload?: Record<string, unknown> }>
}

/** `conversation.lastMessage`: an abstract, not a message object. */
export interface SdkLastMessage {
  lastTime?: number
  lastSequence?: number
  fromAccount?: string
  type?: string
  payload?: Record<string, unknown>
  isRevoked?: boolean
  revoker?: string
  cloudCustomData?: string
  nick?: string
  nameCard?: string
  messageForShow?: string
}

export interface SdkConversation {
  conversationID: string
  type: string
  unreadCount: number
  isPinned: boolean
  messageRemindType: string
  draftText?: string
  userProfile?: { userID?: string; nick?: string; avatar?: string }
  /** C2C with a friend: the reader's remark for them. */
  remark?: string
  groupProfile?: {
    groupID?: string
    name?: string
    avatar?: string
    ownerID?: string
    muteAllMembers?: boolean
    memberCount?: number
    selfInfo?: { role?: string; muteUntil?: number }
  }
  groupAtInfoList?: Array<{ messageSequence?: number; atTypeArray?: number[] }>
  lastMessage?: SdkLastMessage | null
}

/** What SDK promises resolve with; they reject with `{code, message, data?}`. */
export interface SdkResult<T = Record<string, unknown>> {
  code: number
  data: T
}

export interface SdkEvent {
  name: string
  data?: unknown
}

export interface SdkMessageOptions {
  to: string
  conversationType: string
  payload: Record<string, unknown>
  cloudCustomData?: string
  needReadReceipt?: boolean
  onProgress?: (percent: number) => void
}

export interface TencentSdk {
  login(options: { userID: string; userSig: string }): Promise<SdkResult<unknown>>
  logout(): Promise<unknown>
  isReady(): boolean
  on(eventName: string, handler: (event: SdkEvent) => void): void
  off(eventName: string, handler: (event: SdkEvent) => void): void

  createTextMessage(options: SdkMessageOptions): SdkMessage
  createTextAtMessage(options: SdkMessageOptions): SdkMessage
  createFaceMessage(options: SdkMessageOptions): SdkMessage
  createImageMessage(options: SdkMessageOptions): SdkMessage
  createFileMessage(options: SdkMessageOptions): SdkMessage
  createAudioMessage(options: SdkMessageOptions): SdkMessage
  createVideoMessage(options: SdkMessageOptions): SdkMessage
  createLocationMessage(options: SdkMessageOptions): SdkMessage
  createCustomMessage(options: SdkMessageOptions): SdkMessage
  /** payload: the SDK's message to forward. */
  createForwardMessage(options: SdkMessageOptions): SdkMessage
  /** payload: {messageList (SDK messages), title, abstractList, compatibleText}. */
  createMergerMessage(options: SdkMessageOptions): SdkMessage
  /**
   * A merged message (or `{type: TIMRelayElem, payload}` for a nested one) with its messageList
   * filled in; answers the message (its payload.messageList of SdkMergedItem).
   */
  downloadMergerMessage(message: {
    type: string
    payload: Record<string, unknown>
  }): Promise<SdkResult<unknown> | { payload?: Record<string, unknown> }>
  sendMessage(message: SdkMessage): Promise<SdkResult<unknown>>
  resendMessage(message: SdkMessage): Promise<SdkResult<unknown>>
  revokeMessage(message: SdkMessage): Promise<SdkResult<unknown>>
  /** The SDK's object with its payload changed by the caller; answers {message}. */
  modifyMessage(message: SdkMessage): Promise<SdkResult<unknown>>
  deleteMessage(messageList: SdkMessage[]): Promise<SdkResult<unknown>>
  findMessage(messageID: string): SdkMessage | null

  getMessageList(options: {
    conversationID: string
    nextReqMessageID?: string
  }): Promise<SdkResult<unknown>>
  getMessageListHopping(options: {
    conversationID: string
    sequence: number
    direction: number
  }): Promise<SdkResult<unknown>>
  getConversationList(): Promise<SdkResult<unknown>>
  getConversationProfile(conversationID: string): Promise<SdkResult<unknown>>
  deleteConversation(conversationID: string): Promise<SdkResult<unknown>>
  setMessageRead(options: { conversationID: string }): Promise<SdkResult<unknown>>
  pinConversation(options: {
    conversationID: string
    isPinned: boolean
  }): Promise<SdkResult<unknown>>
  setMessageRemindType(options: {
    userIDList?: string[]
    groupID?: string
    messageRemindType: string
  }): Promise<SdkResult<unknown>>
  setConversationDraft(options: {
    conversationID: string
    draftText: string
  }): Promise<SdkResult<unknown>>
  getTotalUnreadMessageCount(): number
  getUserStatus(options: { userIDList: string[] }): Promise<SdkResult<unknown>>
  sendMessageReadReceipt(messageList: SdkMessage[]): Promise<SdkResult<unknown>>
  getMessageReadReceiptList(messageList: SdkMessage[]): Promise<SdkResult<unknown>>
  getGroupMessageReadMemberList(options: {
    message: SdkMessage
    filter: number
    cursor: string
    count: number
  }): Promise<SdkResult<unknown>>
  /** Reactions: answer {} / {resultList} / {userList, nextSeq (a number, 0 first), isCompleted}. */
  addMessageReaction(message: SdkMessage, reactionID: string): Promise<SdkResult<unknown>>
  removeMessageReaction(message: SdkMessage, reactionID: string): Promise<SdkResult<unknown>>
  getMessageReactions(options: {
    messageList: SdkMessage[]
    maxUserCountPerReaction?: number
  }): Promise<SdkResult<unknown>>
  getAllUserListOfMessageReaction(options: {
    message: SdkMessage
    reactionID: string
    nextSeq: number
    count?: number
  }): Promise<SdkResult<unknown>>
}
