import { posterTarget } from '@/features/books/links'
import { createMemoryStorage } from '@/core/storage'
import { blockIndexOf, growWindow, initialWindow, toBlocks } from '@/features/books/blocks'
import {
  formatClock,
  formatDuration,
  formatProgress,
  formatWordCount,
} from '@/features/books/format'
import { ReadingTimer } from '@/features/books/readingTimer'
import {
  BRIGHTNESS_STEPS,
  DEFAULT_PREFS,
  justifies,
  LINE_HEIGHTS,
  readPrefs,
  stepFontSize,
  stepIn,
  writePrefs,
} from '@/features/books/readerPrefs'

describe('books display rules', () => {
  it('formats reading time', () => {
    expect(formatDuration(0)).toBe('0秒')
    expect(formatDuration(59.9)).toBe('59秒')
    expect(formatDuration(60)).toBe('1分钟')
    expect(formatDuration(3599)).toBe('59分钟')
    expect(formatDuration(3600)).toBe('1小时')
    expect(formatDuration(3900)).toBe('1小时5分钟')
    expect(formatDuration(-5)).toBe('0秒')
  })

  it('formats word counts in 万', () => {
    expect(formatWordCount(860)).toBe('860字')
    expect(formatWordCount(9999)).toBe('9999字')
    expect(formatWordCount(10_000)).toBe('1万字')
    expect(formatWordCount(12_345)).toBe('1.2万字')
    expect(formatWordCount(476_000)).toBe('47.6万字')
  })

  it('formats the audio clock', () => {
    expect(formatClock(7)).toBe('0:07')
    expect(formatClock(765)).toBe('12:45')
    expect(formatClock(3723)).toBe('1:02:03')
    expect(formatClock(Number.NaN)).toBe('0:00')
  })

  it('formats progress', () => {
    expect(formatProgress(0)).toBe('未读')
    expect(formatProgress(null)).toBe('未读')
    expect(formatProgress(37.54)).toBe('已读 37.5%')
    expect(formatProgress(100)).toBe('已读完')
  })
})

describe('render blocks', () => {
  it('keeps short paragraphs whole and cuts a long one at sentence ends', () => {
    const long = '子曰：学而时习之。'.repeat(200) // 1,800 characters
    const blocks = toBlocks(['短段。', long, ''], 600)
    expect(blocks[0]).toEqual({ id: 'b0-0', paragraph: 0, part: 0, start: 0, text: '短段。' })
    const parts = blocks.filter((b) => b.paragraph === 1)
    expect(parts.map((b) => b.text.length)).toEqual([594, 594, 594, 18])
    expect(parts.map((b) => b.start)).toEqual([0, 594, 1188, 1782])
    expect(parts.every((b) => b.text.length <= 600 && b.text.endsWith('。'))).toBe(true)
    expect(parts.map((b) => b.text).join('')).toBe(long)
    // An empty paragraph still has a block, so paragraph numbers stay addressable.
    expect(blocks[blocks.length - 1]).toMatchObject({ paragraph: 2, text: '' })
  })

  it('cuts text without punctuation at the limit', () => {
    const blocks = toBlocks(['字'.repeat(1500)], 600)
    expect(blocks.map((b) => b.text.length)).toEqual([600, 600, 300])
  })

  it('renders a window from the saved paragraph, never the whole of a huge chapter', () => {
    const paragraphs = Array.from({ length: 1000 }, (_, i) => `第${i}段` + '文'.repeat(96))
    const blocks = toBlocks(paragraphs)
    const start = blockIndexOf(blocks, 800)
    const win = initialWindow(blocks, start, 3000)
    expect(win.from).toBe(800)
    expect(win.to - win.from).toBeLessThan(40)
    const grown = growWindow(blocks, win, 'end', 3000)
    expect(grown.from).toBe(800)
    expect(grown.to).toBeGreaterThan(win.to)
    const back = growWindow(blocks, win, 'start', 3000)
    expect(back.from).toBeLessThan(800)
    expect(back.to).toBe(win.to)
    expect(blockIndexOf(blocks, 5000)).toBe(0)
  })

  it('clamps a start beyond the end and reaches back when little text is left', () => {
    const blocks = toBlocks(['一', '二'])
    expect(initialWindow(blocks, 9)).toEqual({ from: 0, to: 2 })
    expect(initialWindow([], 0)).toEqual({ from: 0, to: 0 })
    const paragraphs = Array.from({ length: 100 }, () => '文'.repeat(100))
    const near = initialWindow(toBlocks(paragraphs), 95, 3000)
    expect(near.to).toBe(100)
    expect(near.from).toBe(70)
  })
})

describe('ReadingTimer', () => {
  const IDLE = 120_000

  it('counts nothing while hidden', () => {
    const timer = new ReadingTimer(IDLE)
    timer.activity(0)
    expect(timer.take(60_000)).toBe(0)
  })

  it('counts visible, active time and keeps the remainder', () => {
    const timer = new ReadingTimer(IDLE)
    timer.setVisible(true, 0)
    expect(timer.take(30_500)).toBe(30)
    expect(timer.take(31_000)).toBe(1)
  })

  it('stops counting after the idle limit until the next activity', () => {
    const timer = new ReadingTimer(IDLE)
    timer.setVisible(true, 0)
    expect(timer.take(600_000)).toBe(120)
    timer.activity(700_000)
    expect(timer.take(710_000)).toBe(10)
  })

  it('stops counting when hidden and resumes when shown', () => {
    const timer = new ReadingTimer(IDLE)
    timer.setVisible(true, 0)
    timer.setVisible(false, 20_000)
    timer.setVisible(true, 500_000)
    expect(timer.take(505_000)).toBe(25)
  })

  it('gives back seconds whose report failed', () => {
    const timer = new ReadingTimer(IDLE)
    timer.setVisible(true, 0)
    const taken = timer.take(40_000)
    timer.giveBack(taken)
    expect(timer.take(40_000)).toBe(40)
  })
})

describe('reader prefs', () => {
  it('defaults, round-trips and repairs stored prefs', () => {
    const storage = createMemoryStorage()
    expect(readPrefs(storage)).toEqual(DEFAULT_PREFS)
    const mine = { fontSize: 44, night: true, lineHeight: 2.1, brightness: 0.6 }
    writePrefs(storage, mine)
    expect(readPrefs(storage)).toEqual(mine)
    storage.set('reader_prefs', {
      fontSize: 999,
      night: 'yes' as unknown as boolean,
      lineHeight: 9,
      brightness: 0.05,
    })
    expect(readPrefs(storage)).toEqual(DEFAULT_PREFS)
    // Prefs stored before line height and brightness existed keep their size and night mode.
    storage.set('reader_prefs', { fontSize: 28, night: true } as never)
    expect(readPrefs(storage)).toEqual({ ...DEFAULT_PREFS, fontSize: 28, night: true })
  })

  it('steps the font size within its range', () => {
    expect(stepFontSize(36, 1)).toBe(40)
    expect(stepFontSize(36, -1)).toBe(32)
    expect(stepFontSize(48, 1)).toBe(48)
    expect(stepFontSize(28, -1)).toBe(28)
    expect(stepFontSize(13, 1)).toBe(40)
  })

  it('steps line height and brightness within their lists; justifies only up to 40', () => {
    expect(stepIn(LINE_HEIGHTS, 1.9, 1, 1.9)).toBe(2.1)
    expect(stepIn(LINE_HEIGHTS, 1.5, -1, 1.9)).toBe(1.5)
    expect(stepIn(BRIGHTNESS_STEPS, 1, 1, 1)).toBe(1)
    expect(stepIn(BRIGHTNESS_STEPS, 1, -1, 1)).toBe(0.9)
    expect(justifies(36)).toBe(true)
    expect(justifies(44)).toBe(false)
  })
})

describe('posterTarget', () => {
  it('opens app routes, tab pages by switchTab, https pages in the web view', () => {
    expect(posterTarget('/pagesA/read/detail?id=3')).toEqual({
      url: '/pagesA/read/detail?id=3',
      tab: false,
    })
    expect(posterTarget('/pages/mine/index')).toEqual({ url: '/pages/mine/index', tab: true })
    expect(posterTarget(' https://example.com/a?b=1 ')).toEqual({
      url: '/pages/webview/activity?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1',
      tab: false,
    })
  })

  it('refuses anything else', () => {
    expect(posterTarget('')).toBeNull()
    expect(posterTarget('http://example.com')).toBeNull()
    expect(posterTarget('javascript:alert(1)')).toBeNull()
    expect(posterTarget('/pagesA/read/detail?id=<script>')).toBeNull()
  })
})
