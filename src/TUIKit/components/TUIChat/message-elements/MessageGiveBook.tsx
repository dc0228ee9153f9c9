import type { ModifyMessage } from '@/features/gifts/useGiftCard'
import type { Message } from '@/TUIKit/engine/types'
import GiftCard from './GiftCard'

/** A book gift (businessID giveBook): the copies given, as one card. */
export default function MessageGiveBook(props: { message: Message; modify: ModifyMessage }) {
  return <GiftCard {...props} />
}
