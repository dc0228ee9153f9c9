/**
 * A message in the chat list (issue 30): the menu opens after a 500 ms press and stays open when
 * the finger lifts (the touch's click is cancelled), a right click opens it on a PC, a text keeps
 * its line breaks, and an incoming message's avatar opens the person.
 */
import { act, fireEvent, render } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fetchFriendDetail } from '@/features/friends/api'
import MessageItem from '@/TUIKit/components/TUIChat/MessageItem'
import { personUrl } from '@/TUIKit/components/TUIChat/MessageList'
import MessageText from '@/TUIKit/components/TUIChat/message-elements/MessageText'
import type { Message } from '@/TUIKit/engine/types'
import { ChatLimits } from '@rules/chat'
import { setUpTaroDom } from './helpers/taroDom'

jest.mock('@/features/friends/api')

const POEM = '床前明月光，\n疑是地上霜。\n举头望明月，\n低头思故乡。'

// Cast: the fields a text message shows are set; the rest of Message changes with other features.
const text = (over: Partial<Message> = {}): Message =>
  ({
    ID: '1-a',
    conversationID: 'C2C5',
    conversationType: 'C2C',
    sequence: 1,
    type: 'TIMTextElem',
    payload: { text: POEM },
    from: '5',
    to: '7',
    nick: '小周',
    avatar: '',
    time: 1_700_000_000,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow: 'in',
    status: 'success',
    progress: 1,
    ...over,
  }) as Message

function show(message: Message = text()) {
  const onMenu = jest.fn()
  const onAvatar = jest.fn()
  const view = render(
    <MessageItem
      message={message}
      me="7"
      showTime={false}
      blinking={false}
      peerAvatar=""
      peerName="小周"
      myAvatar=""
      myName="我"
      showNick={false}
      onMenu={onMenu}
      onAvatar={onAvatar}
      onResend={jest.fn()}
      onReEdit={jest.fn()}
      onJumpToQuote={jest.fn()}
      onModify={jest.fn()}
    />,
  )
  const bubble = view.container.querySelector('[data-testid="msg-bubble"]') as HTMLElement
  return { ...view, bubble, onMenu, onAvatar }
}

beforeAll(setUpTaroDom)

describe('the message menu', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('opens after a 500 ms press, and lifting the finger does not click (the menu stays open)', () => {
    const { bubble, onMenu } = show()
    fireEvent.touchStart(bubble)
    act(() => jest.advanceTimersByTime(ChatLimits.messageLongPressMs - 1))
    expect(onMenu).not.toHaveBeenCalled()
    act(() => jest.advanceTimersByTime(1))
    expect(onMenu).toHaveBeenCalledTimes(1)
    // fireEvent answers false when the handler cancelled the event (no click follows).
    expect(fireEvent.touchEnd(bubble)).toBe(false)
  })

  it('a short tap neither opens the menu nor loses its click', () => {
    const { bubble, onMenu } = show()
    fireEvent.touchStart(bubble)
    act(() => jest.advanceTimersByTime(200))
    expect(fireEvent.touchEnd(bubble)).toBe(true)
    act(() => jest.advanceTimersByTime(1000))
    expect(onMenu).not.toHaveBeenCalled()
  })

  it('moving the finger (scrolling) cancels the press', () => {
    const { bubble, onMenu } = show()
    fireEvent.touchStart(bubble)
    fireEvent.touchMove(bubble)
    act(() => jest.advanceTimersByTime(1000))
    expect(onMenu).not.toHaveBeenCalled()
  })

  it('a right click opens it at once, without the browser menu', () => {
    const { bubble, onMenu } = show()
    expect(fireEvent.contextMenu(bubble)).toBe(false)
    expect(onMenu).toHaveBeenCalledTimes(1)
  })

  it("a touch browser's context menu during a long press does not open it twice", () => {
    const { bubble, onMenu } = show()
    fireEvent.touchStart(bubble)
    expect(fireEvent.contextMenu(bubble)).toBe(false)
    act(() => jest.advanceTimersByTime(ChatLimits.messageLongPressMs))
    fireEvent.touchEnd(bubble)
    expect(onMenu).toHaveBeenCalledTimes(1)
  })
})

describe('text bubbles', () => {
  it('keep the line breaks of a four-line poem', () => {
    const { container } = render(<MessageText message={text()} />)
    const shown = container.querySelector('.msg-text') as HTMLElement
    expect(shown.textContent).toBe(POEM)
    expect(shown.textContent?.split('\n')).toHaveLength(4)
    // jsdom draws no style sheet: the rule that shows the breaks on H5 is checked in the source.
    const scss = readFileSync(
      resolve(__dirname, '../../src/TUIKit/components/TUIChat/chat.scss'),
      'utf8',
    )
    expect(scss).toMatch(/\.msg-text\s*\{[^}]*white-space:\s*pre-wrap/)
  })

  it('keep them around a link too', () => {
    const message = text({ payload: { text: '看这里\nhttps://example.com/a\n好文' } })
    const { container } = render(<MessageText message={message} />)
    expect(container.querySelector('.msg-text')?.textContent).toBe(
      '看这里\nhttps://example.com/a\n好文',
    )
    expect(container.querySelector('.msg-text__link')?.textContent).toBe('https://example.com/a')
  })
})

describe('the avatar', () => {
  it("an incoming message's avatar opens the person; my own does nothing", () => {
    const incoming = show()
    fireEvent.click(incoming.container.querySelector('.avatar') as HTMLElement)
    expect(incoming.onAvatar).toHaveBeenCalledTimes(1)
    incoming.unmount()
    const mine = show(text({ flow: 'out', from: '7' }))
    fireEvent.click(mine.container.querySelector('.avatar') as HTMLElement)
    expect(mine.onAvatar).not.toHaveBeenCalled()
  })
})

describe('where an avatar leads', () => {
  it("a book friend's detail page, or the profile of someone not (yet) a friend", async () => {
    const detail = jest.mocked(fetchFriendDetail)
    detail.mockResolvedValueOnce({ isFriend: true } as never)
    expect(await personUrl('5')).toBe('/pagesA/friend/friendDetail?type=chat&id=5')
    detail.mockResolvedValueOnce({ isFriend: false } as never)
    expect(await personUrl('6')).toBe('/pagesA/friend/userDetail?id=6')
    detail.mockRejectedValueOnce(new Error('offline'))
    expect(await personUrl('8')).toBe('/pagesA/friend/userDetail?id=8')
  })
})
