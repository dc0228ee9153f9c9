/**
 * A gift card in a chat: its data, and the receiver's accept and refuse (refusing asks first: it
 * cannot be undone). After the settle call the card's new data goes into the chat through `modify`
 * (the chat page's ChatRoom.modify: Tencent stores it with the SDK's modifyMessage; the local
 * gateway changed it already and pushes it to both sides). A tap opens what was given.
 */
import Taro from '@tarojs/taro'
import { useMemo, useState } from 'react'
import { pageUrl, Route } from '@/core/routes'
import { toast } from '@/core/toast'
import type { ChatFailure, Message } from '@/TUIKit/engine/types'
import { GiftText } from '@rules/gifts'
import { fetchBookGift, settleBookGift, settleDocGift } from './api'
import { giftItemUrl, parseGift, settledData } from './card'

export type ModifyMessage = (message: Message) => Promise<ChatFailure | null>

export function useGiftCard(message: Message, modify: ModifyMessage) {
  const data = String(message.payload.data ?? '')
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const card = useMemo(() => parseGift(message), [data, message.type])
  const [busy, setBusy] = useState(false)
  const receiver = message.flow === 'in'

  async function settle(accept: boolean): Promise<void> {
    if (!card || busy || card.state !== 0) return
    if (!accept) {
      const { confirm } = await Taro.showModal({
        title: '提示',
        content: GiftText.refuseConfirm,
        confirmText: GiftText.refuse,
      })
      if (!confirm) return
    }
    const state = accept ? 1 : 2
    setBusy(true)
    try {
      if (card.kind === 'book') await settleBookGift(card.ids, state)
      else await settleDocGift(Number(card.ids), accept)
    } catch {
      // The request layer said why (该礼物已处理, ...).
      setBusy(false)
      return
    }
    await modify({ ...message, payload: { ...message.payload, data: settledData(card, state) } })
    setBusy(false)
    toast(accept ? GiftText.accepted : GiftText.refused)
  }

  async function open(): Promise<void> {
    if (!card) return
    const url = giftItemUrl(card)
    if (url) {
      void Taro.navigateTo({ url })
      return
    }
    if (card.kind !== 'book') return
    const first = Number(card.ids.split(',')[0])
    const gift = first > 0 ? await fetchBookGift(first).catch(() => null) : null
    if (!gift) {
      toast(GiftText.giftNotFound)
      return
    }
    void Taro.navigateTo({ url: pageUrl(Route.readDetail, { id: gift.booksId }) })
  }

  return {
    card,
    busy,
    /** The receiver, while it waits: the accept and refuse buttons. */
    canSettle: receiver && card?.state === 0 && message.status === 'success',
    accept: () => void settle(true),
    refuse: () => void settle(false),
    open: () => void open(),
  }
}
