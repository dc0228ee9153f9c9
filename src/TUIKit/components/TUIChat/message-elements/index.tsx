import { parseGift } from '@/features/gifts/card'
import type { ModifyMessage } from '@/features/gifts/useGiftCard'
import type { Message } from '@/TUIKit/engine/types'
import MessageAudio from './MessageAudio'
import MessageCustom from './MessageCustom'
import MessageFace from './MessageFace'
import MessageFile from './MessageFile'
import MessageGiveBook from './MessageGiveBook'
import MessageImage from './MessageImage'
import MessageLocation from './MessageLocation'
import MessageMerger from './MessageMerger'
import MessageRisky from './MessageRisky'
import MessageSendDoc from './MessageSendDoc'
import MessageText from './MessageText'
import MessageVideo from './MessageVideo'

/**
 * The body of a message by its type; custom messages by their businessID (gift cards); unknown
 * types show as custom (the unknown-type text). `modify` changes a sent message (a settled gift).
 */
export default function MessageBody({
  message,
  modify,
}: {
  message: Message
  modify: ModifyMessage
}) {
  // Flagged by moderation: a placeholder instead (a voice message keeps its bubble, unplayable).
  if (message.hasRiskContent && message.type !== 'TIMSoundElem') return <MessageRisky />
  switch (message.type) {
    case 'TIMTextElem':
      return <MessageText message={message} />
    case 'TIMFaceElem':
      return <MessageFace message={message} />
    case 'TIMImageElem':
      return <MessageImage message={message} />
    case 'TIMVideoFileElem':
      return <MessageVideo message={message} />
    case 'TIMSoundElem':
      return <MessageAudio message={message} />
    case 'TIMFileElem':
      return <MessageFile message={message} />
    case 'TIMLocationElem':
      return <MessageLocation message={message} />
    case 'TIMRelayElem':
      return <MessageMerger payload={message.payload} />
    case 'TIMCustomElem': {
      const kind = parseGift(message)?.kind
      if (kind === 'book') return <MessageGiveBook message={message} modify={modify} />
      if (kind === 'doc') return <MessageSendDoc message={message} modify={modify} />
      return <MessageCustom message={message} />
    }
    default:
      return <MessageCustom message={message} />
  }
}
