/**
 * The member picker of 发起群聊 (pagesA/friend/selectFriend?purpose=group) in jsdom with Taro's
 * web components: ticking friends, naming the group and tapping 完成 draws without a DOM error
 * (issue 30: the button's label changed under Stencil's slot nodes, and its loading spinner then
 * failed with insertBefore's NotFoundError).
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import * as friendsApi from '@/features/friends/api'
import * as groupsApi from '@/features/groups/api'
import type { FriendItem } from '@/types/api/friends'
import { byTestId, field, renderPage, READER, tap } from './helpers/pages'
import { setUpTaroDom } from './helpers/taroDom'

const router = { params: { purpose: 'group' } as Record<string, string> }

jest.mock('@tarojs/plugin-framework-react/dist/runtime', () =>
  jest
    .requireActual('./helpers/pageHooks')
    .fakePageHooks(['useDidShow', 'usePullDownRefresh', 'useReachBottom'], {
      useRouter: () => router,
    }),
)
jest.mock('@/features/friends/api')
jest.mock('@/features/groups/api')

const friend = (userId: number, nickname: string): FriendItem => ({
  userId,
  nickname,
  avatar: '',
  signature: '',
  remark: '',
  letter: 'A',
  since: 1,
})

beforeAll(setUpTaroDom)

test('发起群聊: tick two friends, name the group, 完成 shows its spinner without a DOM error', async () => {
  jest.mocked(friendsApi.fetchFriends).mockResolvedValue({
    list: [friend(11, '读者甲'), friend(12, '读者乙')],
    total: 2,
    letters: ['A'],
  } as never)
  // The creation stays pending: the button keeps its spinner while the test looks.
  jest.mocked(groupsApi.createGroup).mockReturnValue(new Promise(() => undefined))
  const errors = jest.spyOn(console, 'error')
  const { default: Page } = await import('@/pagesA/friend/selectFriend')
  const { container } = renderPage(Page, READER)
  await waitFor(() => expect(byTestId(container, 'pick-11')).toBeTruthy())
  const settle = () => act(() => new Promise((r) => setTimeout(r, 30)))
  await settle()

  await tap(byTestId(container, 'pick-11'))
  await settle()
  await tap(byTestId(container, 'pick-12'))
  await settle()
  const done = byTestId(container, 'pick-done')
  expect(done.textContent).toContain('完成(2)')
  const name = await field<HTMLInputElement>(container, '[data-testid="group-name"] input')
  await act(async () => {
    fireEvent.input(name, { target: { value: '读书会' } })
  })
  await settle()
  await tap(done)
  await settle()

  expect(groupsApi.createGroup).toHaveBeenCalledWith({ name: '读书会', userIds: [11, 12] })
  expect(done.querySelector('.weui-loading')).not.toBeNull()
  expect(errors).not.toHaveBeenCalled()
})
