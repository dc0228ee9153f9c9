import type { Message } from '@/TUIKit/engine/types'
import MessageAudio from './MessageAudio'
import MessageCustom from './MessageCustom'
import MessageFace from './MessageFace'
import MessageFile from './MessageFile'
import MessageImage from './MessageImage'
import MessageLocation from './MessageLocation'
import MessageText from './MessageText'
import MessageVideo from './MessageVideo'

/** The body of a message by its type; unknown types show as custom (the unknown-type text). */
export default function MessageBody({ message }: { message: Message }) {
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
    default:
      return <MessageCustom message={message} />
  }
}
