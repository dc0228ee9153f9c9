/**
 * 我的赠送 (mine/giveBook): gifts I received or sent, books or documents (magazines and newspapers
 * with them), by state 全部 / 待接收 / 已接受 / 已拒绝; page by page. A row opens the chat where its
 * card is, or what was given.
 */
import Taro from '@tarojs/taro'
import { useCallback, useState } from 'react'
import { pageUrl, Route } from '@/core/routes'
import { formatMessageTime } from '@/core/time'
import { chatUrl } from '@/features/chat/public'
import { GIFT_STATE_LABELS, type GiftListType, type GiftState } from '@rules/gifts'
import { fetchBookGifts, fetchDocGifts, GIFT_PAGE_SIZE, type BookGift, type DocGift } from './api'
import { giftNoun } from './card'

export type RecordKind = 'book' | 'doc'
export type StateFilter = 'all' | GiftState

export const RECORD_TYPES: ReadonlyArray<{ key: GiftListType; label: string }> = [
  { key: 'received', label: '收到的' },
  { key: 'sent', label: '送出的' },
]
export const RECORD_KINDS: ReadonlyArray<{ key: RecordKind; label: string }> = [
  { key: 'book', label: '书籍' },
  { key: 'doc', label: '文档·杂志·报纸' },
]
export const STATE_FILTERS: ReadonlyArray<{ key: StateFilter; label: string }> = [
  { key: 'all', label: '全部' },
  { key: 0, label: GIFT_STATE_LABELS[0] },
  { key: 1, label: GIFT_STATE_LABELS[1] },
  { key: 2, label: GIFT_STATE_LABELS[2] },
]

/** One gift as a row, for both kinds. */
export interface GiftRecordRow {
  key: string
  name: string
  cover: string
  /** 书, 文档, 杂志, 报纸. */
  noun: string
  /** 来自 小林 / 送给 小林. */
  who: string
  text: string
  state: GiftState
  stateLabel: string
  time: string
  conversationID: string
  /** What was given ('' when unknown). */
  itemUrl: string
}

export function bookRow(g: BookGift, type: GiftListType): GiftRecordRow {
  const other = type === 'received' ? g.giver : g.receiver
  return {
    key: `b${g.giftBooksLogId}`,
    name: g.booksName,
    cover: g.booksCoverSheet,
    noun: '书',
    who: `${type === 'received' ? '来自' : '送给'} ${other.nickname}`,
    text: g.text,
    state: g.state,
    stateLabel: GIFT_STATE_LABELS[g.state],
    time: formatMessageTime(g.createdAt),
    conversationID: g.conversationID,
    itemUrl: g.booksId > 0 ? pageUrl(Route.readDetail, { id: g.booksId }) : '',
  }
}

export function docRow(g: DocGift, type: GiftListType): GiftRecordRow {
  const other = type === 'received' ? g.giver : g.receiver
  const route =
    g.docs_type === 'mag'
      ? Route.magaDetail
      : g.docs_type === 'newspaper'
        ? Route.paperDetail
        : Route.fileDetail
  return {
    key: `d${g.record_id}`,
    name: g.docs_name,
    cover: g.docs_thumb,
    noun: giftNoun({ kind: 'doc', docKind: g.docs_type }),
    who: `${type === 'received' ? '来自' : '送给'} ${other.nickname}`,
    text: g.text,
    state: g.state,
    stateLabel: GIFT_STATE_LABELS[g.state],
    time: formatMessageTime(g.createdAt),
    conversationID: g.conversationID,
    itemUrl: g.doc_id > 0 ? pageUrl(route, { id: g.doc_id }) : '',
  }
}

export const typeOf = (value: string | undefined): GiftListType =>
  value === 'sent' ? 'sent' : 'received'

export function useGiftRecords(initialType: GiftListType) {
  const [type, setType] = useState<GiftListType>(initialType)
  const [kind, setKind] = useState<RecordKind>('book')
  const [state, setState] = useState<StateFilter>('all')

  const load = useCallback(
    async (page: number): Promise<{ list: GiftRecordRow[]; total: number }> => {
      const req = {
        type,
        page,
        pageSize: GIFT_PAGE_SIZE,
        ...(state === 'all' ? {} : { state }),
      }
      if (kind === 'book') {
        const res = await fetchBookGifts(req)
        return { total: res.total, list: res.list.map((g) => bookRow(g, type)) }
      }
      const res = await fetchDocGifts(req)
      return { total: res.total, list: res.list.map((g) => docRow(g, type)) }
    },
    [type, kind, state],
  )

  return {
    type,
    setType,
    kind,
    setKind,
    state,
    setState,
    load,
    listKey: `${type}|${kind}|${state}`,
    emptyText: `还没有${type === 'received' ? '收到' : '送出'}的${kind === 'book' ? '赠书' : '赠送'}`,
    openChat: (row: GiftRecordRow) => {
      if (row.conversationID) void Taro.navigateTo({ url: chatUrl(row.conversationID) })
    },
    openItem: (row: GiftRecordRow) => {
      if (row.itemUrl) void Taro.navigateTo({ url: row.itemUrl })
    },
  }
}
