/** One line for a message: the conversation row, the quote bar and the reply reference. */
import type { Message } from '@/TUIKit/engine/types'
import { CHAT_TEXTS } from '@rules/chat'
import { faceAbstract } from './bigEmoji'
import { groupTipText } from './groupTips'

const LABELS: Record<string, string> = {
  TIMImageElem: '[图片]',
  TIMSoundElem: '[语音]',
  TIMVideoFileElem: '[视频]',
  TIMFileElem: '[文件]',
  TIMLocationElem: '[位置]',
  TIMRelayElem: '[聊天记录]',
  TIMGroupTipElem: '[群提示]',
}

export function revokedText(
  message: Pick<Message, 'flow' | 'revoker' | 'from' | 'nick'>,
  me: string,
): string {
  if (message.revoker === me || (!message.revoker && message.flow === 'out'))
    return '你撤回了一条消息'
  if (message.revoker && message.revoker !== message.from) return '管理员撤回了一条消息'
  return `${message.nick || '对方'}撤回了一条消息`
}

export function messageAbstract(message: Message, me = ''): string {
  if (message.isRevoked) return revokedText(message, me)
  const p = message.payload
  switch (message.type) {
    case 'TIMTextElem':
      return String(p.text ?? '')
    case 'TIMFaceElem':
      return faceAbstract(p)
    case 'TIMFileElem':
      return `[文件] ${String(p.fileName ?? '')}`
    case 'TIMLocationElem':
      return `[位置] ${String(p.description ?? '')}`
    case 'TIMCustomElem':
      return customAbstract(String(p.data ?? ''), String(p.description ?? ''))
    case 'TIMGroupTipElem':
      return groupTipText(p, me)
    default:
      return LABELS[message.type] ?? CHAT_TEXTS.unknownType
  }
}

function customAbstract(data: string, description: string): string {
  try {
    const parsed = JSON.parse(data) as { businessID?: string; text?: string; title?: string }
    if (parsed.businessID === 'giveBook' || description === 'giveBook') return '[赠书]'
    if (parsed.businessID === 'sendDoc' || description === 'sendDoc') return '[赠送文档]'
    if (parsed.text || parsed.title) return String(parsed.text || parsed.title)
  } catch {
    // Not JSON: the description, if any.
  }
  return description ? `[${description}]` : '[自定义消息]'
}
