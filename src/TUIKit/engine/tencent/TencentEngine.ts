/**
 * The Tencent adapter: `@tencentcloud/chat` behind the ChatEngine seam. Nearly pass-through (the
 * seam has the SDK's method names, arguments, results, events and type values); what it adds is
 * the mapping of the SDK's objects to ours (Message, Conversation), of a PickedFile to the file
 * argument the SDK expects on each platform, and of failures to `{code, message}`. The SDK
 * instance comes from a factory so that tests can hand in a double (load.ts hands in the SDK).
 */
import type { MessageReceipt } from '@/types/api/chat'
import { Emitter } from '../emitter'
import { fail, ok } from '../messages'
import {
  EVENT,
  TYPES,
  type ChatEngine,
  type ChatFailure,
  type Conversation,
  type ConversationType,
  type EventData,
  type EventName,
  type GroupMessageReadMembers,
  type Listener,
  type MergedMessageItem,
  type MergerPayload,
  type Message,
  type MessageOptions,
  type MessageReactionChange,
  type MessageStatus,
  type NetState,
  type PickedFile,
} from '../types'
import type {
  SdkConversation,
  SdkEvent,
  SdkLastMessage,
  SdkMergedItem,
  SdkMessage,
  SdkMessageOptions,
  SdkResult,
  TencentSdk,
} from './sdk'

export type Platform = 'weapp' | 'h5'

type Timed = PickedFile & { duration: number }

function currentPlatform(): Platform {
  try {
    return process.env.TARO_ENV === 'weapp' ? 'weapp' : 'h5'
  } catch {
    return 'h5'
  }
}

/** An SDK rejection (or throw) as the seam's failure. */
export function toFailure(error: unknown): ChatFailure {
  const e = (error ?? {}) as { code?: unknown; message?: unknown }
  const code = typeof e.code === 'number' ? e.code : Number(e.code) || -1
  const message =
    typeof e.message === 'string' ? e.message : typeof error === 'string' ? error : '聊天服务异常'
  return { code, message }
}

/** Runs an SDK call; a throw or a rejection becomes a rejection with `{code, message}`. */
async function attempt<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toFailure(error)
  }
}

const MUTED_REMIND_TYPES = new Set<string>([TYPES.MSG_REMIND_ACPT_NOT_NOTE, 'Discard'])

const ROLES = new Set(['Owner', 'Admin', 'Member'])

/** A group conversation's group and @ notices, in the shapes of the local gateway. */
function groupPart(
  c: SdkConversation,
  groupID: string,
): Pick<Conversation, 'groupProfile' | 'groupAtInfoList'> {
  const g = c.groupProfile ?? {}
  const role = g.selfInfo?.role ?? ''
  return {
    groupProfile: {
      groupID: g.groupID || groupID,
      name: g.name ?? '',
      avatar: g.avatar ?? '',
      ownerID: g.ownerID ?? '',
      muteAllMembers: Boolean(g.muteAllMembers),
      memberCount: Number(g.memberCount) || 0,
      selfInfo: {
        role: ROLES.has(role) ? (role as 'Owner' | 'Admin' | 'Member') : '',
        muteUntil: Number(g.selfInfo?.muteUntil) || 0,
      },
    },
    groupAtInfoList: (c.groupAtInfoList ?? []).map((a) => ({
      messageSequence: Number(a.messageSequence) || 0,
      atTypeArray: a.atTypeArray ?? [],
    })),
  }
}

export class TencentEngine implements ChatEngine {
  readonly kind = 'tencent' as const
  private readonly sdk: TencentSdk
  private readonly events = new Emitter()
  private readonly platform: Platform
  private userID = ''
  /** Our object for each SDK message object, and back: the SDK wants its own objects back. */
  private readonly ours = new WeakMap<SdkMessage, Message>()
  private readonly theirs = new WeakMap<Message, SdkMessage>()

  constructor(createSdk: () => TencentSdk, options: { platform?: Platform } = {}) {
    this.platform = options.platform ?? currentPlatform()
    this.sdk = createSdk()
    this.forwardEvents()
  }

  // ---- events -------------------------------------------------------------------------------

  private forwardEvents(): void {
    const forward = <E extends EventName>(name: E, map: (data: unknown) => unknown) => {
      this.sdk.on(name, (event: SdkEvent) => {
        let data: unknown
        try {
          data = map(event?.data)
        } catch (error) {
          console.warn('chat event not understood', name, error)
          return
        }
        this.events.emit(name, data as EventData[E])
      })
    }
    const messages = (data: unknown) => asArray<SdkMessage>(data).map((m) => this.wrap(m))
    forward(EVENT.SDK_READY, () => undefined)
    forward(EVENT.SDK_NOT_READY, () => undefined)
    forward(EVENT.MESSAGE_RECEIVED, messages)
    forward(EVENT.MESSAGE_REVOKED, messages)
    forward(EVENT.MESSAGE_MODIFIED, messages)
    forward(EVENT.CONVERSATION_LIST_UPDATED, (data) =>
      asArray<SdkConversation>(data).map((c) => this.toConversation(c)),
    )
    forward(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (data) => Number(data) || 0)
    forward(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, (data) => asArray<SdkReceipt>(data).map(toReceipt))
    forward(EVENT.MESSAGE_REACTIONS_UPDATED, (data) => {
      const d = (data ?? {}) as { conversationID?: string; changeInfoList?: unknown }
      return {
        conversationID: d.conversationID ?? '',
        changeInfoList: asArray<SdkReactionChange>(d.changeInfoList).map((c) =>
          toReactionChange(c, this.userID),
        ),
      }
    })
    forward(EVENT.KICKED_OUT, (data) => ({
      type: String((data as { type?: unknown } | undefined)?.type ?? ''),
    }))
    forward(EVENT.NET_STATE_CHANGE, (data) => ({
      state: (data as { state?: unknown } | undefined)?.state as NetState,
    }))
    forward(EVENT.FRIEND_APPLICATION_LIST_UPDATED, (data) => ({
      unreadCount: Number((data as { unreadCount?: unknown } | undefined)?.unreadCount) || 0,
    }))
  }

  on<E extends EventName>(name: E, listener: Listener<E>): void {
    this.events.on(name, listener)
  }

  off<E extends EventName>(name: E, listener: Listener<E>): void {
    this.events.off(name, listener)
  }

  // ---- session ------------------------------------------------------------------------------

  async login(options: { userID: string; userSig: string }) {
    const res = await attempt(() =>
      this.sdk.login({ userID: options.userID, userSig: options.userSig }),
    )
    this.userID = options.userID
    const data = (res?.data ?? {}) as { repeatLogin?: boolean }
    return ok(data.repeatLogin ? { repeatLogin: true } : {})
  }

  async logout() {
    await attempt(() => this.sdk.logout())
    this.userID = ''
    return ok(null)
  }

  isReady(): boolean {
    return this.sdk.isReady()
  }

  // ---- messages -----------------------------------------------------------------------------

  /** Our Message for an SDK message: one object per SDK object, refreshed on every sight. */
  private wrap(sdkMessage: SdkMessage): Message {
    const known = this.ours.get(sdkMessage)
    const fields = messageFields(sdkMessage)
    if (known) return Object.assign(known, fields)
    const message: Message = { ...fields }
    this.ours.set(sdkMessage, message)
    this.theirs.set(message, sdkMessage)
    return message
  }

  /** The SDK's object for one of ours (or, for one we did not hand out, the SDK's by ID). */
  private unwrap(message: Message): SdkMessage {
    const known = this.theirs.get(message)
    if (known) return known
    const found = this.sdk.findMessage(message.ID)
    if (found) {
      this.theirs.set(message, found)
      this.ours.set(found, message)
      return found
    }
    // The SDK answers with its own error for an object it does not know.
    return message as unknown as SdkMessage
  }

  private create(
    make: (options: SdkMessageOptions) => SdkMessage,
    options: MessageOptions<unknown>,
    payload: Record<string, unknown>,
  ): Message {
    let message: Message | null = null
    const sdkOptions: SdkMessageOptions = {
      to: options.to,
      conversationType: options.conversationType,
      payload,
    }
    if (options.cloudCustomData !== undefined) sdkOptions.cloudCustomData = options.cloudCustomData
    if (options.needReadReceipt) sdkOptions.needReadReceipt = true
    if (options.onProgress) {
      const report = options.onProgress
      sdkOptions.onProgress = (percent: number) => {
        if (message) message.progress = percent
        report(percent)
      }
    }
    const created = make.call(this.sdk, sdkOptions) as SdkMessage | undefined
    // The SDK answers nothing (and logs why) for a file it cannot take, e.g. a missing temp file.
    if (!created) throw { code: -1, message: '消息创建失败，请重试' } satisfies ChatFailure
    message = this.wrap(created)
    return message
  }

  createTextMessage(options: MessageOptions<{ text: string }>): Message {
    return this.create(this.sdk.createTextMessage, options, { text: options.payload.text })
  }

  createTextAtMessage(options: MessageOptions<{ text: string; atUserList: string[] }>): Message {
    return this.create(this.sdk.createTextAtMessage, options, { ...options.payload })
  }

  createFaceMessage(options: MessageOptions<{ index: number; data: string }>): Message {
    return this.create(this.sdk.createFaceMessage, options, { ...options.payload })
  }

  createImageMessage(options: MessageOptions<{ file: PickedFile }>): Message {
    return this.create(this.sdk.createImageMessage, options, {
      file: this.imageFile(options.payload.file),
    })
  }

  createFileMessage(options: MessageOptions<{ file: PickedFile }>): Message {
    return this.create(this.sdk.createFileMessage, options, {
      file: this.fileFile(options.payload.file),
    })
  }

  createAudioMessage(options: MessageOptions<{ file: Timed }>): Message {
    return this.create(this.sdk.createAudioMessage, options, {
      file: this.audioFile(options.payload.file),
    })
  }

  createVideoMessage(options: MessageOptions<{ file: Timed }>): Message {
    return this.create(this.sdk.createVideoMessage, options, {
      file: this.videoFile(options.payload.file),
    })
  }

  createLocationMessage(
    options: MessageOptions<{ description: string; longitude: number; latitude: number }>,
  ): Message {
    return this.create(this.sdk.createLocationMessage, options, { ...options.payload })
  }

  createCustomMessage(
    options: MessageOptions<{ data: string; description: string; extension: string }>,
  ): Message {
    return this.create(this.sdk.createCustomMessage, options, { ...options.payload })
  }

  // ---- forwarding (逐条转发, 合并转发) ----------------------------------------------------------

  /** The SDK's forward of its own message object. */
  createForwardMessage(options: MessageOptions<Message>): Message {
    const original = this.unwrap(options.payload) as unknown as Record<string, unknown>
    return this.create(this.sdk.createForwardMessage, options, original)
  }

  createMergerMessage(options: MessageOptions<MergerPayload>): Message {
    const { messageList, title, abstractList, compatibleText } = options.payload
    return this.create(this.sdk.createMergerMessage, options, {
      messageList: messageList.map((m) => this.unwrap(m)),
      title,
      abstractList,
      compatibleText,
    })
  }

  /**
   * The merged messages: the ones the payload already carries (a small merge), else downloaded by
   * the SDK (a nested one passed as `{type, payload}`, as TUIKit does); each item's first element
   * as its type and payload.
   */
  async downloadMergerMessage(message: { payload: Record<string, unknown> }) {
    try {
      let list = asArray<SdkMergedItem>(message.payload.messageList)
      if (list.length === 0 && message.payload.downloadKey) {
        const known = this.theirs.get(message as Message)
        const res = await attempt(() =>
          this.sdk.downloadMergerMessage(
            known ?? { type: TYPES.MSG_MERGER, payload: { ...message.payload } },
          ),
        )
        const r = (res ?? {}) as { data?: { payload?: Record<string, unknown> } }
        const payload = r.data?.payload ?? (res as { payload?: Record<string, unknown> }).payload
        list = asArray<SdkMergedItem>(payload?.messageList ?? known?.payload.messageList)
      }
      return ok({ messageList: list.map(mergedItem) })
    } catch (error) {
      return fail(toFailure(error))
    }
  }

  // The file argument each create*Message of the SDK reads. weapp: the result shapes of
  // wx.chooseMedia/chooseImage (tempFiles[0].path), wx.chooseMessageFile (tempFiles[0] with name),
  // wx.chooseMedia/chooseVideo (tempFilePath, duration in s) and the recorder's onStop
  // (tempFilePath, duration in ms, fileSize). H5: the File itself.

  private imageFile(file: PickedFile): unknown {
    if (this.platform !== 'weapp') return file.file ?? file
    return {
      tempFilePaths: [file.path],
      tempFiles: [{ path: file.path, tempFilePath: file.path, size: file.size }],
    }
  }

  private fileFile(file: PickedFile): unknown {
    if (this.platform !== 'weapp') return file.file ?? file
    return {
      tempFilePaths: [file.path],
      tempFiles: [{ path: file.path, name: file.name, size: file.size, type: 'file' }],
    }
  }

  private videoFile(file: Timed): unknown {
    if (this.platform !== 'weapp') return file.file ?? file
    return {
      tempFilePath: file.path,
      size: file.size,
      duration: file.duration,
    }
  }

  private audioFile(file: Timed): unknown {
    const recorded = {
      tempFilePath: file.path,
      duration: Math.round(file.duration * 1000),
      fileSize: file.size,
    }
    if (this.platform !== 'weapp') return { ...recorded, size: file.size, file: file.file }
    return recorded
  }

  /** Send, resend, revoke: the caller's object follows the SDK's, as the SDK's own would. */
  private async settle(
    message: Message,
    run: (sdkMessage: SdkMessage) => Promise<SdkResult<unknown>>,
    failure: 'send' | 'plain',
  ) {
    const sdkMessage = this.unwrap(message)
    try {
      const res = await run(sdkMessage)
      const answered = (res?.data as { message?: SdkMessage } | undefined)?.message
      Object.assign(message, messageFields(answered ?? sdkMessage))
      delete message.errorCode
      if (answered && answered !== sdkMessage) {
        this.ours.set(answered, message)
        this.theirs.set(message, answered)
      }
      return ok({ message })
    } catch (error) {
      const f = toFailure(error)
      if (failure === 'plain') return fail(f)
      Object.assign(message, messageFields(sdkMessage))
      message.status = 'fail'
      message.errorCode = f.code
      return fail({ ...f, data: { message } })
    }
  }

  sendMessage(message: Message) {
    return this.settle(
      message,
      (m) => {
        // Asked for after creation (the room's receipt settings): the SDK reads it on its object.
        if (message.needReadReceipt) m.needReadReceipt = true
        return this.sdk.sendMessage(m)
      },
      'send',
    )
  }

  resendMessage(message: Message) {
    return this.settle(message, (m) => this.sdk.resendMessage(m), 'send')
  }

  revokeMessage(message: Message) {
    return this.settle(message, (m) => this.sdk.revokeMessage(m), 'plain')
  }

  /** The SDK modifies its own object: our changed payload (and cloudCustomData) go onto it first. */
  modifyMessage(message: Message) {
    const sdkMessage = this.unwrap(message)
    if (sdkMessage !== (message as unknown as SdkMessage)) {
      sdkMessage.payload = { ...message.payload }
      sdkMessage.cloudCustomData = message.cloudCustomData
    }
    return this.settle(message, (m) => this.sdk.modifyMessage(m), 'plain')
  }

  async deleteMessage(messageList: Message[]) {
    await attempt(() => this.sdk.deleteMessage(messageList.map((m) => this.unwrap(m))))
    return ok({ messageList })
  }

  async getMessageList(options: { conversationID: string; nextReqMessageID?: string }) {
    const request: { conversationID: string; nextReqMessageID?: string } = {
      conversationID: options.conversationID,
    }
    if (options.nextReqMessageID !== undefined) request.nextReqMessageID = options.nextReqMessageID
    const res = await attempt(() => this.sdk.getMessageList(request))
    const data = (res?.data ?? {}) as {
      messageList?: SdkMessage[]
      nextReqMessageID?: string
      isCompleted?: boolean
    }
    return ok({
      messageList: asArray<SdkMessage>(data.messageList).map((m) => this.wrap(m)),
      nextReqMessageID: data.nextReqMessageID ?? '',
      isCompleted: Boolean(data.isCompleted),
    })
  }

  async getMessageListHopping(options: { conversationID: string; sequence: number; direction: 1 }) {
    const res = await attempt(() => this.sdk.getMessageListHopping({ ...options }))
    const data = (res?.data ?? {}) as { messageList?: SdkMessage[]; isCompleted?: boolean }
    const messageList = asArray<SdkMessage>(data.messageList).map((m) => this.wrap(m))
    return ok({ messageList, isCompleted: data.isCompleted ?? messageList.length === 0 })
  }

  // ---- conversations ------------------------------------------------------------------------

  private toConversation(c: SdkConversation): Conversation {
    const type: ConversationType = c.type === TYPES.CONV_GROUP ? 'GROUP' : 'C2C'
    const peer = c.conversationID.startsWith(type) ? c.conversationID.slice(type.length) : ''
    const profile = c.userProfile ?? {}
    const lastMessage = c.lastMessage ? this.toLastMessage(c, type, peer, c.lastMessage) : null
    const lastSequence = c.lastMessage?.lastSequence ?? 0
    const unreadCount = Number(c.unreadCount) || 0
    return {
      conversationID: c.conversationID,
      type,
      unreadCount,
      isPinned: Boolean(c.isPinned),
      isMuted: MUTED_REMIND_TYPES.has(c.messageRemindType),
      draftText: c.draftText ?? '',
      userProfile: {
        userID: profile.userID || (type === 'C2C' ? peer : ''),
        nick: profile.nick ?? '',
        avatar: profile.avatar ?? '',
      },
      ...(type === 'C2C' && c.remark ? { remark: c.remark } : {}),
      ...(type === 'GROUP' ? groupPart(c, peer) : {}),
      lastMessage,
      lastSequence,
      // The SDK reports unread counts, not a read position: the nearest equivalent.
      readSequence: Math.max(0, lastSequence - unreadCount),
      time: c.lastMessage?.lastTime ?? 0,
    }
  }

  /** The conversation's last-message abstract as a Message (it has no ID of its own). */
  private toLastMessage(
    c: SdkConversation,
    type: ConversationType,
    peer: string,
    last: SdkLastMessage,
  ): Message {
    const from = last.fromAccount ?? ''
    const me = this.userID
    const to = type === 'C2C' ? (from === me ? peer : me) : peer
    return {
      ID: '',
      conversationID: c.conversationID,
      conversationType: type,
      sequence: last.lastSequence ?? 0,
      type: (last.type ?? TYPES.MSG_TEXT) as Message['type'],
      payload: last.payload ?? {},
      from,
      to,
      nick: last.nameCard || last.nick || '',
      avatar: '',
      time: last.lastTime ?? 0,
      isRevoked: Boolean(last.isRevoked),
      revoker: last.revoker ?? '',
      cloudCustomData: last.cloudCustomData ?? '',
      flow: me && from === me ? 'out' : 'in',
      status: 'success',
      progress: 1,
    }
  }

  async getConversationList() {
    const res = await attempt(() => this.sdk.getConversationList())
    const data = (res?.data ?? {}) as { conversationList?: SdkConversation[] }
    return ok({
      conversationList: asArray<SdkConversation>(data.conversationList).map((c) =>
        this.toConversation(c),
      ),
    })
  }

  async getConversationProfile(conversationID: string) {
    const res = await attempt(() => this.sdk.getConversationProfile(conversationID))
    const data = (res?.data ?? {}) as { conversation?: SdkConversation }
    if (!data.conversation) throw { code: -1, message: '会话不存在' } satisfies ChatFailure
    return ok({ conversation: this.toConversation(data.conversation) })
  }

  async deleteConversation(conversationID: string) {
    await attempt(() => this.sdk.deleteConversation(conversationID))
    return ok({ conversationID })
  }

  async setMessageRead(options: { conversationID: string }) {
    await attempt(() => this.sdk.setMessageRead({ conversationID: options.conversationID }))
    return ok(null)
  }

  async pinConversation(options: { conversationID: string; isPinned: boolean }) {
    await attempt(() =>
      this.sdk.pinConversation({
        conversationID: options.conversationID,
        isPinned: options.isPinned,
      }),
    )
    return ok({ conversationID: options.conversationID })
  }

  /** The SDK sets it per peer (userIDList) or per group (groupID), not per conversation ID. */
  async setMessageRemindType(options: {
    conversationID: string
    messageRemindType: 'AcceptAndNotify' | 'AcceptNotNotify'
  }) {
    const { conversationID, messageRemindType } = options
    const target = conversationID.startsWith(TYPES.CONV_GROUP)
      ? { groupID: conversationID.slice(TYPES.CONV_GROUP.length) }
      : { userIDList: [conversationID.slice(TYPES.CONV_C2C.length)] }
    await attempt(() => this.sdk.setMessageRemindType({ ...target, messageRemindType }))
    return ok(null)
  }

  async setConversationDraft(options: { conversationID: string; draftText: string }) {
    await attempt(() =>
      this.sdk.setConversationDraft({
        conversationID: options.conversationID,
        draftText: options.draftText,
      }),
    )
    return ok(null)
  }

  getTotalUnreadMessageCount(): number {
    return this.sdk.getTotalUnreadMessageCount()
  }

  // ---- read receipts ------------------------------------------------------------------------

  async sendMessageReadReceipt(messageList: Message[]) {
    await attempt(() => this.sdk.sendMessageReadReceipt(messageList.map((m) => this.unwrap(m))))
    return ok(null)
  }

  /** The SDK fills readReceiptInfo on its own objects; ours follow them. */
  async getMessageReadReceiptList(messageList: Message[]) {
    const res = await attempt(() =>
      this.sdk.getMessageReadReceiptList(messageList.map((m) => this.unwrap(m))),
    )
    const data = (res?.data ?? {}) as { messageList?: SdkMessage[] }
    const answered = asArray<SdkMessage>(data.messageList)
    const byId = new Map(answered.map((m) => [m.ID, m]))
    for (const m of messageList) {
      const fresh = byId.get(m.ID) ?? this.unwrap(m)
      const fields = messageFields(fresh)
      if (fields.readReceiptInfo) m.readReceiptInfo = fields.readReceiptInfo
    }
    return ok({ messageList })
  }

  async getUserStatus(options: { userIDList: string[] }) {
    const res = await attempt(() => this.sdk.getUserStatus({ userIDList: options.userIDList }))
    const d = (res?.data ?? {}) as {
      successUserList?: Array<{ userID: string; statusType: number }>
    }
    const successUserList = asArray<{ userID: string; statusType: number }>(d.successUserList).map(
      (u) => ({ userID: u.userID, statusType: userStatusType(u.statusType) }),
    )
    return ok({ successUserList })
  }

  async getGroupMessageReadMemberList(options: {
    message: Message
    filter: 0 | 1
    cursor: string
    count: number
  }) {
    const res = await attempt(() =>
      this.sdk.getGroupMessageReadMemberList({
        message: this.unwrap(options.message),
        filter: options.filter,
        cursor: options.cursor,
        count: options.count,
      }),
    )
    const d = (res?.data ?? {}) as Partial<GroupMessageReadMembers>
    return ok({
      messageID: d.messageID ?? options.message.ID,
      readUserIDList: asArray<string>(d.readUserIDList),
      unreadUserIDList: asArray<string>(d.unreadUserIDList),
      cursor: d.cursor ?? '',
      isCompleted: Boolean(d.isCompleted),
    })
  }

  // ---- reactions (the SDK's own calls) ------------------------------------------------------

  async addMessageReaction(message: Message, reactionID: string) {
    await attempt(() => this.sdk.addMessageReaction(this.unwrap(message), reactionID))
    return ok(null)
  }

  async removeMessageReaction(message: Message, reactionID: string) {
    await attempt(() => this.sdk.removeMessageReaction(this.unwrap(message), reactionID))
    return ok(null)
  }

  async getMessageReactions(options: { messageList: Message[]; maxUserCountPerReaction: number }) {
    const sent = options.messageList.filter((m) => m.status === 'success')
    if (sent.length === 0) return ok({ resultList: [] })
    const res = await attempt(() =>
      this.sdk.getMessageReactions({
        messageList: sent.map((m) => this.unwrap(m)),
        maxUserCountPerReaction: options.maxUserCountPerReaction,
      }),
    )
    const d = (res?.data ?? {}) as { resultList?: unknown }
    const resultList = asArray<SdkReactionChange>(d.resultList).map((c) =>
      toReactionChange(c, this.userID),
    )
    return ok({ resultList })
  }

  /** The SDK pages by a number (0 first); the seam by a string ('' first, '' when complete). */
  async getAllUserListOfMessageReaction(options: {
    message: Message
    reactionID: string
    nextSeq: string
    count: number
  }) {
    const res = await attempt(() =>
      this.sdk.getAllUserListOfMessageReaction({
        message: this.unwrap(options.message),
        reactionID: options.reactionID,
        nextSeq: Number(options.nextSeq) || 0,
        count: options.count,
      }),
    )
    const d = (res?.data ?? {}) as { userList?: unknown; nextSeq?: unknown; isCompleted?: unknown }
    const isCompleted = Boolean(d.isCompleted)
    return ok({
      userList: asArray<SdkUser>(d.userList).map(toUser),
      nextSeq: isCompleted ? '' : String(Number(d.nextSeq) || 0),
      isCompleted,
    })
  }
}

interface SdkUser {
  userID?: string
  nick?: string
  avatar?: string
}

/** One message's reactions as the SDK gives them (answers and MESSAGE_REACTIONS_UPDATED). */
interface SdkReactionChange {
  messageID?: string
  reactionList?: Array<{
    reactionID?: string
    totalUserCount?: number
    partialUserList?: SdkUser[]
    reactedByMyself?: boolean
  }>
}

const toUser = (u: SdkUser) => ({
  userID: u.userID ?? '',
  nick: u.nick ?? '',
  avatar: u.avatar ?? '',
})

/**
 * The SDK's reactions in the seam's shape. Where the SDK leaves reactedByMyself out (some event
 * versions), the reader's name among the reactors says it.
 */
function toReactionChange(c: SdkReactionChange, me: string): MessageReactionChange {
  return {
    messageID: c.messageID ?? '',
    reactionList: (c.reactionList ?? []).map((r) => {
      const partialUserList = asArray<SdkUser>(r.partialUserList).map(toUser)
      return {
        reactionID: r.reactionID ?? '',
        totalUserCount: Number(r.totalUserCount) || 0,
        partialUserList,
        reactedByMyself:
          typeof r.reactedByMyself === 'boolean'
            ? r.reactedByMyself
            : partialUserList.some((u) => u.userID === me),
      }
    }),
  }
}

/** The SDK's USER_STATUS_ONLINE 1, OFFLINE 2; UNLOGINED 3 counts as offline. */
function userStatusType(type: number): 0 | 1 | 2 {
  if (type === 1) return 1
  return type === 2 || type === 3 ? 2 : 0
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : []
}

/** A downloaded merged item as the merged viewer shows it (its first element). */
function mergedItem(item: SdkMergedItem): MergedMessageItem {
  const body = item.messageBody?.[0] ?? {}
  return {
    ID: item.ID ?? '',
    from: item.from ?? '',
    nick: item.nick ?? '',
    avatar: item.avatar ?? '',
    time: Number(item.time) || 0,
    type: (body.type ?? '') as MergedMessageItem['type'],
    payload: body.payload ?? {},
  }
}

/** Our fields of an SDK message object. */
function messageFields(m: SdkMessage): Message {
  const status: MessageStatus = m.status === 'success' || m.status === 'fail' ? m.status : 'unSend'
  return {
    ID: m.ID,
    conversationID: m.conversationID,
    conversationType: m.conversationType === TYPES.CONV_GROUP ? 'GROUP' : 'C2C',
    sequence: Number(m.sequence) || 0,
    type: m.type as Message['type'],
    payload: m.payload ?? {},
    from: m.from,
    to: m.to,
    nick: m.nick ?? '',
    avatar: m.avatar ?? '',
    time: Number(m.time) || 0,
    isRevoked: Boolean(m.isRevoked),
    revoker: m.revokerInfo?.userID || m.revoker || '',
    cloudCustomData: m.cloudCustomData ?? '',
    flow: m.flow === 'out' ? 'out' : 'in',
    status,
    progress: typeof m.progress === 'number' ? m.progress : status === 'success' ? 1 : 0,
    ...(m.needReadReceipt ? { needReadReceipt: true } : {}),
    ...(m.hasRiskContent ? { hasRiskContent: true } : {}),
    ...(m.readReceiptInfo
      ? {
          readReceiptInfo: {
            readCount: Number(m.readReceiptInfo.readCount) || 0,
            unreadCount: Number(m.readReceiptInfo.unreadCount) || 0,
            isPeerRead: Boolean(m.readReceiptInfo.isPeerRead),
          },
        }
      : {}),
  }
}

/** An item of the SDK's MESSAGE_READ_RECEIPT_RECEIVED (group: groupID and counts; C2C: the peer). */
interface SdkReceipt {
  messageID?: string
  conversationID?: string
  groupID?: string
  readCount?: number
  unreadCount?: number
  isPeerRead?: boolean
}

function toReceipt(r: SdkReceipt): MessageReceipt {
  const groupID = r.groupID ?? ''
  const isPeerRead = Boolean(r.isPeerRead)
  return {
    messageID: r.messageID ?? '',
    conversationID: r.conversationID || (groupID ? `${TYPES.CONV_GROUP}${groupID}` : ''),
    groupID,
    readCount: Number(r.readCount) || (groupID === '' && isPeerRead ? 1 : 0),
    unreadCount: Number(r.unreadCount) || (groupID === '' && !isPeerRead ? 1 : 0),
    isPeerRead,
  }
}
