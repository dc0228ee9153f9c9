/**
 * Risky content in the chat (issue 30, chat-spec sections 4, 5 and 8): a message moderation
 * flagged shows a placeholder with a notice instead of its content, for its sender with a red
 * 重发 mark; a flagged or URL-less voice message does not play (暂不支持播放); a flagged message
 * is sent again as a new message; the refusals read as the spec's texts.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ChatRoom } from '@/features/chat/ChatRoom'
import { chatErrorText } from '@/features/chat/errors'
import { flaggedCopy, resendFlagged } from '@/features/chat/send'
import MessageItem from '@/TUIKit/components/TUIChat/MessageItem'
import MessageAudio from '@/TUIKit/components/TUIChat/message-elements/MessageAudio'
import { RISKY_NOTICE } from '@/TUIKit/components/TUIChat/message-elements/MessageRisky'
import type { ChatEngine, ChatFailure, Message } from '@/TUIKit/engine/types'
import { setUpTaroDom } from './helpers/taroDom'

// Cast: the fields these views read are set; the rest of Message changes with other features.
const message = (over: Partial<Message> = {}): Message =>
  ({
    ID: '7-abc',
    conversationID: 'C2C5',
    conversationType: 'C2C',
    sequence: 4,
    type: 'TIMFileElem',
    payload: { fileName: '读书笔记.pdf', fileSize: 2048, fileUrl: '/uploads/chat/a.pdf' },
    from: '7',
    to: '5',
    nick: '我',
    avatar: '',
    time: 1_700_000_000,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow: 'out',
    status: 'success',
    progress: 1,
    hasRiskContent: true,
    ...over,
  }) as Message

function show(m: Message) {
  const onResend = jest.fn()
  const view = render(
    <MessageItem
      message={m}
      me="7"
      showTime={false}
      blinking={false}
      peerAvatar=""
      peerName="小周"
      myAvatar=""
      myName="我"
      showNick={false}
      onMenu={jest.fn()}
      onAvatar={jest.fn()}
      onResend={onResend}
      onReEdit={jest.fn()}
      onJumpToQuote={jest.fn()}
      onModify={jest.fn()}
    />,
  )
  return { ...view, onResend }
}

beforeAll(setUpTaroDom)
beforeEach(() => {
  jest.restoreAllMocks()
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
})

describe('a flagged message in the list', () => {
  it('its sender sees the placeholder, not the content, and a 重发 button that resends', () => {
    const { container, onResend } = show(message())
    expect(screen.getByText(RISKY_NOTICE)).toBeTruthy()
    expect(container.textContent).not.toContain('读书笔记.pdf')
    const mark = screen.getByRole('button', { name: '重发' })
    fireEvent.click(mark)
    expect(onResend).toHaveBeenCalledTimes(1)
  })

  it('a reader sees the placeholder and no mark', () => {
    const { container } = show(
      message({
        flow: 'in',
        from: '5',
        to: '7',
        payload: { fileName: '', fileSize: 2048, fileUrl: '' },
      }),
    )
    expect(screen.getByText(RISKY_NOTICE)).toBeTruthy()
    expect(screen.queryByRole('button', { name: '重发' })).toBeNull()
    expect(container.querySelector('[data-testid="msg-risky"]')).not.toBeNull()
  })

  it('a message not flagged shows its content and no mark', () => {
    const { container } = show(message({ hasRiskContent: false }))
    expect(container.textContent).toContain('读书笔记.pdf')
    expect(screen.queryByText(RISKY_NOTICE)).toBeNull()
    expect(screen.queryByRole('button', { name: '重发' })).toBeNull()
  })
})

describe('a voice message that cannot be played', () => {
  const voice = (over: Partial<Message>) =>
    message({
      type: 'TIMSoundElem',
      payload: { url: '/uploads/chat/v.m4a', second: 4, size: 10 },
      ...over,
    })

  it.each([
    ['flagged', voice({ hasRiskContent: true })],
    ['without a URL', voice({ hasRiskContent: false, payload: { url: '', second: 4, size: 10 } })],
  ])('%s: 暂不支持播放, nothing plays', (_name, m) => {
    const audio = jest.spyOn(Taro, 'createInnerAudioContext')
    render(<MessageAudio message={m} />)
    fireEvent.click(screen.getByRole('button', { name: '播放语音4秒' }))
    expect(Taro.showToast).toHaveBeenCalledWith({ title: '暂不支持播放', icon: 'none' })
    expect(audio).not.toHaveBeenCalled()
  })

  it('a flagged one keeps its bubble with the notice under it', () => {
    show(voice({ hasRiskContent: true }))
    expect(screen.getByRole('button', { name: '播放语音4秒' })).toBeTruthy()
    expect(screen.getByText(RISKY_NOTICE)).toBeTruthy()
  })
})

describe('sending a flagged message again', () => {
  function roomWith(kind: 'local' | 'tencent', failure: ChatFailure | null = null) {
    const forwarded = message({ ID: 'sdk-copy', status: 'unSend', hasRiskContent: false })
    const engine = {
      kind,
      createForwardMessage: jest.fn(() => forwarded),
    } as unknown as ChatEngine
    const send = jest.fn(async (_m: Message) => failure)
    const room = { engineForMessages: engine, me: '7', conversationID: 'C2C5', send }
    return { room: room as unknown as ChatRoom, send, engine, forwarded }
  }

  it('on the local gateway: a new message, same type and content, not flagged, nothing to upload', () => {
    const { room } = roomWith('local')
    const original = message({
      readReceiptInfo: { readCount: 1, unreadCount: 0, isPeerRead: true },
    })
    const copy = flaggedCopy(room, original)
    expect(copy.ID).not.toBe(original.ID)
    expect(copy.ID.startsWith('7-')).toBe(true)
    expect([copy.type, copy.payload, copy.conversationID]).toEqual([
      original.type,
      original.payload,
      original.conversationID,
    ])
    expect([copy.status, copy.progress, copy.flow, copy.sequence]).toEqual(['unSend', 1, 'out', 0])
    expect(copy.hasRiskContent).toBeUndefined()
    expect(copy.readReceiptInfo).toBeUndefined()
  })

  it("on Tencent: the SDK's copy (createForwardMessage) to the same conversation", async () => {
    const { room, engine, send, forwarded } = roomWith('tencent')
    const original = message()
    expect(await resendFlagged(room, original)).toBeNull()
    expect(engine.createForwardMessage).toHaveBeenCalledWith({
      to: '5',
      conversationType: 'C2C',
      payload: original,
      cloudCustomData: '',
    })
    expect(send).toHaveBeenCalledWith(forwarded)
  })

  it('refused again: the text of the code (80001, 80004)', async () => {
    const text = await resendFlagged(
      roomWith('local', { code: 80004, message: 'x' }).room,
      message(),
    )
    expect(text).toBe('消息中图片存在敏感内容,发送失败')
    expect(chatErrorText({ code: 80001, message: 'x' })).toBe(
      '消息或者资料中文本存在敏感内容,发送失败',
    )
  })
})
