import { createMemoryStorage } from '@/core/storage'
import { messageAbstract, revokedText } from '@/features/chat/abstract'
import { saveChatDraft, takeChatDraft, draftAbstract } from '@/features/chat/drafts'
import { chatErrorText } from '@/features/chat/errors'
import { parseReply, quoteOf, replyData } from '@/features/chat/quote'
import { textProblem } from '@/features/chat/send'
import { recordStateFor } from '@/features/chat/useRecorder'
import type { Message } from '@/TUIKit/engine/types'
import {
  ChatLimits,
  formatFileSize,
  needsTimeDivider,
  parseConversationID,
  thumbSize,
} from '@rules/chat'

const message = (over: Partial<Message> = {}): Message => ({
  ID: '1-a',
  conversationID: 'C2C2',
  conversationType: 'C2C',
  sequence: 1,
  type: 'TIMTextElem',
  payload: { text: '你好' },
  from: '1',
  to: '2',
  nick: '小周',
  avatar: '',
  time: 1_700_000_000,
  isRevoked: false,
  revoker: '',
  cloudCustomData: '',
  flow: 'out',
  status: 'success',
  progress: 1,
  ...over,
})

describe('chat rules (chat-spec sections 4, 5 and 9)', () => {
  it('accepts only C2C and GROUP conversation IDs', () => {
    expect(parseConversationID('C2C12')).toEqual({ type: 'C2C', id: '12' })
    expect(parseConversationID('GROUP@TGS#abc')).toBeNull()
    expect(parseConversationID('GROUPbook_1')).toEqual({ type: 'GROUP', id: 'book_1' })
    expect(parseConversationID('@TIM#SYSTEM')).toBeNull()
    expect(parseConversationID('C2C')).toBeNull()
    expect(parseConversationID('c2c12')).toBeNull()
  })

  it('shows file sizes in B, K, M, G with two decimals', () => {
    expect(formatFileSize(512)).toBe('512.00B')
    expect(formatFileSize(1536)).toBe('1.50K')
    expect(formatFileSize(100 * 1024 * 1024)).toBe('100.00M')
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00G')
  })

  it('puts a time divider first and after 600 s', () => {
    expect(needsTimeDivider(undefined, 10)).toBe(true)
    expect(needsTimeDivider(10, 609)).toBe(false)
    expect(needsTimeDivider(10, 610)).toBe(true)
  })

  it('fits thumbnails in 155 px without enlarging', () => {
    expect(thumbSize(1000, 500)).toEqual({ width: 155, height: 78 })
    expect(thumbSize(300, 600)).toEqual({ width: 78, height: 155 })
    expect(thumbSize(100, 50)).toEqual({ width: 100, height: 50 })
    expect(thumbSize(0, 0)).toEqual({ width: 155, height: 155 })
  })

  it('refuses empty, over-long and blocked-word texts before sending', () => {
    expect(textProblem('   ')).toBe('不能发送空白消息')
    expect(textProblem('x'.repeat(ChatLimits.textMaxChars + 1))).toBe(
      '消息长度超出限制,消息长度不要超过12K',
    )
    expect(textProblem('x'.repeat(ChatLimits.textMaxChars))).toBeNull()
  })

  it('maps chat error codes to the catalogue texts, else the message', () => {
    expect(chatErrorText({ code: 20007, message: 'x' })).toBe('对方已将你拉黑，消息发送失败')
    expect(chatErrorText({ code: 7005 })).toBe('文件大小超出了限制,如果上传文件,最大限制是100MB')
    expect(chatErrorText({ code: 1, message: '自有的话' })).toBe('自有的话')
    expect(chatErrorText(undefined)).toBe('网络异常，请重试')
  })

  it('turns the swipe distance into the recording hint', () => {
    expect(recordStateFor(10)).toBe('recording')
    expect(recordStateFor(51)).toBe('send')
    expect(recordStateFor(151)).toBe('cancel')
  })
})

describe('message abstracts, revoke texts and quotes', () => {
  it('abstracts each type', () => {
    expect(messageAbstract(message())).toBe('你好')
    expect(messageAbstract(message({ type: 'TIMImageElem', payload: {} }))).toBe('[图片]')
    expect(messageAbstract(message({ type: 'TIMFileElem', payload: { fileName: 'a.pdf' } }))).toBe(
      '[文件] a.pdf',
    )
    expect(
      messageAbstract(message({ type: 'TIMFaceElem', payload: { index: 0, data: '微笑' } })),
    ).toBe('[微笑]')
    expect(
      messageAbstract(
        message({ type: 'TIMCustomElem', payload: { data: 'oops', description: '' } }),
      ),
    ).toBe('[自定义消息]')
    // A merged forward (合并转发) in rows and quotes.
    expect(messageAbstract(message({ type: 'TIMRelayElem', payload: { title: 't' } }))).toBe(
      '[聊天记录]',
    )
  })

  it('says who revoked', () => {
    expect(revokedText(message({ revoker: '1' }), '1')).toBe('你撤回了一条消息')
    expect(revokedText(message({ revoker: '1', flow: 'in' }), '2')).toBe('小周撤回了一条消息')
    expect(messageAbstract(message({ isRevoked: true, revoker: '1' }), '1')).toBe(
      '你撤回了一条消息',
    )
  })

  it('writes and reads the reply reference, ignoring malformed data', () => {
    const data = replyData(quoteOf(message(), '1'))
    expect(parseReply(data)).toEqual({
      messageID: '1-a',
      messageAbstract: '你好',
      messageSender: '小周',
      messageType: 1,
      version: 1,
    })
    expect(parseReply('')).toBeNull()
    expect(parseReply('{not json')).toBeNull()
    expect(parseReply('{"messageReply":{"messageID":5}}')).toBeNull()
  })
})

describe('chat drafts (TUI_CHAT_STORAGE)', () => {
  it('keeps a draft with text or a quote, and takes it once', () => {
    const storage = createMemoryStorage()
    saveChatDraft('C2C2', { text: '写了一半' }, storage)
    saveChatDraft('C2C3', { text: '  ' }, storage)
    saveChatDraft(
      'C2C4',
      { text: '', quote: { messageID: '1-a', abstract: '原话', sender: '小周' } },
      storage,
    )
    expect(Object.keys(storage.get('TUI_CHAT_STORAGE') ?? {})).toEqual(['C2C2', 'C2C4'])
    expect(takeChatDraft('C2C2', storage)).toEqual({ text: '写了一半' })
    expect(takeChatDraft('C2C2', storage)).toBeNull()
    expect(draftAbstract(takeChatDraft('C2C4', storage)!)).toBe('「原话」')
  })
})
