/**
 * The group pages and hooks in jsdom against a faked api: the detail page's buttons by role and
 * join mode, the gate (not found, not a manager, a guest), member actions by role, applications
 * fading out, the announcement's limit, and joining from the search.
 */
import { act, fireEvent, render, renderHook, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ComponentType, ReactNode } from 'react'
import { finishWith } from '@/core/finish'
import * as api from '@/features/groups/api'
import { useAnnouncement } from '@/features/groups/useAnnouncement'
import { useGroupEdit } from '@/features/groups/useGroupEdit'
import { FADE_MS } from '@/features/groups/useGroupApplications'
import { createRootStore, StoreProvider, type RootStore } from '@/stores'
import type { GroupApplication, GroupBrief, GroupDetail, GroupMember } from '@/types/api/groups'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: {} as Record<string, string> }

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return {
    ...actual,
    useDidShow: noop,
    usePullDownRefresh: noop,
    useReachBottom: noop,
    useRouter: () => router,
  }
})

jest.mock('@/features/groups/api')
const mocked = jest.mocked(api)
// "Done" goes back after a moment: not in these tests.
jest.mock('@/core/finish', () => ({ finishWith: jest.fn() }))

const NOW = Math.floor(Date.now() / 1000)

const person = (userId: number, role: GroupMember['role'], muteUntil = 0): GroupMember => ({
  userId,
  nickname: `读者${userId}`,
  avatar: '',
  role,
  muteUntil,
  joinedAt: 1,
})

const group = (patch: Partial<GroupDetail> = {}): GroupDetail => ({
  groupId: 1,
  name: '论语读书会',
  avatar: '',
  introduction: '每周读一章',
  announcement: '',
  ownerId: 10,
  joinMode: 'free',
  muteAll: false,
  memberCount: 3,
  createdAt: 1,
  myRole: null,
  myMuteUntil: 0,
  applied: false,
  members: [person(10, 'owner'), person(11, 'admin'), person(12, 'member')],
  pendingApplications: 0,
  disbanded: false,
  ...patch,
})

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 15 })

function loggedIn(): RootStore {
  const store = createRootStore()
  store.session.user = { user_id: 11, nickname: 'me' } as never
  return store
}

function show(Page: ComponentType, store = loggedIn()) {
  const view = render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
  const byTestId = (id: string) => view.container.querySelector(`[data-testid="${id}"]`)
  return { ...view, byTestId }
}

const tap = async (el: Element | null) => {
  expect(el).not.toBeNull()
  await act(async () => {
    fireEvent.click(el as Element)
  })
}

beforeAll(setUpTaroDom)

beforeEach(() => {
  router.params = { id: '1' }
  jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as never)
})

describe('group detail', () => {
  const load = async () => (await import('@/pagesA/friend/groupDetail')).default

  it('lets someone outside a free group join, then shows what a member does', async () => {
    mocked.fetchGroupDetail.mockResolvedValueOnce(group())
    mocked.fetchGroupDetail.mockResolvedValueOnce(group({ myRole: 'member', memberCount: 4 }))
    mocked.joinGroup.mockResolvedValue({ state: 'joined' })
    const { byTestId, container } = show(await load())
    await waitFor(() => expect(byTestId('group-join')?.textContent).toBe('加入群聊'))
    expect(container.textContent).toContain('群号 1')
    expect(byTestId('group-members')).toBeNull()
    await tap(byTestId('group-join'))
    expect(mocked.joinGroup).toHaveBeenCalledWith(1, undefined)
    await waitFor(() => expect(byTestId('group-quit')).not.toBeNull())
    expect(byTestId('group-chat')).not.toBeNull()
    expect(byTestId('group-members')).not.toBeNull()
    expect(byTestId('group-manage')).toBeNull()
    expect(byTestId('group-disband')).toBeNull()
  })

  it('applies to an approval group and shows 已申请; a closed group cannot be joined', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ joinMode: 'approval' }))
    mocked.joinGroup.mockResolvedValue({ state: 'applied' })
    const { byTestId, unmount } = show(await load())
    await waitFor(() => expect(byTestId('group-join')?.textContent).toBe('申请加入'))
    expect(byTestId('apply-reason')).not.toBeNull()
    await tap(byTestId('group-join'))
    expect(mocked.joinGroup).toHaveBeenCalledWith(1, '')
    await waitFor(() => expect(byTestId('group-join')?.textContent).toBe('已申请'))
    await tap(byTestId('group-join'))
    expect(mocked.joinGroup).toHaveBeenCalledTimes(1)
    unmount()

    mocked.fetchGroupDetail.mockResolvedValue(group({ joinMode: 'closed' }))
    const closed = show(await load())
    await waitFor(() => expect(closed.byTestId('group-closed')?.textContent).toBe('该群不允许加入'))
    expect(closed.byTestId('group-join')).toBeNull()
  })

  it('gives the owner management and disbanding, after asking', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'owner', pendingApplications: 2 }))
    mocked.disbandGroup.mockResolvedValue(null)
    const { byTestId } = show(await load())
    await waitFor(() => expect(byTestId('group-disband')).not.toBeNull())
    for (const id of ['group-invite', 'group-manage', 'group-edit', 'group-quit']) {
      expect(byTestId(id)).not.toBeNull()
    }
    expect(byTestId('group-applications')?.textContent).toContain('2')
    await tap(byTestId('group-disband'))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ title: '解散群聊' }))
    expect(mocked.disbandGroup).toHaveBeenCalledWith(1)
    expect(finishWith).toHaveBeenCalledWith('群聊已解散', { backOr: '/pages/friend/index' })
  })

  it('tells the owner to hand the group over instead of quitting', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'owner' }))
    const { byTestId } = show(await load())
    await waitFor(() => expect(byTestId('group-quit')).not.toBeNull())
    await tap(byTestId('group-quit'))
    expect(Taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '群主不能退出群聊，请先转让群主', showCancel: false }),
    )
    expect(mocked.quitGroup).not.toHaveBeenCalled()
  })

  it("shows the server's not-found message with the group's number", async () => {
    mocked.fetchGroupDetail.mockRejectedValue(new Error('该群组不存在'))
    const { container } = show(await load())
    await waitFor(() => expect(container.textContent).toContain('该群组不存在'))
    expect(container.textContent).toContain('群号 1')
    expect(container.textContent).toContain('返回我的群聊')
  })

  it('shows a disbanded group as such', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ disbanded: true, members: [] }))
    const { container } = show(await load())
    await waitFor(() => expect(container.textContent).toContain('该群聊已解散'))
  })

  it('asks a guest to log in and loads nothing', async () => {
    const { container } = show(await load(), createRootStore())
    await act(async () => undefined)
    expect(container.textContent).toContain('登录后查看群聊信息')
    expect(mocked.fetchGroupDetail).not.toHaveBeenCalled()
  })
})

describe('group management', () => {
  const load = async () => (await import('@/pagesA/friend/groupSet')).default
  const members = [person(10, 'owner'), person(11, 'admin'), person(12, 'member', NOW + 600)]

  it('refuses a plain member', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'member' }))
    const { container } = show(await load())
    await waitFor(() => expect(container.textContent).toContain('只有群主和管理员可以管理群'))
    expect(mocked.fetchGroupApplications).not.toHaveBeenCalled()
  })

  it('gives an admin mute and remove on plain members only', async () => {
    router.params = { id: '1', section: 'members' }
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'admin' }))
    mocked.fetchGroupApplications.mockResolvedValue([])
    mocked.fetchGroupMembers.mockResolvedValue(page(members))
    mocked.muteMember.mockResolvedValue(null)
    const { byTestId } = show(await load())
    await waitFor(() => expect(byTestId('member-row-12')).not.toBeNull())
    expect(mocked.fetchGroupMembers).toHaveBeenCalledWith(1, 1, 15, '')
    expect(byTestId('muted-12')?.textContent).toBe('禁言中')
    expect(byTestId('mute-12')?.textContent).toBe('解除禁言')
    expect(byTestId('remove-12')).not.toBeNull()
    expect(byTestId('set-admin-12')).toBeNull()
    expect(byTestId('transfer-12')).toBeNull()
    for (const id of ['mute-11', 'remove-11', 'mute-10', 'remove-10'])
      expect(byTestId(id)).toBeNull()
    await tap(byTestId('mute-12'))
    expect(mocked.muteMember).toHaveBeenCalledWith(1, 12, 0)
    await waitFor(() => expect(byTestId('mute-12')?.textContent).toBe('禁言'))
    expect(byTestId('muted-12')).toBeNull()
  })

  it('lets the owner mute for a chosen time, make admins and remove after asking', async () => {
    router.params = { id: '1', section: 'members' }
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'owner' }))
    mocked.fetchGroupApplications.mockResolvedValue([])
    mocked.fetchGroupMembers.mockResolvedValue(page([person(10, 'owner'), person(13, 'member')]))
    mocked.muteMember.mockResolvedValue(null)
    mocked.setGroupAdmin.mockResolvedValue(null)
    mocked.removeMembers.mockResolvedValue(null)
    jest.spyOn(Taro, 'showActionSheet').mockResolvedValue({ tapIndex: 1, errMsg: 'ok' } as never)
    const { byTestId } = show(await load())
    await waitFor(() => expect(byTestId('transfer-13')).not.toBeNull())
    expect(byTestId('transfer-10')).toBeNull()
    await tap(byTestId('mute-13'))
    expect(Taro.showActionSheet).toHaveBeenCalledWith({
      itemList: ['10分钟', '1小时', '1天', '7天'],
    })
    expect(mocked.muteMember).toHaveBeenCalledWith(1, 13, 3600)
    await waitFor(() => expect(byTestId('muted-13')).not.toBeNull())
    await tap(byTestId('set-admin-13'))
    expect(mocked.setGroupAdmin).toHaveBeenCalledWith(1, 13, true)
    await waitFor(() => expect(byTestId('set-admin-13')?.textContent).toBe('取消管理员'))
    await tap(byTestId('remove-13'))
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ title: '移出群聊' }))
    expect(mocked.removeMembers).toHaveBeenCalledWith(1, [13])
    await waitFor(() => expect(byTestId('member-row-13')).toBeNull())
  })

  it('changes the join mode, and takes an application out after it fades', async () => {
    const app: GroupApplication = {
      applicationId: 7,
      groupId: 1,
      groupName: '论语读书会',
      userId: 20,
      nickname: '新人',
      avatar: '',
      reason: '想一起读论语',
      time: NOW,
    }
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'admin' }))
    mocked.updateGroup.mockResolvedValue(group({ myRole: 'admin', joinMode: 'approval' }))
    mocked.fetchGroupApplications.mockResolvedValue([app])
    mocked.handleGroupApplication.mockResolvedValue(null)
    const { byTestId, container } = show(await load())
    await waitFor(() => expect(byTestId('join-mode-approval')).not.toBeNull())
    expect(byTestId('join-mode-free')?.getAttribute('data-on')).toBe('1')
    await tap(byTestId('join-mode-approval'))
    expect(mocked.updateGroup).toHaveBeenCalledWith({ groupId: 1, joinMode: 'approval' })
    await waitFor(() => expect(byTestId('join-mode-approval')?.getAttribute('data-on')).toBe('1'))

    await waitFor(() => expect(container.textContent).toContain('入群申请(1)'))
    await tap([...container.querySelectorAll('.at-tabs__item')][1] ?? null)
    await waitFor(() => expect(byTestId('accept-7')).not.toBeNull())
    expect(byTestId('application-7')?.textContent).toContain('想一起读论语')
    await tap(byTestId('accept-7'))
    expect(mocked.handleGroupApplication).toHaveBeenCalledWith(7, true)
    expect(byTestId('application-7')?.className).toContain('group-apps__row--leaving')
    await act(() => new Promise((done) => setTimeout(done, FADE_MS + 50)))
    expect(byTestId('application-7')).toBeNull()
  })
})

describe('the announcement', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={loggedIn()}>{children}</StoreProvider>
  )

  it('refuses more than 150 characters without sending, then saves', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'admin', announcement: '旧公告' }))
    mocked.updateGroup.mockResolvedValue(group({ myRole: 'admin', announcement: '新公告' }))
    const { result } = renderHook(() => useAnnouncement(1), { wrapper })
    await waitFor(() => expect(result.current.text).toBe('旧公告'))
    expect(result.current.editable).toBe(true)
    act(() => result.current.input('读'.repeat(151)))
    expect(result.current.count).toBe(151)
    expect(result.current.over).toBe(true)
    await act(() => result.current.save())
    expect(result.current.problem).toBe('群公告字数超出限制，最大长度为150')
    expect(mocked.updateGroup).not.toHaveBeenCalled()
    act(() => result.current.input(' 新公告 '))
    expect(result.current.problem).toBe('')
    await act(() => result.current.save())
    expect(mocked.updateGroup).toHaveBeenCalledWith({ groupId: 1, announcement: '新公告' })
    expect(result.current.text).toBe('新公告')
  })

  it('is read-only for a plain member', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'member', announcement: '公告' }))
    const { default: Page } = await import('@/pagesA/friend/groupDetailOpen')
    const { byTestId } = show(Page)
    await waitFor(() => expect(byTestId('announcement-text')?.textContent).toBe('公告'))
    expect(byTestId('announcement-input')).toBeNull()
    expect(byTestId('announcement-save')).toBeNull()
  })
})

describe('editing the profile', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={loggedIn()}>{children}</StoreProvider>
  )

  it('checks the name with the shared rule, then sends only what changed', async () => {
    mocked.updateGroup.mockResolvedValue(group({ myRole: 'owner', name: '孟子读书会' }))
    const { result } = renderHook(() => useGroupEdit(group({ myRole: 'owner' })), { wrapper })
    act(() => result.current.setName('  '))
    await act(() => result.current.save())
    expect(result.current.form.error).toBe('群名称不能为空')
    act(() => result.current.setName('孟子 读书会'))
    await act(() => result.current.save())
    expect(result.current.form.error).toBe('群名称只能包含中文、字母、数字和下划线，长度为2-20')
    expect(mocked.updateGroup).not.toHaveBeenCalled()
    act(() => result.current.setName('孟子读书会'))
    await act(() => result.current.save())
    expect(mocked.updateGroup).toHaveBeenCalledWith({ groupId: 1, name: '孟子读书会' })
    expect(finishWith).toHaveBeenCalledWith('群资料已保存', { backOr: '/pages/friend/index' })
  })

  it('is refused to a plain member', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'member' }))
    const { default: Page } = await import('@/pagesA/friend/groupDetailEdit')
    const { container, byTestId } = show(Page)
    await waitFor(() => expect(container.textContent).toContain('只有群主和管理员可以修改群资料'))
    expect(byTestId('group-name-input')).toBeNull()
  })

  it('shows the form, filled, to an admin', async () => {
    mocked.fetchGroupDetail.mockResolvedValue(group({ myRole: 'admin' }))
    const { default: Page } = await import('@/pagesA/friend/groupDetailEdit')
    const { byTestId } = show(Page)
    await waitFor(() => expect(byTestId('group-name-input')).not.toBeNull())
    expect(byTestId('group-save')).not.toBeNull()
    expect(byTestId('group-avatar-image-add')).not.toBeNull()
  })
})

describe('finding groups', () => {
  const brief = (groupId: number, patch: Partial<GroupBrief> = {}): GroupBrief => ({
    groupId,
    name: `群${groupId}`,
    avatar: '',
    introduction: '',
    memberCount: 5,
    joinMode: 'free',
    myRole: null,
    applied: false,
    ...patch,
  })

  it('joins a free group and opens its chat; applies to an approval group with a reason box', async () => {
    mocked.searchGroups.mockResolvedValue({
      ...page([
        brief(1),
        brief(2, { joinMode: 'approval' }),
        brief(3, { myRole: 'member' }),
        brief(4, { joinMode: 'approval', applied: true }),
      ]),
      pageSize: 20,
    })
    mocked.joinGroup.mockResolvedValueOnce({ state: 'joined' })
    mocked.joinGroup.mockResolvedValueOnce({ state: 'applied' })
    const { default: Page } = await import('@/pagesA/friend/selectGroup')
    const { byTestId } = show(Page)
    await waitFor(() => expect(byTestId('join-1')?.textContent).toBe('加入'))
    expect(mocked.searchGroups).toHaveBeenCalledWith('', 1, 20)
    expect(byTestId('join-2')?.textContent).toBe('申请')
    expect(byTestId('join-3')?.textContent).toBe('已加入')
    expect(byTestId('join-4')?.textContent).toBe('已申请')

    await tap(byTestId('join-1'))
    expect(mocked.joinGroup).toHaveBeenCalledWith(1, undefined)
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/TUIKit/components/TUIChat/index?conversationID=GROUP1',
    })
    await waitFor(() => expect(byTestId('join-1')?.textContent).toBe('已加入'))

    expect(byTestId('apply-send')).toBeNull()
    await tap(byTestId('join-2'))
    await tap(byTestId('apply-send'))
    expect(mocked.joinGroup).toHaveBeenLastCalledWith(2, '')
    await waitFor(() => expect(byTestId('join-2')?.textContent).toBe('已申请'))
    expect(byTestId('apply-send')).toBeNull()
  })
})

describe('my groups', () => {
  it('lists my groups, a row opening its chat; empty says so', async () => {
    mocked.fetchMyGroups.mockResolvedValue(page([]))
    const { default: Page } = await import('@/pagesA/friend/group')
    const { container, byTestId } = show(Page)
    await waitFor(() => expect(container.textContent).toContain('还没有加入群聊'))
    expect(byTestId('group-create')).not.toBeNull()
    expect(byTestId('group-find')).not.toBeNull()
    await tap(byTestId('group-create'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({
      url: '/pagesA/friend/selectFriend?purpose=group',
    })
  })
})
