/**
 * 相关视频 under a book (its detail page and its shop page): the videos about the book in a row,
 * each opening its play page; nothing at all when there are none or they cannot be read.
 */
import { fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as videoApi from '@/features/video/api'
import BookVideos, { BOOK_VIDEOS_MAX } from '@/features/video/components/BookVideos'
import type { BookVideo } from '@/types/api/video'
import { setUpTaroDom } from './helpers/taroDom'

jest.mock('@/features/video/api')
const api = jest.mocked(videoApi)

const video = (id: number): BookVideo => ({
  id,
  title: `论语诵读${id}`,
  cover: '',
  durationMs: 9000,
  width: 640,
  height: 360,
  playCount: 0,
  shareCount: 0,
  likeCount: 0,
  commentCount: 0,
  channelId: 1,
  channelName: '经典诵读',
  albumId: null,
  author: null,
  createdAt: 1_700_000_000,
  book: { id: 3, name: '论语', cover: '' },
})

let navigated: string[] = []
beforeAll(() => setUpTaroDom())
beforeEach(() => {
  jest.clearAllMocks()
  navigated = []
  jest.spyOn(Taro, 'navigateTo').mockImplementation(((options: { url: string }) => {
    navigated.push(options.url)
    return Promise.resolve({ errMsg: 'navigateTo:ok' })
  }) as never)
})

it('asks for the videos about the book and opens one', async () => {
  api.fetchBookVideos.mockResolvedValue({
    list: [video(7), video(8)],
    total: 2,
    page: 1,
    pageSize: 6,
  })
  const { container, getByText } = render(<BookVideos bookId={3} />)
  await waitFor(() => expect(getByText('相关视频')).toBeTruthy())
  expect(api.fetchBookVideos).toHaveBeenCalledWith({
    bookId: 3,
    page: 1,
    pageSize: BOOK_VIDEOS_MAX,
  })
  expect(container.textContent).toContain('论语诵读8')
  fireEvent.click(getByText('论语诵读7'))
  expect(navigated).toEqual(['/pagesA/video/play?id=7'])
})

it('shows nothing when the book has no video or the call fails', async () => {
  api.fetchBookVideos.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 6 })
  const empty = render(<BookVideos bookId={3} />)
  await waitFor(() => expect(api.fetchBookVideos).toHaveBeenCalledTimes(1))
  expect(empty.container.innerHTML).toBe('')
  api.fetchBookVideos.mockRejectedValue(new Error('网络异常'))
  const failed = render(<BookVideos bookId={4} />)
  await waitFor(() => expect(api.fetchBookVideos).toHaveBeenCalledTimes(2))
  expect(failed.container.innerHTML).toBe('')
})
