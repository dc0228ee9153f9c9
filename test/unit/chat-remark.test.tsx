/**
 * A book friend's remark (备注) replaces the nickname in the conversation row and the chat's title
 * (issue 30); groups and peers without a remark keep their names.
 */
import { render, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import ConversationRow from '@/features/chat/components/ConversationRow'
import { useChatPage } from '@/features/chat/useChatPage'
import { createRootStore, StoreProvider } from '@/stores'
import type { Conversation } from '@/TUIKit/engine/types'
import { setUpTaroDom } from './helpers/taroDom'

// Cast: the fields a row shows are set; the rest of Conversation changes with other features.
const c2c = (over: Partial<Conversation> = {}): Conversation =>
  ({
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
    ...over,
  }) as Conversation

function nameShown(conversation: Conversation): string {
  const { container } = render(
    <ConversationRow
      conversation={conversation}
      me="7"
      onOpen={jest.fn()}
      onPress={jest.fn()}
      onRelease={jest.fn()}
      onMenu={jest.fn()}
    />,
  )
  return container.querySelector('.conv-row__name')?.textContent ?? ''
}

beforeAll(setUpTaroDom)

describe('the conversation row name', () => {
  it("a friend's remark replaces the nickname", () => {
    expect(nameShown(c2c({ remark: '读书会老李' }))).toBe('读书会老李')
  })

  it('without a remark: the nickname, else the user ID', () => {
    expect(nameShown(c2c())).toBe('小周')
    expect(nameShown(c2c({ userProfile: { userID: '5', nick: '', avatar: '' } }))).toBe('5')
  })

  it("a group shows the group's name", () => {
    const group = c2c({
      conversationID: 'GROUP3',
      type: 'GROUP',
      userProfile: { userID: '', nick: '', avatar: '' },
      groupProfile: {
        groupID: '3',
        name: '红楼梦读书会',
        avatar: '',
        ownerID: '1',
        muteAllMembers: false,
        memberCount: 3,
        selfInfo: { role: 'Member', muteUntil: 0 },
      },
    })
    expect(nameShown(group)).toBe('红楼梦读书会')
  })
})

describe('the chat title', () => {
  it("a friend's remark, else the nickname", async () => {
    const store = createRootStore()
    store.session.user = { user_id: 7, nickname: 'me' } as never
    store.chat.conversations = [c2c({ remark: '读书会老李' })]
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(StoreProvider, { store }, children)
    const { unmount } = renderHook(() => useChatPage('C2C5'), { wrapper })
    await waitFor(() => expect(document.title).toBe('读书会老李'))
    unmount()
    store.chat.conversations = [c2c()]
    renderHook(() => useChatPage('C2C5'), { wrapper })
    await waitFor(() => expect(document.title).toBe('小周'))
  })
})
