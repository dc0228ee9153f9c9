/**
 * The in-chat member picker (issue 30, chat-spec): search by exact user ID, select all, load more,
 * the selected list, 取消 and 完成 (inactive while nothing is selected); the @ list (选择提醒的人)
 * picks on a tap with 所有人 first for managers.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  allSelected,
  canFinish,
  searchedUserId,
  selectAllShown,
  toggleMember,
  visibleMembers,
} from '@/features/chat/useMemberPicker'
import { fetchGroupMembers } from '@/features/groups/public'
import AtMemberPicker from '@/TUIKit/components/TUIChat/AtMemberPicker'
import MemberPicker from '@/TUIKit/components/TUIChat/MemberPicker'
import type { GroupMember } from '@/types/api/groups'
import { MSG_AT_ALL } from '@rules/chat'
import { setUpTaroDom } from './helpers/taroDom'

jest.mock('@/features/groups/public', () => ({ fetchGroupMembers: jest.fn() }))
const fetchMembers = fetchGroupMembers as jest.MockedFunction<typeof fetchGroupMembers>

const member = (userId: number, nickname = `读者${userId}`): GroupMember => ({
  userId,
  nickname,
  avatar: '',
  role: 'member',
  muteUntil: 0,
  joinedAt: 0,
})
// 20 members: pages of 15 (chat-spec), the reader (7) among them.
const ALL = Array.from({ length: 20 }, (_, i) => member(i + 1))

beforeAll(setUpTaroDom)
beforeEach(() => {
  fetchMembers.mockImplementation(async (_group, page, size, keyword) => {
    const hits = keyword ? ALL.filter((m) => m.nickname.includes(keyword)) : ALL
    const list = hits.slice((page - 1) * size, page * size)
    return { list, total: hits.length, page, pageSize: size } as never
  })
})

describe('selection rules', () => {
  const [a, b, c] = [member(1), member(2), member(3)]

  it('a search of digits is a user ID, matched exactly', () => {
    expect(searchedUserId(' 12 ')).toBe('12')
    expect(searchedUserId('小周')).toBeNull()
    expect(visibleMembers([a, b, member(12)], '1').map((m) => m.userId)).toEqual([1])
    expect(visibleMembers([a, b], null, ['2']).map((m) => m.userId)).toEqual([1])
  })

  it('toggle adds and takes out', () => {
    expect(toggleMember([a], b)).toEqual([a, b])
    expect(toggleMember([a, b], a)).toEqual([b])
  })

  it('select all adds the shown members, then takes them out; others stay', () => {
    const once = selectAllShown([c], [a, b])
    expect(once).toEqual([c, a, b])
    expect(allSelected(once, [a, b])).toBe(true)
    expect(selectAllShown(once, [a, b])).toEqual([c])
    expect(allSelected([], [])).toBe(false)
  })

  it('完成 needs someone selected', () => {
    expect(canFinish([])).toBe(false)
    expect(canFinish([a])).toBe(true)
  })
})

const byId = (id: string) => screen.getByTestId(id)

describe('MemberPicker', () => {
  it('loads 15, loads more, selects all, and finishes with the selection', async () => {
    const onDone = jest.fn()
    render(
      <MemberPicker
        title="选择成员"
        groupId={3}
        me="7"
        multiple
        onDone={onDone}
        onClose={jest.fn()}
      />,
    )
    await waitFor(() => expect(screen.queryByTestId('member-15')).not.toBeNull())
    expect(screen.queryByTestId('member-7')).toBeNull()
    expect(screen.queryByTestId('member-16')).toBeNull()
    const done = byId('member-picker-done')
    expect(done.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(done)
    expect(onDone).not.toHaveBeenCalled()

    fireEvent.click(byId('member-load-more'))
    await waitFor(() => expect(screen.queryByTestId('member-20')).not.toBeNull())
    expect(screen.queryByTestId('member-load-more')).toBeNull()

    fireEvent.click(byId('member-select-all'))
    expect(byId('member-select-all').getAttribute('aria-checked')).toBe('true')
    expect(done.textContent).toBe('完成(19)')
    expect(done.getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(byId('member-3'))
    expect(byId('member-3').getAttribute('aria-checked')).toBe('false')
    expect(byId('member-selected').textContent).toContain('读者4')
    fireEvent.click(done)
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(onDone.mock.calls[0][0]).toHaveLength(18)
  })

  it('finds a member by exact user ID; 取消 closes', async () => {
    const onClose = jest.fn()
    render(
      <MemberPicker
        title="选择成员"
        groupId={3}
        me="7"
        multiple
        onDone={jest.fn()}
        onClose={onClose}
      />,
    )
    await waitFor(() => expect(screen.queryByTestId('member-1')).not.toBeNull())
    const search = byId('member-search').querySelector('input') as HTMLInputElement
    await act(async () => {
      fireEvent.input(search, { target: { value: '12' } })
    })
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 })
    await waitFor(() => expect(screen.queryByTestId('member-1')).toBeNull())
    expect(screen.queryByTestId('member-12')).not.toBeNull()
    expect(screen.getAllByTestId(/^member-\d+$/)).toHaveLength(1)
    fireEvent.click(byId('member-picker-cancel'))
    expect(onClose).toHaveBeenCalled()
  })
})

describe('the @ list', () => {
  it('is titled 选择提醒的人; a tap picks; 所有人 first for managers', async () => {
    const onPick = jest.fn()
    render(<AtMemberPicker groupId={3} me="7" canAtAll onPick={onPick} onClose={jest.fn()} />)
    expect(screen.getByText('选择提醒的人')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('at-2')).not.toBeNull())
    expect(screen.queryByTestId('member-select-all')).toBeNull()
    fireEvent.click(byId('at-2'))
    expect(onPick).toHaveBeenLastCalledWith({ userID: '2', nick: '读者2' })
    fireEvent.click(byId('at-all'))
    expect(onPick).toHaveBeenLastCalledWith({ userID: MSG_AT_ALL, nick: '所有人' })
  })

  it('members only without the right to @所有人', async () => {
    render(
      <AtMemberPicker groupId={3} me="7" canAtAll={false} onPick={jest.fn()} onClose={jest.fn()} />,
    )
    await waitFor(() => expect(screen.queryByTestId('at-2')).not.toBeNull())
    expect(screen.queryByTestId('at-all')).toBeNull()
  })
})
