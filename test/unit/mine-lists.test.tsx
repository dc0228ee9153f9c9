/**
 * The mine tab names each list by what it holds and opens the list of what its count counts:
 * the 读后感 count and 我的读后感 open my feed posts, 我的书评 my reflections on books.
 */
import { fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { createRootStore, StoreProvider } from '@/stores'
import { setUpTaroDom } from './helpers/taroDom'

// Page hooks need a Taro page around the component: outside one they do nothing here.
jest.mock('@tarojs/plugin-framework-react/dist/runtime', () => {
  const actual = jest.requireActual('@tarojs/plugin-framework-react/dist/runtime')
  const noop = () => undefined
  return { ...actual, useDidShow: noop, usePullDownRefresh: noop, useReachBottom: noop }
})
jest.mock('@/features/social/api')

const ME = 4
let navigated: string[] = []

beforeAll(setUpTaroDom)

beforeEach(() => {
  navigated = []
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
})

async function showMine() {
  const store = createRootStore()
  store.session.user = { user_id: ME, nickname: 'me' } as never
  const { default: Page } = await import('@/pages/mine/index')
  return render(
    <StoreProvider store={store}>
      <Page />
    </StoreProvider>,
  )
}

it('the 读后感 count and 我的读后感 open my posts; 我的书评 my reflections', async () => {
  const view = await showMine()
  const count = () => view.container.querySelector('[data-testid="stat-posts"]')
  await waitFor(() => expect(count()).not.toBeNull())
  fireEvent.click(count() as Element)
  fireEvent.click(view.getByText('我的读后感'))
  fireEvent.click(view.getByText('我的书评'))
  const myPosts = `/pagesA/report/user?id=${ME}`
  expect(navigated).toEqual([myPosts, myPosts, '/pagesA/read/thought'])
})
