/**
 * Choosing a gift for a friend (selectBook / selectDoc / selectMaga / selectPaper): the friend (from
 * the entry, else chosen with the friend picker), what to give (books: several of my copies, copies
 * held in a waiting gift cannot be chosen; documents, magazines, newspapers: one of my collections),
 * the words (at most 50 characters), then the gift is sent and the chat with the friend opens (or
 * the chat it came from is shown again). With the Tencent engine the app sends the card the server
 * answered; the local gateway wrote it already.
 */
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { pageUrl, Route } from '@/core/routes'
import { toast } from '@/core/toast'
import { chatUrl } from '@/features/chat/public'
import { fetchFriendDetail } from '@/features/friends/public'
import { useStores } from '@/stores'
import type { ChatMessage } from '@/types/api/chat'
import { GiftLimits, GiftText, giftTextError } from '@rules/gifts'
import { textLength } from '@rules/validate'
import {
  createBookGift,
  fetchGiftableItems,
  fetchMyCopies,
  GIFT_PAGE_SIZE,
  sendDocGift,
} from './api'
import type { GiftKind } from './links'

/** One row to choose, for every kind. */
export interface GiftChoice {
  id: number
  name: string
  cover: string
  /** Why it cannot be chosen ('' when it can). */
  off: string
  /** A line under the name. */
  note: string
}

export const GIFT_KIND_NOUN: Record<GiftKind, string> = {
  book: '书',
  doc: '文档',
  mag: '杂志',
  newspaper: '报纸',
}

/** Empty lists: where to get something to give. */
export const GIFT_EMPTY_TEXT: Record<GiftKind, string> = {
  book: '还没有可赠送的书，去书城购买吧',
  doc: '还没有可赠送的文档，收藏或上传文档后再来吧',
  mag: '还没有可赠送的杂志，收藏杂志后再来吧',
  newspaper: '还没有可赠送的报纸，收藏报纸后再来吧',
}

/** Pure: a tap on a row: books toggle (at most booksMax), the others pick only it. */
export function toggleChoice(
  selected: readonly number[],
  id: number,
  kind: GiftKind,
): { selected: number[]; error: string } {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), error: '' }
  if (kind !== 'book') return { selected: [id], error: '' }
  if (selected.length >= GiftLimits.booksMax) {
    return { selected: [...selected], error: GiftText.booksTooMany }
  }
  return { selected: [...selected, id], error: '' }
}

/** One page of what may be given of a kind, as rows. */
export async function loadChoices(
  kind: GiftKind,
  page: number,
): Promise<{ list: GiftChoice[]; total: number }> {
  if (kind === 'book') {
    const res = await fetchMyCopies(page, GIFT_PAGE_SIZE)
    return {
      total: res.total,
      list: res.list.map((c) => ({
        id: c.booksOrderId,
        name: c.booksName,
        cover: c.booksCoverSheet,
        off: c.state === 'held' ? '赠送中' : '',
        note: c.author,
      })),
    }
  }
  const res = await fetchGiftableItems(kind, page, GIFT_PAGE_SIZE)
  return {
    total: res.total,
    list: res.list.map((i) => ({
      id: i.id,
      name: i.name,
      cover: i.thumb,
      off: '',
      note: i.mine ? '我上传的' : '我收藏的',
    })),
  }
}

export function useGiftSelect(
  kind: GiftKind,
  entry: { friendId: number; name: string; from: string },
) {
  const { chat } = useStores()
  const [friendName, setFriendName] = useState(entry.name)
  const [selected, setSelected] = useState<number[]>([])
  const [names, setNames] = useState<Record<number, string>>({})
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (entry.friendId <= 0 || entry.name) return
    let live = true
    fetchFriendDetail(entry.friendId)
      .then((f) => live && setFriendName(f.remark || f.nickname))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [entry.friendId, entry.name])

  const load = useCallback(
    async (page: number) => {
      const res = await loadChoices(kind, page)
      setNames((prev) => ({
        ...(page === 1 ? {} : prev),
        ...Object.fromEntries(res.list.map((c) => [c.id, c.name])),
      }))
      return res
    },
    [kind],
  )

  const toggle = (row: GiftChoice) => {
    if (row.off) return
    const next = toggleChoice(selected, row.id, kind)
    setSelected(next.selected)
    setError(next.error)
  }

  /** The friend picker, which comes back here with the friend chosen. */
  const chooseFriend = () =>
    void Taro.redirectTo({ url: pageUrl(Route.selectFriend, { purpose: 'gift', kind }) })

  /** With the Tencent engine the card goes out through the SDK (the server only answered it). */
  async function sendCardIfTencent(message: ChatMessage): Promise<void> {
    const engine = await chat.whenStarted().catch(() => null)
    if (!engine || engine.kind !== 'tencent') return
    const payload = message.payload as { data: string; description: string; extension: string }
    const card = engine.createCustomMessage({
      to: String(entry.friendId),
      conversationType: 'C2C',
      payload: {
        data: String(payload.data ?? ''),
        description: String(payload.description ?? ''),
        extension: String(payload.extension ?? ''),
      },
    })
    await engine.sendMessage(card).catch(() => undefined)
  }

  async function send(): Promise<void> {
    if (busy) return
    const words = text.trim()
    const problem =
      entry.friendId <= 0
        ? GiftText.receiverMissing
        : selected.length === 0
          ? kind === 'book'
            ? GiftText.booksMissing
            : GiftText.itemMissing
          : giftTextError(words)
    if (problem) {
      setError(problem)
      return
    }
    setError('')
    setBusy(true)
    try {
      const res =
        kind === 'book'
          ? await createBookGift({
              booksOrderIds: selected,
              receiveUserId: entry.friendId,
              text: words,
            })
          : await sendDocGift({
              docs_type: kind,
              doc_id: selected[0],
              receive_user_id: entry.friendId,
              text: words,
            })
      await sendCardIfTencent(res.message)
      toast(GiftText.sent)
      setTimeout(() => {
        if (entry.from === 'chat') void Taro.navigateBack()
        else void Taro.redirectTo({ url: chatUrl(`C2C${entry.friendId}`) })
      }, 500)
    } catch {
      // The request layer said why (只能赠送给书友, 该书已在赠送中或不属于你, ...).
    } finally {
      setBusy(false)
    }
  }

  return {
    friendName,
    hasFriend: entry.friendId > 0,
    chooseFriend,
    load,
    selected,
    selectedNames: selected.map((id) => names[id] ?? ''),
    toggle,
    text,
    setText,
    textLeft: GiftLimits.textMaxChars - textLength(text.trim()),
    error,
    busy,
    send: () => void send(),
  }
}
