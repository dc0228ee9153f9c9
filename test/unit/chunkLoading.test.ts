import { CHUNK_LOADING_DELAY_MS, trackChunkLoads, type ChunkLoadingUI } from '@/core/chunkLoading'

interface Deferred {
  resolve(): void
  reject(error: Error): void
}

function setup() {
  const calls: string[] = []
  const ui: ChunkLoadingUI = {
    showLoading: () => calls.push('show'),
    hideLoading: () => calls.push('hide'),
    failed: () => calls.push('failed'),
  }
  const pending = new Map<string | number, Deferred>()
  const load = trackChunkLoads(
    (id) =>
      new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject })
      }),
    ui,
  )
  return { calls, pending, load }
}

const flush = () =>
  new Promise<void>((resolve) => jest.requireActual('timers').setImmediate(resolve))

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

test('a chunk that arrives within 200 ms shows nothing', async () => {
  const { calls, pending, load } = setup()
  const loaded = load('page')
  jest.advanceTimersByTime(CHUNK_LOADING_DELAY_MS - 1)
  pending.get('page')?.resolve()
  await loaded
  jest.advanceTimersByTime(1000)
  expect(calls).toEqual([])
})

test('a slow chunk shows the loading toast after 200 ms and hides it when it arrives', async () => {
  const { calls, pending, load } = setup()
  const loaded = load('page')
  jest.advanceTimersByTime(CHUNK_LOADING_DELAY_MS)
  expect(calls).toEqual(['show'])
  pending.get('page')?.resolve()
  await loaded
  expect(calls).toEqual(['show', 'hide'])
})

test('the toast stays until the last of the chunks of a page arrives', async () => {
  const { calls, pending, load } = setup()
  const both = Promise.all([load('vendors'), load('page')])
  jest.advanceTimersByTime(CHUNK_LOADING_DELAY_MS)
  pending.get('vendors')?.resolve()
  await flush()
  expect(calls).toEqual(['show'])
  pending.get('page')?.resolve()
  await both
  expect(calls).toEqual(['show', 'hide'])
})

test('a failed chunk hides the loading toast, says 网络异常，请重试 once and rejects', async () => {
  const { calls, pending, load } = setup()
  const vendors = load('vendors')
  const page = load('page')
  jest.advanceTimersByTime(CHUNK_LOADING_DELAY_MS)
  pending.get('vendors')?.reject(new Error('ChunkLoadError'))
  pending.get('page')?.reject(new Error('ChunkLoadError'))
  await expect(vendors).rejects.toThrow('ChunkLoadError')
  await expect(page).rejects.toThrow('ChunkLoadError')
  expect(calls).toEqual(['show', 'hide', 'failed'])
})

test('a chunk that fails fast shows no loading toast, only the failure', async () => {
  const { calls, pending, load } = setup()
  const page = load('page')
  pending.get('page')?.reject(new Error('ChunkLoadError'))
  await expect(page).rejects.toThrow('ChunkLoadError')
  jest.advanceTimersByTime(1000)
  expect(calls).toEqual(['failed'])
})
