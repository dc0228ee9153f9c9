/**
 * The merged card and viewer (issue 30): the card shows its title, at most 7 abstract lines and
 * 聊天记录 and is a button named 「聊天记录，<title>」; tapping it opens the viewer (loading, then
 * each item's nick and body); a merged card inside steps in, 返回 steps out and closes the viewer
 * when the stack is empty; a failed download shows Load Merge Message Error and 重试.
 */
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { useMergedViewer, type MergerCard } from '@/features/chat/useMergedViewer'
import MergedViewer from '@/TUIKit/components/TUIChat/MergedViewer'
import MessageMerger from '@/TUIKit/components/TUIChat/message-elements/MessageMerger'
import type { MergedMessageItem } from '@/TUIKit/engine/types'
import { setUpTaroDom } from './helpers/taroDom'

beforeAll(setUpTaroDom)

const item = (over: Partial<MergedMessageItem>): MergedMessageItem => ({
  ID: 'i',
  from: '5',
  nick: '小周',
  avatar: '',
  time: 1_800_000_000,
  type: 'TIMTextElem',
  payload: { text: '你好' },
  ...over,
})

const inner = {
  title: '群聊的聊天记录',
  abstractList: ['读者丙: 里层'],
  downloadKey: 'inner',
}
const outer = {
  title: '读者甲和小周的聊天记录',
  abstractList: ['小周: 一', '读者甲: 二', '小周: 三', '4', '5', '6', '7', '8'],
  downloadKey: 'outer',
}

const lists: Record<string, MergedMessageItem[]> = {
  outer: [
    item({ ID: 'a', payload: { text: '第一条' } }),
    item({ ID: 'b', nick: '读者甲', type: 'TIMRelayElem', payload: inner }),
  ],
  inner: [item({ ID: 'c', nick: '读者丙', payload: { text: '里层的话' } })],
}

function Page({ download }: { download: (p: MergerCard) => Promise<MergedMessageItem[]> }) {
  const viewer = useMergedViewer(download)
  return (
    <>
      <MessageMerger payload={outer} />
      <MergedViewer viewer={viewer} />
    </>
  )
}

const card = (title: string) => screen.getByRole('button', { name: `聊天记录，${title}` })

describe('the merged card', () => {
  it('shows the title, 7 abstract lines at most and 聊天记录', () => {
    const { container } = render(<MessageMerger payload={outer} />)
    expect(container.querySelector('.msg-merger__title')?.textContent).toBe(outer.title)
    expect(container.querySelectorAll('.msg-merger__line')).toHaveLength(7)
    expect(container.querySelector('.msg-merger__foot')?.textContent).toBe('聊天记录')
    expect(card(outer.title)).toBeTruthy()
  })
})

describe('the merged viewer', () => {
  it('opens the card, steps into a nested one and back out, and closes when empty', async () => {
    const download = jest.fn((p: MergerCard) => Promise.resolve(lists[String(p.downloadKey)]))
    const { container } = render(<Page download={download} />)
    expect(container.querySelector('[data-testid="merged-viewer"]')).toBeNull()

    fireEvent.click(card(outer.title))
    expect(screen.getByText('加载中…')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('第一条')).toBeTruthy())
    expect(screen.getByTestId('merged-title').textContent).toBe(outer.title)
    expect(download).toHaveBeenCalledWith(outer)

    fireEvent.click(card(inner.title))
    await waitFor(() => expect(screen.getByText('里层的话')).toBeTruthy())
    expect(screen.getByTestId('merged-title').textContent).toBe(inner.title)

    fireEvent.click(screen.getByRole('button', { name: '返回' }))
    expect(screen.getByTestId('merged-title').textContent).toBe(outer.title)
    expect(screen.getByText('第一条')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '返回' }))
    expect(container.querySelector('[data-testid="merged-viewer"]')).toBeNull()
  })

  it('a failed download shows Load Merge Message Error; 重试 loads it again', async () => {
    let fail = true
    const download = jest.fn(() =>
      fail ? Promise.reject(new Error('gone')) : Promise.resolve(lists.inner),
    )
    render(<Page download={download} />)
    fireEvent.click(card(outer.title))
    await waitFor(() => expect(screen.getByText('Load Merge Message Error')).toBeTruthy())
    fail = false
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(screen.getByText('里层的话')).toBeTruthy())
    expect(download).toHaveBeenCalledTimes(2)
  })

  it('an answer for a frame already closed changes nothing', async () => {
    let answer: (list: MergedMessageItem[]) => void = () => undefined
    const download = () => new Promise<MergedMessageItem[]>((resolve) => (answer = resolve))
    const { result } = renderHook(() => useMergedViewer(download))
    act(() => result.current.open(outer))
    act(() => result.current.back())
    await act(async () => answer(lists.outer))
    expect(result.current.stack).toEqual([])
    expect(result.current.top).toBeNull()
  })
})
