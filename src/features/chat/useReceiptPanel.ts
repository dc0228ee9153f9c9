/**
 * The receipt panel of one of the reader's group messages (chat-spec sections 2 and 9): tabs 已读
 * and 未读, each listing members ReceiptLimits.memberPageSize (100) a page from the engine's
 * getGroupMessageReadMemberList and its cursor, each member once.
 */
import { useCallback, useRef, useState } from 'react'
import { useStores } from '@/stores'
import type { ChatEngine, GroupMessageReadMembers, Message } from '@/TUIKit/engine/types'
import type { ConversationUser } from '@/types/api/chat'
import { ReceiptLimits } from '@rules/chatReceipts'
import { chatErrorText } from './errors'

export type ReceiptTab = 'read' | 'unread'

/** The engine's filter numbers (the SDK's): 0 read, 1 not read. */
const FILTER = { read: 0, unread: 1 } as const

export interface MemberPage {
  members: ConversationUser[]
  cursor: string
  isCompleted: boolean
}

export const EMPTY_PAGE: MemberPage = { members: [], cursor: '', isCompleted: false }

/**
 * A page's members with names: the local gateway sends them; the Tencent SDK gives user IDs only,
 * which then stand for the names.
 */
export function membersOf(res: GroupMessageReadMembers, tab: ReceiptTab): ConversationUser[] {
  const ids = tab === 'read' ? res.readUserIDList : res.unreadUserIDList
  const named = new Map((res.memberList ?? []).map((m) => [m.userID, m]))
  return ids.map((id) => named.get(id) ?? { userID: id, nick: id, avatar: '' })
}

/** The list after one more page: each member once, the page's cursor for the next. */
export function appendPage(
  list: MemberPage,
  res: GroupMessageReadMembers,
  tab: ReceiptTab,
): MemberPage {
  const known = new Set(list.members.map((m) => m.userID))
  const fresh = membersOf(res, tab).filter((m) => !known.has(m.userID) && known.add(m.userID))
  return {
    members: [...list.members, ...fresh],
    cursor: res.cursor,
    isCompleted: res.isCompleted || res.cursor === '',
  }
}

/** One page of a tab from the engine. */
export async function fetchMemberPage(
  engine: ChatEngine,
  message: Message,
  tab: ReceiptTab,
  cursor: string,
): Promise<GroupMessageReadMembers> {
  const res = await engine.getGroupMessageReadMemberList({
    message,
    filter: FILTER[tab],
    cursor,
    count: ReceiptLimits.memberPageSize,
  })
  return res.data
}

/** A tab: its members so far, whether a page is on its way, and why the last one failed. */
interface TabState {
  page: MemberPage
  loading: boolean
  error: string
}

type Tabs = Record<ReceiptTab, TabState>

const FRESH_TAB: TabState = { page: EMPTY_PAGE, loading: false, error: '' }
const FRESH: Tabs = { read: FRESH_TAB, unread: FRESH_TAB }

export function useReceiptPanel() {
  const { chat } = useStores()
  const [message, setMessage] = useState<Message | null>(null)
  const [tab, setTab] = useState<ReceiptTab>('read')
  const [tabs, setTabs] = useState<Tabs>(FRESH)
  /** The open message and the tabs being asked for: a late answer for another is dropped. */
  const current = useRef<{ message: Message | null; busy: Set<ReceiptTab> }>({
    message: null,
    busy: new Set(),
  })

  const load = useCallback(
    async (m: Message, which: ReceiptTab, from: MemberPage) => {
      const state = current.current
      if (state.message !== m || state.busy.has(which) || from.isCompleted) return
      state.busy.add(which)
      const change = (f: (t: TabState) => TabState) => {
        if (current.current.message === m) setTabs((all) => ({ ...all, [which]: f(all[which]) }))
      }
      change((t) => ({ ...t, loading: true }))
      try {
        const engine = await chat.whenStarted()
        const res = await fetchMemberPage(engine, m, which, from.cursor)
        change((t) => ({ page: appendPage(t.page, res, which), loading: false, error: '' }))
      } catch (e) {
        change((t) => ({ ...t, loading: false, error: chatErrorText(e as { code?: number }) }))
      } finally {
        state.busy.delete(which)
      }
    },
    [chat],
  )

  const open = useCallback(
    (m: Message) => {
      current.current = { message: m, busy: new Set() }
      setMessage(m)
      setTab('read')
      setTabs(FRESH)
      void load(m, 'read', EMPTY_PAGE)
      void load(m, 'unread', EMPTY_PAGE)
    },
    [load],
  )

  const close = useCallback(() => {
    current.current = { message: null, busy: new Set() }
    setMessage(null)
    setTabs(FRESH)
  }, [])

  const shown = tabs[tab]
  return {
    message,
    tab,
    setTab,
    /** The open tab's members so far. */
    members: shown.page.members,
    /** Counts shown on the tabs: the message's own, or the loaded lists when they are longer. */
    readCount: Math.max(message?.readReceiptInfo?.readCount ?? 0, tabs.read.page.members.length),
    unreadCount: Math.max(
      message?.readReceiptInfo?.unreadCount ?? 0,
      tabs.unread.page.members.length,
    ),
    hasMore: !shown.page.isCompleted,
    /** The open tab's next page is on its way. */
    loading: shown.loading,
    /** Why the open tab's last page failed ('' when it did not). */
    error: shown.error,
    open,
    close,
    loadMore() {
      if (message) void load(message, tab, shown.page)
    },
  }
}
