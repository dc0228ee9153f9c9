/**
 * 多选 and the menu's forwarding (issue 30): 转发 and 多选 in the message menu (not 转发 nor 复制
 * for gift cards), the tick on each message (a checkbox named 选择消息), nothing ticked says
 * 请选择消息, the picker sends nothing without a target, and the mode ends after forwarding.
 */
import { act, fireEvent, render, renderHook } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { createElement, type ReactNode } from 'react'
import type { ChatRoom } from '@/features/chat/ChatRoom'
import { useChatPage } from '@/features/chat/useChatPage'
import { useMultiSelect } from '@/features/chat/useMultiSelect'
import { createRootStore, StoreProvider } from '@/stores'
import MessageItem from '@/TUIKit/components/TUIChat/MessageItem'
import MultiSelectBar from '@/TUIKit/components/TUIChat/MultiSelectBar'
import type { Message, MessageOptions, MergerPayload } from '@/TUIKit/engine/types'
import { setUpTaroDom } from './helpers/taroDom'

beforeAll(setUpTaroDom)

const NOW = Math.floor(Date.now() / 1000)

// Cast: the fields forwarding reads are set; the rest of Message changes with other features.
const msg = (over: Partial<Message> = {}): Message =>
  ({
    ID: 'm1',
    conversationID: 'C2C5',
    conversationType: 'C2C',
    sequence: 1,
    type: 'TIMTextElem',
    payload: { text: '你好' },
    from: '5',
    to: '7',
    nick: '小周',
    avatar: '',
    time: NOW,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow: 'in',
    status: 'success',
    progress: 1,
    ...over,
  }) as Message

const gift = msg({
  ID: 'g',
  type: 'TIMCustomElem',
  payload: { data: JSON.stringify({ businessID: 'giveBook' }), description: 'giveBook' },
})

function wrapper({ children }: { children: ReactNode }) {
  const store = createRootStore()
  store.session.user = { user_id: 7, nickname: '读者甲' } as never
  return createElement(StoreProvider, { store }, children)
}

let toasts: string[] = []
beforeEach(() => {
  toasts = []
  jest.spyOn(Taro, 'showToast').mockImplementation(((o: { title: string }) => {
    toasts.push(o.title)
    return Promise.resolve()
  }) as never)
})

describe('the message menu', () => {
  async function itemsFor(m: Message): Promise<string[]> {
    let shown: string[] = []
    jest.spyOn(Taro, 'showActionSheet').mockImplementation(((o: { itemList: string[] }) => {
      shown = o.itemList
      return Promise.reject(new Error('cancel'))
    }) as never)
    const { result } = renderHook(() => useChatPage('C2C5'), { wrapper })
    await act(() =>
      result.current.menu(m, { quote: jest.fn(), forward: jest.fn(), multiSelect: jest.fn() }),
    )
    return shown
  }

  it('offers 转发 and 多选 for a text', async () => {
    const items = await itemsFor(msg())
    expect(items).toEqual(expect.arrayContaining(['复制', '转发', '多选', '引用', '删除']))
    // A mini-program's action sheet takes at most 6 items.
    expect(items.length).toBeLessThanOrEqual(6)
  })

  it('a gift card offers neither 转发 nor 复制', async () => {
    const items = await itemsFor(gift)
    expect(items).not.toContain('转发')
    expect(items).not.toContain('复制')
    expect(items).toContain('多选')
  })

  it('a failed message is not forwarded', async () => {
    expect(await itemsFor(msg({ status: 'fail' }))).not.toContain('转发')
  })
})

describe('the tick and the panel', () => {
  const item = (m: Message, ticked: boolean, enabled: boolean, onTick = jest.fn()) =>
    render(
      <MessageItem
        message={m}
        me="7"
        showTime={false}
        blinking={false}
        peerAvatar=""
        peerName="小周"
        myAvatar=""
        myName="读者甲"
        showNick={false}
        onMenu={jest.fn()}
        onAvatar={jest.fn()}
        onResend={jest.fn()}
        onReEdit={jest.fn()}
        onJumpToQuote={jest.fn()}
        onModify={jest.fn()}
        select={{ ticked, enabled, onTick }}
      />,
    )

  it('each message has a checkbox named 选择消息; tapping the message ticks it', () => {
    const onTick = jest.fn()
    const { getByRole, getByTestId } = item(msg(), true, true, onTick)
    const box = getByRole('checkbox', { name: '选择消息' })
    expect(box.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(getByTestId('msg'))
    expect(onTick).toHaveBeenCalledTimes(1)
  })

  it('a message that cannot be forwarded has a disabled tick and does not toggle', () => {
    const onTick = jest.fn()
    const { getByRole, getByTestId } = item(gift, false, false, onTick)
    expect(getByRole('checkbox', { name: '选择消息' }).getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(getByTestId('msg'))
    expect(onTick).not.toHaveBeenCalled()
  })

  it('the panel: 逐条转发, 合并转发 and 取消 as buttons', () => {
    const onForward = jest.fn()
    const onCancel = jest.fn()
    const { getByRole } = render(
      <MultiSelectBar count={2} onForward={onForward} onCancel={onCancel} />,
    )
    fireEvent.click(getByRole('button', { name: '逐条转发' }))
    fireEvent.click(getByRole('button', { name: '合并转发' }))
    fireEvent.click(getByRole('button', { name: '取消' }))
    expect(onForward.mock.calls).toEqual([['one'], ['merge']])
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})

describe('useMultiSelect', () => {
  function fakeRoom(messages: Message[]) {
    const sent: Message[] = []
    const room = {
      conversationID: 'C2C5',
      me: '7',
      messages,
      engineForMessages: {
        createForwardMessage: (o: MessageOptions<Message>) =>
          msg({ ID: `fwd-${o.payload.ID}-${o.to}` }),
        createMergerMessage: (o: MessageOptions<MergerPayload>) =>
          msg({ ID: `merge-${o.to}`, type: 'TIMRelayElem', payload: { ...o.payload } }),
      },
      send: jest.fn(async (m: Message) => {
        sent.push(m)
        return null
      }),
    }
    return { room: room as unknown as ChatRoom, sent }
  }

  const a = msg({ ID: 'a', time: NOW - 5 })
  const b = msg({ ID: 'b', time: NOW })

  it('nothing ticked: 请选择消息 and no picker', () => {
    const { room } = fakeRoom([a, b])
    const { result } = renderHook(() => useMultiSelect(room, null), { wrapper })
    act(() => result.current.start(gift))
    expect(result.current.active).toBe(true)
    act(() => result.current.ask('merge'))
    expect(toasts).toEqual(['请选择消息'])
    expect(result.current.picking).toBeNull()
  })

  it('no target chosen: nothing sent, the picker stays', async () => {
    const { room, sent } = fakeRoom([a, b])
    const { result } = renderHook(() => useMultiSelect(room, null), { wrapper })
    act(() => result.current.start(a))
    act(() => result.current.ask('one'))
    await act(() => result.current.send([]))
    expect(sent).toEqual([])
    expect(result.current.picking).toBe('one')
  })

  it('合并转发 sends one merged message per target, says 已转发 and ends the mode', async () => {
    const { room, sent } = fakeRoom([a, b])
    const { result } = renderHook(() => useMultiSelect(room, null), { wrapper })
    act(() => result.current.start(b))
    act(() => result.current.toggle(a))
    act(() => result.current.toggle(gift))
    expect(result.current.isTicked(a) && result.current.isTicked(b)).toBe(true)
    act(() => result.current.ask('merge'))
    expect(result.current.picking).toBe('merge')
    await act(() => result.current.send(['GROUP12', 'C2C6']))
    expect(sent.map((m) => m.ID)).toEqual(['merge-12', 'merge-6'])
    expect((sent[0].payload.messageList as Message[]).map((m) => m.ID)).toEqual(['a', 'b'])
    expect(toasts).toEqual(['已转发'])
    expect(result.current.active).toBe(false)
    expect(result.current.picking).toBeNull()
    expect(result.current.isTicked(a)).toBe(false)
  })

  it("the menu's 转发 forwards one message without the mode", async () => {
    const { room, sent } = fakeRoom([a, b])
    const { result } = renderHook(() => useMultiSelect(room, null), { wrapper })
    act(() => result.current.forwardOne(b))
    expect(result.current.active).toBe(false)
    expect(result.current.picking).toBe('one')
    await act(() => result.current.send(['C2C6']))
    expect(sent.map((m) => m.ID)).toEqual(['fwd-b-6'])
  })
})
