/**
 * The reactions row under a message (issue 30): chips named for screen readers, a tap takes one's
 * own back or joins another's at once (and is undone with the spec's text when refused), the
 * picker adds, 查看 lists the reactors, and pushes replace what is shown.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import { toast } from '@/core/toast'
import { reactionStore } from '@/features/chat/useReactions'
import MessageReactions from '@/TUIKit/components/TUIChat/MessageReactions'
import type { ChatEngine, Message, MessageReaction } from '@/TUIKit/engine/types'
import { setUpTaroDom } from './helpers/taroDom'

jest.mock('@/core/toast', () => ({ toast: jest.fn() }))

const message = {
  ID: '5-a',
  conversationID: 'C2C5',
  conversationType: 'C2C',
  type: 'TIMTextElem',
  payload: { text: '好书' },
  flow: 'in',
  status: 'success',
  isRevoked: false,
} as unknown as Message

const peer = { userID: '5', nick: '小周', avatar: '' }
const me = { userID: '7', nick: '我', avatar: '' }

function fakeEngine() {
  return {
    addMessageReaction: jest.fn().mockResolvedValue({ code: 0, data: null }),
    removeMessageReaction: jest.fn().mockResolvedValue({ code: 0, data: null }),
    getMessageReactions: jest.fn().mockResolvedValue({ code: 0, data: { resultList: [] } }),
    getAllUserListOfMessageReaction: jest.fn().mockResolvedValue({
      code: 0,
      data: { userList: [peer, me], nextSeq: '', isCompleted: true },
    }),
  }
}

const thumbs = (over: Partial<MessageReaction> = {}): MessageReaction => ({
  reactionID: '强',
  totalUserCount: 2,
  partialUserList: [peer, me],
  reactedByMyself: true,
  ...over,
})

const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-testid="reaction-chip"]')].map((el) =>
    el.getAttribute('aria-label'),
  )

beforeAll(setUpTaroDom)

let engine: ReturnType<typeof fakeEngine>
beforeEach(() => {
  engine = fakeEngine()
  reactionStore.attach(engine as unknown as ChatEngine, me)
  reactionStore.byId.clear()
  reactionStore.pick(null)
  reactionStore.closeView()
  jest.mocked(toast).mockClear()
})

describe('the reactions row', () => {
  it('shows nothing without reactions, chips named with emoji, count and state with them', () => {
    const { container } = render(<MessageReactions message={message} />)
    expect(container.querySelector('[data-testid="reactions"]')).toBeNull()
    act(() => reactionStore.put([{ messageID: message.ID, reactionList: [thumbs()] }]))
    expect(labels(container)).toEqual(['强，2人，已回应'])
    const chip = container.querySelector('[data-testid="reaction-chip"]') as HTMLElement
    expect(chip.getAttribute('role')).toBe('button')
    expect(chip.textContent).toBe('👍2')
  })

  it("tapping one's own chip takes it back at once; another's joins it", async () => {
    reactionStore.put([
      {
        messageID: message.ID,
        reactionList: [
          thumbs(),
          {
            reactionID: '爱心',
            totalUserCount: 1,
            partialUserList: [peer],
            reactedByMyself: false,
          },
        ],
      },
    ])
    const { container } = render(<MessageReactions message={message} />)
    const chips = () =>
      [...container.querySelectorAll('[data-testid="reaction-chip"]')] as HTMLElement[]
    await act(async () => fireEvent.click(chips()[0]))
    expect(engine.removeMessageReaction).toHaveBeenCalledWith(message, '强')
    expect(labels(container)).toEqual(['强，1人，点按回应', '爱心，1人，点按回应'])
    await act(async () => fireEvent.click(chips()[1]))
    expect(engine.addMessageReaction).toHaveBeenCalledWith(message, '爱心')
    expect(labels(container)).toEqual(['强，1人，点按回应', '爱心，2人，已回应'])
  })

  it('a refused reaction is undone and says 已达到表情回应上限数量', async () => {
    engine.addMessageReaction.mockRejectedValue({ code: 10070, message: '已达到表情回应上限数量' })
    reactionStore.put([{ messageID: message.ID, reactionList: [thumbs()] }])
    const { container } = render(<MessageReactions message={message} />)
    await act(async () => reactionStore.toggle(message, '庆祝', 'add'))
    expect(labels(container)).toEqual(['强，2人，已回应'])
    expect(toast).toHaveBeenCalledWith('已达到表情回应上限数量')
  })

  it('the picker of 回应 adds the chosen emoji and closes', async () => {
    const { container } = render(<MessageReactions message={message} />)
    act(() => reactionStore.pick(message))
    const options = [
      ...container.querySelectorAll('[data-testid="reaction-option"]'),
    ] as HTMLElement[]
    expect(options).toHaveLength(62)
    expect(options[43].getAttribute('aria-label')).toBe('回应强')
    await act(async () => fireEvent.click(options[43]))
    expect(engine.addMessageReaction).toHaveBeenCalledWith(message, '强')
    expect(container.querySelector('[data-testid="reaction-picker"]')).toBeNull()
    expect(labels(container)).toEqual(['强，1人，已回应'])
  })

  it('查看 lists who reacted, by name', async () => {
    reactionStore.put([{ messageID: message.ID, reactionList: [thumbs()] }])
    const { container, getByLabelText } = render(<MessageReactions message={message} />)
    await act(async () => fireEvent.click(getByLabelText('查看回应的人')))
    expect(engine.getAllUserListOfMessageReaction).toHaveBeenCalledWith({
      message,
      reactionID: '强',
      nextSeq: '',
      count: 100,
    })
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('[data-testid="reaction-user"]')].map((e) => e.textContent),
      ).toEqual(['小周', '我']),
    )
  })
})
