/**
 * Emoji reactions under the open chat's messages (issue 30): what each message carries, fetched
 * once per window of loaded messages (ReactionLimits.messagesPerCall a call, by the engine), kept
 * live by onMessageReactionsUpdated, and the reader's own taps applied at once (taken back if the
 * server refuses, with the spec's text). The views (MessageReactions, ReactionPicker) read the
 * store by message ID; the chat page's hook ties it to its room.
 */
import { makeAutoObservable, observable, reaction, runInAction } from 'mobx'
import { useEffect } from 'react'
import { toast } from '@/core/toast'
import { useStores } from '@/stores'
import type { ConversationUser } from '@/types/api/chat'
import type { ChatEngine, Listener, Message, MessageReaction } from '@/TUIKit/engine/types'
import {
  applyOwnChange,
  chipAction,
  mayReactTo,
  ReactionErrors,
  ReactionLimits,
} from '@rules/chatReactions'
import type { ChatRoom } from './ChatRoom'
import { chatErrorText } from './errors'

/** The reactors' names of one emoji under one message (the 「查看」 sheet), page by page. */
export interface ReactorsView {
  message: Message
  reactionID: string
  userList: ConversationUser[]
  nextSeq: string
  isCompleted: boolean
  loading: boolean
}

export function reactionFailureText(failure: { code?: number; message?: string }): string {
  return failure.code === ReactionErrors.tooMany.code
    ? ReactionErrors.tooMany.text
    : chatErrorText(failure)
}

export class ReactionStore {
  /** By message ID: its reactions (absent: not known yet, or none). */
  readonly byId = observable.map<string, MessageReaction[]>()
  /** The message whose emoji row (ReactionPicker) is open. */
  picking: Message | null = null
  viewing: ReactorsView | null = null
  private engine: ChatEngine | null = null
  private me: ConversationUser = { userID: '', nick: '', avatar: '' }

  constructor() {
    makeAutoObservable<ReactionStore, 'engine' | 'me'>(this, { engine: false, me: false })
  }

  attach(engine: ChatEngine | null, me: ConversationUser): void {
    this.engine = engine
    this.me = me
  }

  list(messageID: string): MessageReaction[] {
    return this.byId.get(messageID) ?? []
  }

  /** Pushed or fetched reactions of messages (replacing what was known). */
  put(changes: ReadonlyArray<{ messageID: string; reactionList: MessageReaction[] }>): void {
    for (const c of changes) this.byId.set(c.messageID, c.reactionList)
  }

  /** Forgets messages that left the window. */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of [...this.byId.keys()]) if (!ids.has(id)) this.byId.delete(id)
  }

  /** Fetches the reactions of messages not known yet, a batch a call. */
  async fetch(messages: Message[]): Promise<void> {
    const engine = this.engine
    const wanted = messages.filter((m) => mayReactTo(m))
    if (!engine || wanted.length === 0) return
    for (let i = 0; i < wanted.length; i += ReactionLimits.messagesPerCall) {
      const messageList = wanted.slice(i, i + ReactionLimits.messagesPerCall)
      const res = await engine
        .getMessageReactions({
          messageList,
          maxUserCountPerReaction: ReactionLimits.usersPerReaction,
        })
        .catch(() => null)
      if (res) this.put(res.data.resultList)
    }
  }

  pick(m: Message | null): void {
    this.picking = m
  }

  /** Tapping a chip (or an emoji of the picker): the reader's reaction goes, or comes. */
  async toggle(m: Message, reactionID: string, action?: 'add' | 'remove'): Promise<void> {
    const engine = this.engine
    if (!engine) return
    const before = this.list(m.ID)
    const mine = before.find((r) => r.reactionID === reactionID)?.reactedByMyself ?? false
    const doing = action ?? chipAction(mine)
    this.byId.set(m.ID, applyOwnChange(before, reactionID, doing, this.me))
    try {
      if (doing === 'add') await engine.addMessageReaction(m, reactionID)
      else await engine.removeMessageReaction(m, reactionID)
    } catch (failure) {
      runInAction(() => this.byId.set(m.ID, before))
      toast(reactionFailureText(failure as { code?: number; message?: string }))
    }
  }

  /** Opens the reactors' names of one emoji, first page. */
  view(m: Message, reactionID: string): void {
    this.viewing = {
      message: m,
      reactionID,
      userList: [],
      nextSeq: '',
      isCompleted: false,
      loading: false,
    }
    void this.more()
  }

  closeView(): void {
    this.viewing = null
  }

  /** The next page of names. */
  async more(): Promise<void> {
    const v = this.viewing
    const engine = this.engine
    if (!v || !engine || v.loading || v.isCompleted) return
    v.loading = true
    const res = await engine
      .getAllUserListOfMessageReaction({
        message: v.message,
        reactionID: v.reactionID,
        nextSeq: v.nextSeq,
        count: ReactionLimits.userPageSize,
      })
      .catch((e: { code?: number; message?: string }) => {
        toast(reactionFailureText(e))
        return null
      })
    runInAction(() => {
      v.loading = false
      if (!res || this.viewing !== v) return
      v.userList = [...v.userList, ...res.data.userList]
      v.nextSeq = res.data.nextSeq
      v.isCompleted = res.data.isCompleted
    })
  }
}

/** One store for the app: message IDs are unique across conversations. */
export const reactionStore = new ReactionStore()

/**
 * Ties the store to the chat page's room: the engine, the reader, the pushes of this conversation,
 * and a fetch for each window of loaded messages. Messages that arrive at the bottom while the
 * reader is in the chat start with none (their reactions come by push); pages of history and the
 * first page are fetched.
 */
export function useReactions(room: ChatRoom): ReactionStore {
  const { chat, session } = useStores()
  useEffect(() => {
    const store = reactionStore
    let engine: ChatEngine | null = null
    let known = new Set<string>()
    let lastID = ''
    const onUpdate: Listener<'onMessageReactionsUpdated'> = ({ data }) => {
      if (data.conversationID === room.conversationID) store.put(data.changeInfoList)
    }
    const sync = () => {
      const messages = room.messages.filter((m) => m.status === 'success')
      const ids = new Set(messages.map((m) => m.ID))
      // Past the newest message of the last look: arrived live (none yet). Without it in the
      // window (the first page, a jump) everything unknown is fetched.
      const lastIndex = lastID ? messages.findIndex((m) => m.ID === lastID) : -1
      const fresh = messages.filter((m, i) => !known.has(m.ID) && (lastIndex < 0 || i <= lastIndex))
      store.keepOnly(ids)
      known = ids
      lastID = messages[messages.length - 1]?.ID ?? ''
      void store.fetch(fresh)
    }
    let stop = () => {}
    let live = true
    void chat.whenStarted().then(
      (e) => {
        if (!live) return
        engine = e
        const user = session.user
        store.attach(e, {
          userID: room.me,
          nick: user?.nickname ?? '',
          avatar: user?.avatar ?? '',
        })
        e.on('onMessageReactionsUpdated', onUpdate)
        stop = reaction(() => room.messages.map((m) => `${m.ID}:${m.status}`).join(','), sync, {
          fireImmediately: true,
        })
      },
      () => undefined,
    ) // Chat did not start: the page shows its own error; no reactions.
    return () => {
      live = false
      stop()
      engine?.off('onMessageReactionsUpdated', onUpdate)
      store.attach(null, { userID: '', nick: '', avatar: '' })
      store.pick(null)
      store.closeView()
    }
    // One room for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room])
  return reactionStore
}
