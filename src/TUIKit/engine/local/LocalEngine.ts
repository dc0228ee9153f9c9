/**
 * The local adapter: the SDK's objects over this server's chat gateway (HTTP calls for lists and
 * settings, one WebSocket for sends, pushes and catch-up). A send is acknowledged once stored; an
 * unacknowledged send stays in the outbox and goes again with the same ID after a reconnect (the
 * gateway answers the stored message), and the reconnect asks for everything after the last
 * sequence seen per conversation, so nothing is lost or shown twice.
 */
import * as calls from '@/types/api/calls/chat.gen'
import type { ChatConversation, ChatMessage } from '@/types/api/chat'
import type { ServerFrame, SyncResult } from '@/types/api/chatFrames'
import { CHAT_TEXTS, ChatLimits, GroupAtType, MSG_AT_ALL } from '@rules/chat'
import { ReceiptLimits, type ReadReceiptInfo } from '@rules/chatReceipts'
import { ReactionLimits } from '@rules/chatReactions'
import { Emitter } from '../emitter'
import { fail, newMessageID, ok, toMessage } from '../messages'
import type {
  ChatEngine,
  ChatFailure,
  Conversation,
  EventName,
  GroupMessageReadMembers,
  Listener,
  MergedMessageItem,
  MergerPayload,
  Message,
  MessageOptions,
  MessageReactionChange,
  NetState,
  PickedFile,
  PickedVideo,
} from '../types'
import type { LocalTransport, SocketLike } from './transport'

const ACK_TIMEOUT_MS = 60_000
const RECONNECT_MIN_MS = 500
const RECONNECT_MAX_MS = 8_000
const PING_MS = 25_000
/** A ping unanswered this long means the connection is dead: close it and reconnect. */
const PING_TIMEOUT_MS = 10_000

interface Pending {
  resolve: (data: unknown) => void
  reject: (failure: ChatFailure) => void
  timer: ReturnType<typeof setTimeout>
  /** The frame, kept to send again after a reconnect (sends only). */
  resendText?: string
}

type FileOptions = MessageOptions<{ file: PickedFile & { duration?: number } }>

/** How an incoming group message @-mentions me: 1 by name, 2 as everyone (the row's @ notice). */
function atTypesFor(message: Message, me: string): number[] {
  const list = message.atUserList ?? []
  const types: number[] = []
  if (list.includes(me)) types.push(GroupAtType.atMe)
  if (list.includes(MSG_AT_ALL)) types.push(GroupAtType.atAll)
  return types
}

export class LocalEngine implements ChatEngine {
  readonly kind = 'local' as const
  private readonly events = new Emitter()
  private userID = ''
  private socket: SocketLike | null = null
  private authed = false
  private loggedIn = false
  private netState: NetState = 'disconnected'
  private rid = 0
  private readonly pending = new Map<number, Pending>()
  /** Last sequence delivered per conversation (what a reconnect asks after). */
  private readonly cursors = new Map<string, number>()
  /** Conversations with a gap being filled by a sync. */
  private readonly filling = new Set<string>()
  /** Where each known message sits (nextReqMessageID → sequence). */
  private readonly sequences = new Map<string, number>()
  private readonly conversations = new Map<string, Conversation>()
  /** Files picked for messages not yet sent, by message ID. */
  private readonly files = new Map<string, PickedFile & { duration?: number }>()
  private readonly progress = new Map<string, (percent: number) => void>()
  /** Video snapshots waiting to be uploaded with their video, by message ID. */
  private readonly snapshots = new Map<string, PickedFile>()
  /** A forward's ID → the original's ID (the send's forwardOf), until it is stored. */
  private readonly forwards = new Map<string, string>()
  private reconnectDelay = RECONNECT_MIN_MS
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private readyWaiters: Array<{ resolve: () => void; reject: (f: ChatFailure) => void }> = []

  constructor(private readonly transport: LocalTransport) {
    transport.watchNetwork?.((online) => (online ? this.networkBack() : this.networkLost()))
  }

  private networkLost(): void {
    // The socket may not notice for a long time: drop it now, and say so.
    this.socket?.close()
  }

  private networkBack(): void {
    if (!this.loggedIn || this.socket) return
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    this.reconnectDelay = RECONNECT_MIN_MS
    this.connect()
  }

  // ---- session ------------------------------------------------------------------------------

  async login(options: { userID: string; userSig: string }) {
    if (this.loggedIn && this.userID === options.userID) return ok({ repeatLogin: true })
    if (this.loggedIn) await this.logout()
    this.userID = options.userID
    this.loggedIn = true
    const ready = new Promise<void>((resolve, reject) =>
      this.readyWaiters.push({ resolve, reject }),
    )
    this.connect()
    await ready
    return ok({})
  }

  async logout() {
    this.loggedIn = false
    this.authed = false
    this.clearTimers()
    const socket = this.socket
    this.socket = null
    socket?.close()
    for (const [rid, p] of this.pending) {
      clearTimeout(p.timer)
      p.reject({ code: 2801, message: '已退出登录' })
      this.pending.delete(rid)
    }
    this.cursors.clear()
    this.sequences.clear()
    this.conversations.clear()
    this.setNetState('disconnected')
    this.events.emit('sdkStateNotReady', undefined)
    return ok(null)
  }

  isReady(): boolean {
    return this.authed
  }

  on<E extends EventName>(name: E, listener: Listener<E>): void {
    this.events.on(name, listener)
  }

  off<E extends EventName>(name: E, listener: Listener<E>): void {
    this.events.off(name, listener)
  }

  // ---- the socket ---------------------------------------------------------------------------

  private connect(): void {
    if (!this.loggedIn) return
    this.setNetState('connecting')
    let socket: SocketLike
    try {
      socket = this.transport.openSocket(this.transport.socketUrl())
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.onOpen(() => void this.authenticate(socket))
    socket.onMessage((text) => this.receive(socket, text))
    socket.onClose(() => this.closed(socket))
  }

  private async authenticate(socket: SocketLike): Promise<void> {
    const token = await this.transport.token().catch(() => '')
    if (socket !== this.socket) return
    if (!token) {
      this.failReady({ code: 401, message: '请先登录' })
      socket.close()
      return
    }
    try {
      await this.request(socket, { op: 'auth', token, platform: platformName() })
    } catch (failure) {
      this.failReady(failure as ChatFailure)
      if (this.socket === socket) socket.close()
      return
    }
    this.authed = true
    this.reconnectDelay = RECONNECT_MIN_MS
    this.setNetState('connected')
    this.startPing(socket)
    await this.catchUp(socket)
    // Sends that were waiting for an acknowledgement go again with their IDs.
    for (const p of this.pending.values()) if (p.resendText) this.write(socket, p.resendText)
    const waiters = this.readyWaiters
    this.readyWaiters = []
    waiters.forEach((w) => w.resolve())
    this.events.emit('sdkStateReady', undefined)
  }

  private failReady(failure: ChatFailure): void {
    const waiters = this.readyWaiters
    this.readyWaiters = []
    waiters.forEach((w) => w.reject(failure))
    if (failure.code === 401) this.loggedIn = false
  }

  private async catchUp(socket: SocketLike): Promise<void> {
    if (this.cursors.size === 0) return
    await this.syncFrom(socket, Object.fromEntries(this.cursors)).catch(() => undefined)
  }

  /**
   * Everything after the given cursors, in order; a conversation that had more than one answer's
   * worth (`reload`) is asked again from where the answer ended.
   */
  private async syncFrom(socket: SocketLike, cursors: Record<string, number>): Promise<void> {
    let asking = cursors
    for (let round = 0; round < 50 && Object.keys(asking).length > 0; round++) {
      const result = (await this.request(socket, { op: 'sync', cursors: asking })) as SyncResult
      const again: Record<string, number> = {}
      for (const c of result.conversations) {
        this.deliver(c.messageList)
        if (c.reload) again[c.conversationID] = this.cursors.get(c.conversationID) ?? 0
      }
      asking = again
    }
  }

  /** A push skipped a sequence (pushes may overtake each other): ask for what lies between. */
  private fillGap(conversationID: string): void {
    const socket = this.socket
    if (!socket || !this.authed || this.filling.has(conversationID)) return
    this.filling.add(conversationID)
    void this.syncFrom(socket, { [conversationID]: this.cursors.get(conversationID) ?? 0 })
      .catch(() => undefined)
      .finally(() => this.filling.delete(conversationID))
  }

  private closed(socket: SocketLike): void {
    if (socket !== this.socket) return
    this.socket = null
    this.authed = false
    this.clearTimers()
    // Requests other than sends fail at once; sends wait for the next connection.
    for (const [rid, p] of this.pending) {
      if (p.resendText) continue
      clearTimeout(p.timer)
      this.pending.delete(rid)
      p.reject({ code: 2800, message: '网络异常，请重试' })
    }
    if (!this.loggedIn) return
    this.setNetState('disconnected')
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || !this.loggedIn) return
    const delay = this.reconnectDelay
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS)
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      this.connect()
    }, delay)
  }

  private startPing(socket: SocketLike): void {
    this.pingTimer = setInterval(() => {
      this.request(socket, { op: 'ping' }, { timeoutMs: PING_TIMEOUT_MS }).catch(() => {
        if (this.socket === socket) socket.close()
      })
    }, PING_MS)
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.reconnectTimer = null
    this.pingTimer = null
  }

  private setNetState(state: NetState): void {
    if (state === this.netState) return
    this.netState = state
    this.events.emit('netStateChange', { state })
  }

  private write(socket: SocketLike, text: string): void {
    try {
      socket.send(text)
    } catch {
      // A closing socket: the send waits for the next connection.
    }
  }

  private request(
    socket: SocketLike,
    frame: Record<string, unknown>,
    opts: { resend?: boolean; timeoutMs?: number } = {},
  ): Promise<unknown> {
    this.rid = (this.rid % 2_000_000_000) + 1
    const rid = this.rid
    const text = JSON.stringify({ ...frame, rid })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(rid)
        reject({ code: 2801, message: '网络异常，请重试' })
      }, opts.timeoutMs ?? ACK_TIMEOUT_MS)
      this.pending.set(rid, { resolve, reject, timer, resendText: opts.resend ? text : undefined })
      if (this.socket === socket && (this.authed || frame.op === 'auth')) this.write(socket, text)
    })
  }

  private receive(socket: SocketLike, text: string): void {
    if (socket !== this.socket) return
    let frame: ServerFrame
    try {
      frame = JSON.parse(text) as ServerFrame
    } catch {
      return
    }
    switch (frame.op) {
      case 'ack':
      case 'error': {
        const p = this.pending.get(frame.rid)
        if (!p) return
        this.pending.delete(frame.rid)
        clearTimeout(p.timer)
        if (frame.op === 'ack') p.resolve(frame.data)
        else p.reject({ code: frame.code, message: frame.message })
        return
      }
      case 'message':
        this.deliver([frame.message])
        return
      case 'revoked': {
        const message = this.toLocal(frame.message)
        this.touchConversation(message, false)
        this.events.emit('onMessageRevoked', [message])
        return
      }
      case 'modified': {
        // A settled gift card: the stored message as it is now, in place (no new sequence).
        const message = this.toLocal(frame.message)
        if (this.replaceLast(message)) this.emitConversations()
        this.events.emit('onMessageModified', [message])
        return
      }
      case 'friendApplication':
        this.events.emit('onFriendApplicationListUpdated', {})
        return
      case 'conversation':
        if (frame.removed) this.conversations.delete(frame.conversation.conversationID)
        else this.remember(frame.conversation)
        this.emitConversations()
        return
      case 'receipt':
        this.events.emit('onMessageReadReceiptReceived', frame.receiptList)
        return
      case 'reactions':
        this.events.emit('onMessageReactionsUpdated', {
          conversationID: frame.conversationID,
          changeInfoList: frame.changeInfoList,
        })
        return
      case 'kicked':
        this.loggedIn = false
        this.authed = false
        this.socket = null
        this.clearTimers()
        socket.close()
        // The account notice explains it: no network banner on top.
        this.events.emit('kickedOut', { type: 'multipleDevice' })
        return
    }
  }

  /** New messages from pushes or catch-up: each once, in sequence order per conversation. */
  private deliver(list: ChatMessage[]): void {
    const fresh: Message[] = []
    for (const wire of list) {
      const message = this.toLocal(wire)
      const seen = this.cursors.get(message.conversationID)
      if (seen !== undefined && message.sequence <= seen) continue
      if (seen !== undefined && message.sequence > seen + 1) {
        // Held back: the sync brings it with the ones before it, in order.
        this.fillGap(message.conversationID)
        continue
      }
      this.cursors.set(message.conversationID, message.sequence)
      fresh.push(message)
      this.touchConversation(message, message.flow === 'in')
    }
    if (fresh.length === 0) return
    this.events.emit('onMessageReceived', fresh)
    this.emitConversations()
  }

  private toLocal(wire: ChatMessage): Message {
    const message = toMessage(wire, this.userID)
    this.sequences.set(message.ID, message.sequence)
    return message
  }

  private touchConversation(message: Message, unread: boolean): void {
    const known = this.conversations.get(message.conversationID)
    if (!known) {
      // A conversation this client has not listed yet: fetch it, then tell the list.
      void this.getConversationProfile(message.conversationID).then(
        () => this.emitConversations(),
        () => undefined,
      )
      return
    }
    const isLast = !known.lastMessage || known.lastMessage.sequence <= message.sequence
    const at = unread ? atTypesFor(message, this.userID) : []
    this.conversations.set(message.conversationID, {
      ...known,
      ...(at.length > 0
        ? {
            groupAtInfoList: [
              ...(known.groupAtInfoList ?? []),
              { messageSequence: message.sequence, atTypeArray: at },
            ],
          }
        : {}),
      lastMessage: isLast ? message : known.lastMessage,
      lastSequence: Math.max(known.lastSequence, message.sequence),
      unreadCount: known.unreadCount + (unread ? 1 : 0),
      time: isLast ? message.time : known.time,
    })
  }

  /** A changed message that is its conversation's last one replaces it there too. */
  private replaceLast(message: Message): boolean {
    const known = this.conversations.get(message.conversationID)
    if (!known?.lastMessage || known.lastMessage.ID !== message.ID) return false
    this.conversations.set(message.conversationID, { ...known, lastMessage: message })
    return true
  }

  private emitConversations(): void {
    this.events.emit('onConversationListUpdated', this.sortedConversations())
    this.events.emit('onTotalUnreadMessageCountUpdated', this.getTotalUnreadMessageCount())
  }

  /** The list as the server keeps it: a conversation opened but still without messages is not in it. */
  private sortedConversations(): Conversation[] {
    return [...this.conversations.values()]
      .filter((c) => c.lastMessage !== null)
      .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || b.time - a.time)
  }

  // ---- messages -----------------------------------------------------------------------------

  private create(
    type: Message['type'],
    options: MessageOptions<unknown>,
    payload: Record<string, unknown>,
  ): Message {
    const ID = newMessageID(this.userID)
    const conversationID = `${options.conversationType}${options.to}`
    if (options.onProgress) this.progress.set(ID, options.onProgress)
    return {
      ID,
      conversationID,
      conversationType: options.conversationType,
      sequence: 0,
      type,
      payload,
      from: this.userID,
      to: options.to,
      nick: '',
      avatar: '',
      time: Math.floor(Date.now() / 1000),
      isRevoked: false,
      revoker: '',
      cloudCustomData: options.cloudCustomData ?? '',
      needReadReceipt: options.needReadReceipt === true,
      flow: 'out',
      status: 'unSend',
      progress: 0,
    }
  }

  createTextMessage(options: MessageOptions<{ text: string }>): Message {
    return this.create('TIMTextElem', options, { text: options.payload.text })
  }

  createTextAtMessage(options: MessageOptions<{ text: string; atUserList: string[] }>): Message {
    const { text, atUserList } = options.payload
    return { ...this.create('TIMTextElem', options, { text, atUserList }), atUserList }
  }

  createFaceMessage(options: MessageOptions<{ index: number; data: string }>): Message {
    return this.create('TIMFaceElem', options, { ...options.payload })
  }

  private createFileBased(
    type: Message['type'],
    options: FileOptions,
    payload: Record<string, unknown>,
  ): Message {
    const message = this.create(type, options, payload)
    this.files.set(message.ID, options.payload.file)
    return message
  }

  createImageMessage(options: MessageOptions<{ file: PickedFile }>): Message {
    const { file } = options.payload
    return this.createFileBased('TIMImageElem', options, {
      imageFormat: extensionOf(file.name),
      imageInfoArray: [{ type: 0, url: file.path, width: 0, height: 0, size: file.size }],
    })
  }

  createFileMessage(options: MessageOptions<{ file: PickedFile }>): Message {
    const { file } = options.payload
    return this.createFileBased('TIMFileElem', options, {
      fileName: file.name,
      fileSize: file.size,
      fileUrl: file.path,
    })
  }

  createAudioMessage(
    options: MessageOptions<{ file: PickedFile & { duration: number } }>,
  ): Message {
    const { file } = options.payload
    return this.createFileBased('TIMSoundElem', options, {
      url: file.path,
      second: Math.max(1, Math.round(file.duration)),
      size: file.size,
    })
  }

  createVideoMessage(options: MessageOptions<{ file: PickedVideo }>): Message {
    const { file } = options.payload
    const message = this.createFileBased('TIMVideoFileElem', options, {
      videoUrl: file.path,
      videoSecond: Math.round(file.duration),
      videoSize: file.size,
      snapshotUrl: file.snapshot?.path ?? '',
      snapshotWidth: file.snapshot?.width ?? 0,
      snapshotHeight: file.snapshot?.height ?? 0,
    })
    if (file.snapshot) this.snapshots.set(message.ID, file.snapshot)
    return message
  }

  createLocationMessage(
    options: MessageOptions<{ description: string; longitude: number; latitude: number }>,
  ): Message {
    return this.create('TIMLocationElem', options, { ...options.payload })
  }

  createCustomMessage(
    options: MessageOptions<{ data: string; description: string; extension: string }>,
  ): Message {
    return this.create('TIMCustomElem', options, { ...options.payload })
  }

  // ---- forwarding (逐条转发, 合并转发) ----------------------------------------------------------

  /**
   * A copy of `options.payload` (a message) to send elsewhere: its type and payload shown at once,
   * while the send carries the original's ID (forwardOf) and the gateway sends what it stored.
   */
  createForwardMessage(options: MessageOptions<Message>): Message {
    const original = options.payload
    // A deep copy (payloads are JSON; structuredClone is missing on some mini-program bases).
    const copied = JSON.parse(JSON.stringify(original.payload)) as Record<string, unknown>
    const { atUserList: _mentions, ...payload } = copied
    const message = this.create(original.type, { ...options, payload }, payload)
    this.forwards.set(message.ID, original.ID)
    return message
  }

  /** A merged message: the card now; the gateway snapshots the messages under a downloadKey. */
  createMergerMessage(options: MessageOptions<MergerPayload>): Message {
    const { messageList, title, abstractList, compatibleText } = options.payload
    // Within the gateway's limits (chat-spec: up to 7 lines), cut rather than refused.
    const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text)
    return this.create('TIMRelayElem', options, {
      title: cut(title, ChatLimits.mergeTitleMaxChars),
      abstractList: abstractList
        .slice(0, ChatLimits.mergeAbstractMaxLines)
        .map((line) => cut(line, ChatLimits.mergeAbstractLineMaxChars)),
      compatibleText: cut(compatibleText, ChatLimits.mergeTitleMaxChars),
      messageIDList: messageList.map((m) => m.ID),
    })
  }

  async downloadMergerMessage(message: { payload: Record<string, unknown> }) {
    const downloadKey = message.payload.downloadKey
    if (typeof downloadKey !== 'string' || downloadKey === '') {
      return fail({ code: 404, message: CHAT_TEXTS.messageNotFound })
    }
    try {
      const res = await this.transport.call(calls.downloadMergerMessage.rest, { downloadKey })
      return ok({ messageList: res.messageList as MergedMessageItem[] })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async sendMessage(message: Message) {
    message.status = 'unSend'
    try {
      if (message.type === 'TIMTextElem' && !String(message.payload.text ?? '').trim()) {
        throw { code: 2802, message: '消息内容为空' }
      }
      if (
        message.type === 'TIMTextElem' &&
        String(message.payload.text).length > ChatLimits.textMaxChars
      ) {
        throw { code: 8001, message: '消息长度超出限制,消息长度不要超过12K' }
      }
      await this.uploadFileOf(message)
      const socket = this.socket
      if (!socket || !this.authed) throw { code: 2800, message: '网络异常，请重试' }
      const stored = (await this.request(
        socket,
        {
          op: 'send',
          message: {
            ID: message.ID,
            conversationID: message.conversationID,
            type: message.type,
            payload: message.payload,
            ...(message.cloudCustomData ? { cloudCustomData: message.cloudCustomData } : {}),
            ...(message.needReadReceipt ? { needReadReceipt: true } : {}),
            ...(this.forwards.has(message.ID) ? { forwardOf: this.forwards.get(message.ID) } : {}),
          },
        },
        { resend: true },
      )) as ChatMessage
      const sent = this.toLocal(stored)
      Object.assign(message, sent, { status: 'success', progress: 1, errorCode: undefined })
      this.files.delete(message.ID)
      this.progress.delete(message.ID)
      this.forwards.delete(message.ID)
      const seen = this.cursors.get(sent.conversationID) ?? 0
      // Our own sends advance the cursor only when nothing before them is missing.
      if (sent.sequence === seen + 1) this.cursors.set(sent.conversationID, sent.sequence)
      this.touchConversation(message, false)
      this.emitConversations()
      return ok({ message })
    } catch (error) {
      const failure = error as ChatFailure
      message.status = 'fail'
      message.errorCode = failure.code
      return fail({ code: failure.code, message: failure.message, data: { message } })
    }
  }

  resendMessage(message: Message) {
    return this.sendMessage(message)
  }

  /** Uploads the picked file of an image, audio, video or file message and puts its URL in. */
  private async uploadFileOf(message: Message): Promise<void> {
    const file = this.files.get(message.ID)
    if (!file) return
    if (file.size > ChatLimits.fileMaxBytes) {
      throw { code: 7005, message: '文件大小超出了限制,如果上传文件,最大限制是100MB' }
    }
    const report = this.progress.get(message.ID)
    const res = await this.transport
      .upload(file, (percent) => {
        message.progress = percent
        report?.(percent)
      })
      .catch((e: { code?: number; message?: string }) => {
        throw { code: e.code ?? 2800, message: e.message ?? '网络异常，请重试' }
      })
    const p = message.payload
    switch (message.type) {
      case 'TIMImageElem': {
        const info = (p.imageInfoArray as Array<Record<string, unknown>>)[0]
        message.payload = { ...p, imageInfoArray: [{ ...info, url: res.url, size: res.size }] }
        break
      }
      case 'TIMFileElem':
        message.payload = { ...p, fileUrl: res.url, fileSize: res.size }
        break
      case 'TIMSoundElem':
        message.payload = { ...p, url: res.url, size: res.size }
        break
      case 'TIMVideoFileElem': {
        const snapshot = this.snapshots.get(message.ID)
        const picture = snapshot
          ? await this.transport.upload(snapshot, () => undefined).catch(() => null)
          : null
        this.snapshots.delete(message.ID)
        message.payload = {
          ...p,
          videoUrl: res.url,
          videoSize: res.size,
          // A snapshot that could not be stored is left out; the card shows its play icon alone.
          snapshotUrl: picture?.url ?? '',
          ...(picture ? {} : { snapshotWidth: 0, snapshotHeight: 0 }),
        }
        break
      }
    }
    this.files.delete(message.ID)
  }

  async revokeMessage(message: Message) {
    try {
      const wire = await this.transport.call(calls.revokeMessage.rest, { messageID: message.ID })
      const revoked = this.toLocal(wire)
      Object.assign(message, { isRevoked: true, revoker: revoked.revoker })
      this.touchConversation(revoked, false)
      this.emitConversations()
      return ok({ message })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  /** The gateway changes messages itself (a gift settled) and pushes them: nothing to send. */
  modifyMessage(message: Message) {
    return Promise.resolve(ok({ message }))
  }

  async deleteMessage(messageList: Message[]) {
    try {
      await this.transport.call(calls.deleteMessage.rest, {
        messageIDList: messageList.filter((m) => m.status === 'success').map((m) => m.ID),
      })
      return ok({ messageList })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async getMessageList(options: { conversationID: string; nextReqMessageID?: string }) {
    try {
      const before = options.nextReqMessageID
        ? this.sequences.get(options.nextReqMessageID)
        : undefined
      const res = await this.transport.call(calls.getMessageList.rest, {
        conversationID: options.conversationID,
        ...(before ? { beforeSequence: before } : {}),
        count: ChatLimits.messagePageSize,
      })
      const messageList = res.messageList.map((m) => this.toLocal(m))
      const newest = messageList[messageList.length - 1]
      if (!before && newest) {
        const seen = this.cursors.get(options.conversationID) ?? 0
        if (newest.sequence > seen) this.cursors.set(options.conversationID, newest.sequence)
      } else if (!before && !this.cursors.has(options.conversationID)) {
        this.cursors.set(options.conversationID, 0)
      }
      return ok({
        messageList,
        nextReqMessageID: res.isCompleted ? '' : (messageList[0]?.ID ?? ''),
        isCompleted: res.isCompleted,
      })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async getMessageListHopping(options: { conversationID: string; sequence: number; direction: 1 }) {
    try {
      const res = await this.transport.call(calls.getMessagesAfter.rest, {
        conversationID: options.conversationID,
        afterSequence: options.sequence,
      })
      const page = res.messageList.slice(0, ChatLimits.messagePageSize)
      return ok({
        messageList: page.map((m) => this.toLocal(m)),
        isCompleted: res.isCompleted && page.length === res.messageList.length,
      })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  // ---- conversations ------------------------------------------------------------------------

  async getConversationList() {
    try {
      const res = await this.transport.call(calls.getConversationList.rest, {})
      this.conversations.clear()
      for (const c of res.conversationList) this.remember(c)
      this.events.emit('onTotalUnreadMessageCountUpdated', this.getTotalUnreadMessageCount())
      return ok({ conversationList: this.sortedConversations() })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  private remember(c: ChatConversation): Conversation {
    const conversation = { ...c, lastMessage: c.lastMessage ? this.toLocal(c.lastMessage) : null }
    this.conversations.set(c.conversationID, conversation)
    if (!this.cursors.has(c.conversationID)) this.cursors.set(c.conversationID, c.lastSequence)
    return conversation
  }

  async getConversationProfile(conversationID: string) {
    try {
      const res = await this.transport.call(calls.getConversationProfile.rest, { conversationID })
      return ok({ conversation: this.remember(res) })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  private async change<T>(
    conversationID: string,
    run: () => Promise<unknown>,
    patch: Partial<Conversation>,
    data: T,
  ) {
    try {
      await run()
      const known = this.conversations.get(conversationID)
      if (known) this.conversations.set(conversationID, { ...known, ...patch })
      this.emitConversations()
      return ok(data)
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async deleteConversation(conversationID: string) {
    const res = await this.change(
      conversationID,
      () => this.transport.call(calls.deleteConversation.rest, { conversationID }),
      {},
      { conversationID },
    )
    this.conversations.delete(conversationID)
    this.emitConversations()
    return res
  }

  setMessageRead(options: { conversationID: string }) {
    const known = this.conversations.get(options.conversationID)
    return this.change(
      options.conversationID,
      () =>
        this.transport.call(calls.setMessageRead.rest, { conversationID: options.conversationID }),
      { unreadCount: 0, readSequence: known?.lastSequence ?? 0, groupAtInfoList: [] },
      null,
    )
  }

  pinConversation(options: { conversationID: string; isPinned: boolean }) {
    return this.change(
      options.conversationID,
      () => this.transport.call(calls.pinConversation.rest, options),
      { isPinned: options.isPinned },
      { conversationID: options.conversationID },
    )
  }

  setMessageRemindType(options: {
    conversationID: string
    messageRemindType: 'AcceptAndNotify' | 'AcceptNotNotify'
  }) {
    const isMuted = options.messageRemindType === 'AcceptNotNotify'
    return this.change(
      options.conversationID,
      () =>
        this.transport.call(calls.setMessageRemindType.rest, {
          conversationID: options.conversationID,
          isMuted,
        }),
      { isMuted },
      null,
    )
  }

  setConversationDraft(options: { conversationID: string; draftText: string }) {
    return this.change(
      options.conversationID,
      () => this.transport.call(calls.setConversationDraft.rest, options),
      { draftText: options.draftText },
      null,
    )
  }

  getTotalUnreadMessageCount(): number {
    let total = 0
    for (const c of this.conversations.values()) total += c.unreadCount
    return total
  }

  // ---- read receipts ------------------------------------------------------------------------

  async getUserStatus(options: { userIDList: string[] }) {
    try {
      return ok(await this.transport.call(calls.getUserStatus.rest, options))
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async sendMessageReadReceipt(messageList: Message[]) {
    const ids = messageList.filter((m) => m.flow === 'in').map((m) => m.ID)
    try {
      for (let i = 0; i < ids.length; i += ReceiptLimits.messagesPerCall) {
        const messageIDList = ids.slice(i, i + ReceiptLimits.messagesPerCall)
        await this.transport.call(calls.sendMessageReadReceipt.rest, { messageIDList })
      }
      return ok(null)
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async getMessageReadReceiptList(messageList: Message[]) {
    const own = messageList.filter((m) => m.flow === 'out' && m.status === 'success')
    try {
      for (let i = 0; i < own.length; i += ReceiptLimits.messagesPerCall) {
        const part = own.slice(i, i + ReceiptLimits.messagesPerCall)
        const res = await this.transport.call(calls.getMessageReadReceiptList.rest, {
          messageIDList: part.map((m) => m.ID),
        })
        const byId = new Map(res.messageList.map((r) => [r.messageID, r]))
        for (const m of part) {
          const r = byId.get(m.ID)
          if (r) m.readReceiptInfo = receiptInfo(r, m.readReceiptInfo)
        }
      }
      return ok({ messageList })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async getGroupMessageReadMemberList(options: {
    message: Message
    filter: 0 | 1
    cursor: string
    count: number
  }) {
    try {
      const res: GroupMessageReadMembers = await this.transport.call(
        calls.getGroupMessageReadMemberList.rest,
        {
          messageID: options.message.ID,
          filter: options.filter,
          ...(options.cursor ? { cursor: options.cursor } : {}),
          count: Math.min(Math.max(1, options.count), ReceiptLimits.memberPageSize),
        },
      )
      return ok(res)
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  // ---- reactions (rules/chatReactions.ts) ---------------------------------------------------

  async addMessageReaction(message: Message, reactionID: string) {
    try {
      const input = { messageID: message.ID, reactionID }
      await this.transport.call(calls.addMessageReaction.rest, input)
      return ok(null)
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async removeMessageReaction(message: Message, reactionID: string) {
    try {
      const input = { messageID: message.ID, reactionID }
      await this.transport.call(calls.removeMessageReaction.rest, input)
      return ok(null)
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  /** Successful messages only, ReactionLimits.messagesPerCall a call. */
  async getMessageReactions(options: { messageList: Message[]; maxUserCountPerReaction: number }) {
    const ids = options.messageList.filter((m) => m.status === 'success').map((m) => m.ID)
    const max = Math.min(
      Math.max(0, options.maxUserCountPerReaction),
      ReactionLimits.usersPerReaction,
    )
    try {
      const resultList: MessageReactionChange[] = []
      for (let i = 0; i < ids.length; i += ReactionLimits.messagesPerCall) {
        const messageIDList = ids.slice(i, i + ReactionLimits.messagesPerCall)
        const res = await this.transport.call(calls.getMessageReactions.rest, {
          messageIDList,
          maxUserCountPerReaction: max,
        })
        resultList.push(...res.resultList)
      }
      return ok({ resultList })
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }

  async getAllUserListOfMessageReaction(options: {
    message: Message
    reactionID: string
    nextSeq: string
    count: number
  }) {
    try {
      const res = await this.transport.call(calls.getAllUserListOfMessageReaction.rest, {
        messageID: options.message.ID,
        reactionID: options.reactionID,
        ...(options.nextSeq ? { nextSeq: options.nextSeq } : {}),
        count: Math.min(Math.max(1, options.count), ReactionLimits.userPageSize),
      })
      return ok(res)
    } catch (error) {
      return fail(error as ChatFailure)
    }
  }
}

/** Counts as they are now; a read count never goes down (a late answer keeps the newer one). */
function receiptInfo(
  r: { readCount: number; unreadCount: number; isPeerRead: boolean },
  known?: ReadReceiptInfo,
): ReadReceiptInfo {
  if (known && known.readCount > r.readCount) return known
  return { readCount: r.readCount, unreadCount: r.unreadCount, isPeerRead: r.isPeerRead }
}

function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name)
  return m ? m[1].toLowerCase() : ''
}

function platformName(): string {
  try {
    return process.env.TARO_ENV === 'weapp' ? 'weapp' : 'web'
  } catch {
    return 'web'
  }
}
