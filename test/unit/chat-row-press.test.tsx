/**
 * The conversation row's long press on H5 (issue 30): when the press opened the menu (300 ms),
 * lifting the finger makes no click, which would land on the menu's mask and close it; a short
 * tap keeps its click.
 */
import { fireEvent, render } from '@testing-library/react'
import ConversationRow from '@/features/chat/components/ConversationRow'
import type { Conversation } from '@/TUIKit/engine/types'
import { ChatLimits } from '@rules/chat'
import { setUpTaroDom } from './helpers/taroDom'

// Cast: the fields a row shows are set; the rest of Conversation changes with other features.
const row = {
  conversationID: 'C2C5',
  type: 'C2C',
  unreadCount: 0,
  isPinned: false,
  isMuted: false,
  draftText: '',
  userProfile: { userID: '5', nick: '小周', avatar: '' },
  lastMessage: null,
  lastSequence: 0,
  readSequence: 0,
  time: 0,
} as unknown as Conversation

function show() {
  const handlers = {
    onOpen: jest.fn(),
    onPress: jest.fn(),
    onRelease: jest.fn(),
    onMenu: jest.fn(),
  }
  const { container } = render(<ConversationRow conversation={row} me="7" {...handlers} />)
  const el = container.querySelector('[data-testid="conversation-row"]') as HTMLElement
  return { el, ...handlers }
}

beforeAll(setUpTaroDom)
beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

test('a long press ends without a click; the press and release still reach the menu', () => {
  const { el, onPress, onRelease } = show()
  fireEvent.touchStart(el)
  jest.advanceTimersByTime(ChatLimits.longPressMs)
  expect(fireEvent.touchEnd(el)).toBe(false)
  expect(onPress).toHaveBeenCalledTimes(1)
  expect(onRelease).toHaveBeenCalledTimes(1)
})

test('a short tap keeps its click; a press that moved (a scroll) too', () => {
  const { el } = show()
  fireEvent.touchStart(el)
  jest.advanceTimersByTime(100)
  expect(fireEvent.touchEnd(el)).toBe(true)
  fireEvent.touchStart(el)
  fireEvent.touchMove(el)
  jest.advanceTimersByTime(1000)
  expect(fireEvent.touchEnd(el)).toBe(true)
})
