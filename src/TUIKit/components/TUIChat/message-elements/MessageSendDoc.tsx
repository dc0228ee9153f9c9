import type { ModifyMessage } from '@/features/gifts/useGiftCard'
import type { Message } from '@/TUIKit/engine/types'
import GiftCard from './GiftCard'

/** A document, magazine or newspaper gift (businessID sendDoc). */
export default function MessageSendDoc(props: { message: Message; modify: ModifyMessage }) {
  return <GiftCard {...props} />
}
