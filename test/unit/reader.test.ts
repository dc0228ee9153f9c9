/**
 * The reader's chapter logic without pages: opening at the wanted or saved chapter and place (read
 * and listen alike), turning and picking chapters one at a time, the text window and the measured
 * paragraph, and listen mode's player, saved audio position and chapter changes.
 */
import { ChapterStore, type ChapterApi } from '@/features/books/reader/ChapterStore'
import { ListenStore, SAVE_EVERY_MS } from '@/features/books/reader/ListenStore'
import { TextWindow } from '@/features/books/reader/TextWindow'
import type { AudioPlayer, PlayerEvents } from '@/features/books/audio/player'
import type { ChapterDetail, ReadingProgress, SaveProgressReq } from '@/types/api/books'

const BOOK = 3
const COUNT = 5

function chapter(serial: number, paragraphs = ['一', '二', '三'], audioUrl = ''): ChapterDetail {
  return {
    id: 100 + serial,
    serial,
    title: `第${serial}章`,
    wordCount: 3,
    audioSeconds: audioUrl ? 300 : 0,
    booksId: BOOK,
    booksName: '论语',
    chapterCount: COUNT,
    paragraphs,
    audioUrl,
    prevSerial: serial > 1 ? serial - 1 : null,
    nextSerial: serial < COUNT ? serial + 1 : null,
  }
}

function progress(serial: number, paragraph: number, audioSeconds: number): ReadingProgress {
  const fields = { booksId: BOOK, serial, chapterTitle: `第${serial}章`, paragraph, audioSeconds }
  return { ...fields, percent: 10, updatedAt: 1 }
}

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

function fakeApi(saved: ReadingProgress | null, opened = 2, make = chapter) {
  const api = {
    openReading: jest.fn(async () => ({ progress: saved, chapter: make(opened) })),
    fetchChapter: jest.fn(async (_booksId: number, serial: number) => make(serial)),
    turnChapter: jest.fn(async (_booksId: number, serial: number, direction: 'next' | 'prev') => {
      const next = direction === 'next' ? serial + 1 : serial - 1
      if (next < 1 || next > COUNT) throw new Error('已经是最后一章')
      return make(next)
    }),
  } satisfies ChapterApi
  return api
}

function opened(store: ChapterStore) {
  const shows: Array<[number, number]> = []
  store.onShow((c, at) => shows.push([c.serial, at]))
  return shows
}

describe('ChapterStore', () => {
  it('opens where the reader was, at the saved paragraph', async () => {
    const api = fakeApi(progress(2, 7, 40))
    const store = new ChapterStore(BOOK, 'paragraph', api)
    const shows = opened(store)
    await store.open(0)
    expect(store.chapter?.serial).toBe(2)
    expect(shows).toEqual([[2, 7]])
    expect(api.fetchChapter).not.toHaveBeenCalled()
  })

  it('listen mode resumes at the saved audio seconds', async () => {
    const store = new ChapterStore(BOOK, 'audioSeconds', fakeApi(progress(2, 7, 40)))
    const shows = opened(store)
    await store.open(2)
    expect(shows).toEqual([[2, 40]])
  })

  it('opens a wanted chapter from its start unless the place saved is in it', async () => {
    const api = fakeApi(progress(2, 7, 40))
    const fresh = new ChapterStore(BOOK, 'paragraph', api)
    const shows = opened(fresh)
    await fresh.open(4)
    expect(api.fetchChapter).toHaveBeenCalledWith(BOOK, 4)
    expect(shows).toEqual([[4, 0]])

    const elsewhere = fakeApi(progress(4, 9, 12), 2)
    const resumed = new ChapterStore(BOOK, 'paragraph', elsewhere)
    const again = opened(resumed)
    await resumed.open(4)
    expect(again).toEqual([[4, 9]])
  })

  it('a guest (no saved place) starts at the top', async () => {
    const store = new ChapterStore(BOOK, 'paragraph', fakeApi(null))
    const shows = opened(store)
    await store.open(0)
    expect(shows).toEqual([[2, 0]])
  })

  it('says what went wrong when the book does not open', async () => {
    const api = fakeApi(null)
    api.openReading.mockRejectedValueOnce(new Error('书籍已下架'))
    const store = new ChapterStore(BOOK, 'paragraph', api)
    await store.open(0)
    expect(store.error).toBe('书籍已下架')
    expect(store.chapter).toBeNull()

    const invalid = new ChapterStore(Number.NaN, 'paragraph', api)
    await invalid.open(0)
    expect(invalid.error).toBe('书籍不存在')
    expect(api.openReading).toHaveBeenCalledTimes(1)
  })

  it('turns chapters from their start and keeps the chapter when a turn fails', async () => {
    const store = new ChapterStore(BOOK, 'paragraph', fakeApi(progress(5, 2, 0), 5))
    const shows = opened(store)
    await store.open(0)
    expect(await store.turn('next')).toBe(false)
    expect(store.chapter?.serial).toBe(5)
    expect(await store.turn('prev')).toBe(true)
    expect(await store.goTo(1)).toBe(true)
    expect(shows).toEqual([
      [5, 2],
      [4, 0],
      [1, 0],
    ])
    expect(store.busy).toBe(false)
  })

  it('loads one chapter at a time', async () => {
    const api = fakeApi(null)
    const store = new ChapterStore(BOOK, 'paragraph', api)
    await store.open(0)
    const slow = deferred<ChapterDetail>()
    api.turnChapter.mockReturnValueOnce(slow.promise)
    const first = store.turn('next')
    expect(store.busy).toBe(true)
    expect(await store.turn('next')).toBe(false)
    expect(await store.goTo(5)).toBe(false)
    slow.resolve(chapter(3))
    expect(await first).toBe(true)
    expect(api.turnChapter).toHaveBeenCalledTimes(1)
    expect(api.fetchChapter).not.toHaveBeenCalled()
    expect(store.chapter?.serial).toBe(3)
  })

  it('stops telling a listener that left', async () => {
    const store = new ChapterStore(BOOK, 'paragraph', fakeApi(null))
    const seen: number[] = []
    const stop = store.onShow((c) => seen.push(c.serial))
    await store.open(0)
    stop()
    await store.turn('next')
    expect(seen).toEqual([2])
  })
})

describe('TextWindow', () => {
  const long = (n: number) => Array.from({ length: n }, (_, i) => `第${i}段` + '文'.repeat(96))

  it('opens at the saved paragraph and grows either way', () => {
    const text = new TextWindow()
    text.open(chapter(1, long(200)), 100)
    expect(text.range.from).toBe(100)
    expect(text.shown[0].id).toBe('b100-0')
    expect(text.takePendingAnchor()).toBe('')
    expect(text.atEnd).toBe(false)

    const before = text.range.to
    text.growEnd()
    expect(text.range.to).toBeGreaterThan(before)

    text.growStart()
    expect(text.range.from).toBeLessThan(100)
    // The block that was first stays at the top, once.
    expect(text.takePendingAnchor()).toBe('b100-0')
    expect(text.takePendingAnchor()).toBe('')
  })

  it('near the end starts earlier and scrolls the saved paragraph to the top', () => {
    const text = new TextWindow()
    text.open(chapter(1, long(100)), 95)
    expect(text.range.from).toBeLessThan(95)
    expect(text.atEnd).toBe(true)
    expect(text.takePendingAnchor()).toBe('b95-0')
    text.setAnchor('b95-0')
    expect(text.anchor).toBe('b95-0')
    // A new chapter starts without an anchor.
    text.open(chapter(2), 0)
    expect(text.anchor).toBe('')
    expect(text.range).toEqual({ from: 0, to: 3 })
    text.growStart()
    expect(text.range.from).toBe(0)
  })

  it('measures the paragraph at the top, the last one at the end, and only when it moved', () => {
    const text = new TextWindow()
    text.open(chapter(1, ['甲', '乙', '丙', '丁']), 0)
    const rect = (id: string, top: number) => ({ id, top, bottom: top + 100 })
    // Block 0 is under the status bar (inset 40): block 1 is the first one read.
    const scrolled = [rect('b0-0', -90), rect('b1-0', 10), rect('b2-0', 110)]
    expect(text.measured(scrolled, 40, 800)).toBe(1)
    expect(text.measured(scrolled, 40, 800)).toBeNull()
    const end = [rect('b1-0', 0), rect('b2-0', 100), rect('b3-0', 200)]
    expect(text.measured(end, 40, 800)).toBe(3)
    expect(text.paragraph).toBe(3)
    expect(text.measured([], 40, 800)).toBeNull()
  })
})

class FakePlayer implements AudioPlayer {
  calls: string[] = []
  constructor(readonly events: PlayerEvents) {}
  load(src: string, at: number) {
    this.calls.push(`load ${src} ${at}`)
  }
  play() {
    this.calls.push('play')
  }
  pause() {
    this.calls.push('pause')
  }
  seek(seconds: number) {
    this.calls.push(`seek ${seconds}`)
  }
  setRate(rate: number) {
    this.calls.push(`rate ${rate}`)
  }
  destroy() {
    this.calls.push('destroy')
  }
}

function listenRig(saved: ReadingProgress | null = progress(2, 7, 40)) {
  const audio = (serial: number) => chapter(serial, ['一'], `/audio/${serial}.mp3`)
  const api = fakeApi(saved, 2, audio)
  const chapters = new ChapterStore(BOOK, 'audioSeconds', api)
  let player: FakePlayer | null = null
  const saves: Array<[SaveProgressReq, boolean]> = []
  const toasts: string[] = []
  const clock = { now: 1_000_000 }
  const touch = jest.fn()
  const listen = new ListenStore({
    chapters,
    createPlayer: (events) => (player = new FakePlayer(events)),
    savePlace: (place, immediately) => saves.push([place, immediately]),
    touch,
    notify: (message) => toasts.push(message),
    now: () => clock.now,
  })
  const detach = listen.attach()
  const the = () => player as FakePlayer
  return { api, chapters, listen, the, saves, toasts, clock, touch, detach }
}

describe('ListenStore', () => {
  it('loads the chapter at the saved second and saves nothing until it plays or moves', async () => {
    const r = listenRig()
    await r.chapters.open(0)
    expect(r.the().calls).toEqual(['load /audio/2.mp3 40'])
    expect(r.listen.position).toBe(40)
    expect(r.listen.total).toBe(300)
    r.listen.leave()
    expect(r.saves).toEqual([])
    r.detach()
    expect(r.the().calls).toContain('destroy')
  })

  it('plays, follows the clock, saves every so often and on pause', async () => {
    const r = listenRig()
    await r.chapters.open(0)
    r.listen.toggle()
    expect(r.the().calls).toContain('play')
    r.the().events.onPlay()
    expect(r.listen.playing).toBe(true)
    expect(r.saves).toEqual([[{ booksId: BOOK, serial: 2, audioSeconds: 40 }, true]])

    r.clock.now += 1000
    r.the().events.onTime(41.6, 320)
    expect(r.listen.duration).toBe(320)
    expect(r.saves).toHaveLength(1)
    r.clock.now += SAVE_EVERY_MS + 1
    r.the().events.onTime(52.2, 320)
    expect(r.saves[1]).toEqual([{ booksId: BOOK, serial: 2, audioSeconds: 52 }, true])
    expect(r.touch).toHaveBeenCalled()

    r.listen.toggle()
    expect(r.the().calls).toContain('pause')
    r.the().events.onPause()
    expect(r.listen.playing).toBe(false)
    expect(r.saves[2]).toEqual([{ booksId: BOOK, serial: 2, audioSeconds: 52 }, false])
  })

  it('a seek saves the new place at once; the rate goes to the player', async () => {
    const r = listenRig()
    await r.chapters.open(0)
    r.listen.seek(120)
    expect(r.the().calls).toContain('seek 120')
    expect(r.saves).toEqual([[{ booksId: BOOK, serial: 2, audioSeconds: 120 }, true]])
    r.listen.setRate(1.5)
    expect(r.listen.rate).toBe(1.5)
    expect(r.the().calls).toContain('rate 1.5')
  })

  it('plays on into the next chapter when one ends, from its start', async () => {
    const r = listenRig()
    await r.chapters.open(0)
    r.the().events.onPlay()
    r.the().events.onEnded()
    expect(r.listen.playing).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(r.chapters.chapter?.serial).toBe(3)
    expect(r.the().calls.slice(-2)).toEqual(['load /audio/3.mp3 0', 'play'])
    expect(r.saves[r.saves.length - 1]).toEqual([
      { booksId: BOOK, serial: 3, audioSeconds: 0 },
      true,
    ])
  })

  it('a paused previous chapter stays paused; a failed turn changes nothing', async () => {
    const r = listenRig(progress(1, 0, 0))
    await r.chapters.open(1)
    await r.listen.turn('next')
    expect(r.the().calls.slice(-2)).toEqual(['load /audio/2.mp3 0', 'play'])
    r.the().calls = []
    await r.listen.turn('prev')
    expect(r.the().calls).toEqual(['load /audio/1.mp3 0'])
    const saved = r.saves.length
    await r.listen.turn('prev')
    expect(r.chapters.chapter?.serial).toBe(1)
    expect(r.saves).toHaveLength(saved)
  })

  it('a player error stops and is shown', async () => {
    const r = listenRig()
    await r.chapters.open(0)
    r.the().events.onPlay()
    r.the().events.onError('音频加载失败，请稍后重试')
    expect(r.listen.playing).toBe(false)
    expect(r.toasts).toEqual(['音频加载失败，请稍后重试'])
  })
})
