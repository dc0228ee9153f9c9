/**
 * A share-link visitor's first impression: empty states with their own picture and words, the
 * not-found page (the address asked for shown as text, a way home), and cover slips that show every
 * character of a title at every cover width the app uses.
 */
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import Empty from '@/components/Empty'
import { EMPTY_TEXT, type EmptyKind } from '@/components/Empty/kinds'
import PagedList from '@/components/PagedList'
import { askedAddress, notFoundUrl, shownAddress, NOT_FOUND_PAGE } from '@/core/notFound'
import {
  CHAR_ADVANCE,
  COLUMN_ADVANCE,
  MIN_TITLE_SIZE,
  PAD_X,
  PAD_Y,
  coverHeight,
  slipLayout,
} from '@/features/books/components/BookCover/slip'
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

const ROOT = path.resolve(__dirname, '..', '..')
const SRC = path.join(ROOT, 'src')
const KINDS = Object.keys(EMPTY_TEXT) as EmptyKind[]

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return tsxFiles(file)
    return entry.name.endsWith('.tsx') ? [file] : []
  })
}

beforeAll(setUpTaroDom)

describe('Empty', () => {
  it.each(KINDS)('%s has its own picture and default words', (kind) => {
    const { container } = render(<Empty kind={kind} />)
    const root = container.querySelector('[data-testid="empty"]')
    expect(root?.getAttribute('data-kind')).toBe(kind)
    expect(container.querySelector(`.empty__picture--${kind}`)).not.toBeNull()
    expect(container.textContent).toBe(EMPTY_TEXT[kind])
    // Its picture exists, is an SVG in the app's red line style, and the stylesheet uses it.
    const file = path.join(SRC, 'assets', 'icons', 'empty', `${kind}.svg`)
    const svg = readFileSync(file, 'utf8')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="/)
    expect(svg).toContain('stroke="#c0392b"')
    expect(svg).not.toMatch(/<script|<style|href=/i)
  })

  it('has words of its own for every kind, all different', () => {
    expect(new Set(Object.values(EMPTY_TEXT)).size).toBe(KINDS.length)
  })

  it('draws exactly the kinds it knows (the stylesheet lists the same kinds)', () => {
    const scss = readFileSync(path.join(SRC, 'components', 'Empty', 'index.scss'), 'utf8')
    const listed = /\$kinds:([^;]+);/
      .exec(scss)?.[1]
      .split(',')
      .map((k) => k.trim())
    expect(listed?.sort()).toEqual([...KINDS].sort())
    const files = readdirSync(path.join(SRC, 'assets', 'icons', 'empty'))
    expect(files.sort()).toEqual(KINDS.map((k) => `${k}.svg`).sort())
  })

  it("shows the caller's words instead of the default, with the kind's picture", () => {
    const { container } = render(<Empty kind="bookcase" text="书架还是空的，打开一本书读读吧" />)
    expect(container.textContent).toBe('书架还是空的，打开一本书读读吧')
    expect(container.querySelector('.empty__picture--bookcase')).not.toBeNull()
  })

  it('is the generic kind when none is given', () => {
    const { container } = render(<Empty text="暂无" />)
    expect(container.querySelector('.empty__picture--generic')).not.toBeNull()
  })

  it('in a PagedList with nothing in it, shows the list’s kind and words', async () => {
    const { container } = render(
      <PagedList
        load={async () => ({ list: [] as number[], total: 0 })}
        keyOf={(n) => n}
        renderItem={(n) => <span>{n}</span>}
        emptyText="黑名单里还没有人"
        emptyKind="people"
      />,
    )
    await waitFor(() => expect(container.textContent).toBe('黑名单里还没有人'))
    expect(container.querySelector('.empty__picture--people')).not.toBeNull()
  })

  it('is given a fitting kind by every caller', () => {
    const missing: string[] = []
    let checked = 0
    for (const file of tsxFiles(SRC)) {
      const text = readFileSync(file, 'utf8')
      const source = ts.createSourceFile(
        file,
        text,
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      )
      const visit = (node: ts.Node) => {
        if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
          const tag = node.tagName.getText(source)
          const wanted = tag === 'Empty' ? 'kind' : tag === 'PagedList' ? 'emptyKind' : null
          const names = node.attributes.properties.map((p) => p.name?.getText(source))
          if (wanted) checked += 1
          if (wanted && !names.includes(wanted)) {
            missing.push(`${path.relative(SRC, file)}:${tag}`)
          }
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
    expect(checked).toBeGreaterThan(30)
    expect(missing).toEqual([])
  })
})

describe('not-found addresses', () => {
  it('keep the path and query asked for, without the H5 router’s own keys', () => {
    expect(askedAddress('/pagesA/nothing/here', { stamp: 'AB', x: '1', $taroTimestamp: 5 })).toBe(
      '/pagesA/nothing/here?x=1',
    )
    expect(askedAddress('pagesA/old/page', {})).toBe('/pagesA/old/page')
    expect(askedAddress('pagesA/old/page', { spid: '12', flag: '' })).toBe(
      '/pagesA/old/page?spid=12&flag',
    )
  })

  it('travel to the page and back, encoded (mini-program) or decoded (H5)', () => {
    const url = notFoundUrl('/pagesA/a b', { q: '<i>&' })
    expect(url.startsWith(`${NOT_FOUND_PAGE}?path=%2F`)).toBe(true)
    const param = url.slice(url.indexOf('=') + 1)
    expect(shownAddress(param)).toBe('/pagesA/a b?q=<i>&')
    expect(shownAddress(decodeURIComponent(param))).toBe('/pagesA/a b?q=<i>&')
    expect(shownAddress('%2F%E0%A4%A')).toBe('%2F%E0%A4%A')
    expect(shownAddress(undefined)).toBe('')
    expect(shownAddress(`/${'x'.repeat(400)}`)).toHaveLength(301)
  })
})

describe('the not-found page', () => {
  const MARKUP = '/pagesA/<img src=x onerror="window.__xss=1">/<b>here</b>?x=1'

  it('shows the address asked for as text, the error picture and a way home', async () => {
    router.params = { path: MARKUP }
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' } as never)
    const { default: Page } = await import('@/pages/public/notFound')
    const { container } = render(<Page />)
    const shown = container.querySelector('[data-testid="not-found-path"]')
    expect(shown?.textContent).toBe(MARKUP)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    expect((window as { __xss?: number }).__xss).toBeUndefined()
    expect(container.textContent).toContain('页面不存在')
    expect(container.querySelector('.empty__picture--error')).not.toBeNull()
    const home = container.querySelector('[data-testid="not-found-home"]') as Element
    expect(home.textContent).toBe('返回首页')
    await act(async () => {
      fireEvent.click(home)
    })
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' })
  })

  it('is a main-package page titled 页面不存在', () => {
    const config = readFileSync(path.join(SRC, 'app.config.ts'), 'utf8')
    const main = config.slice(config.indexOf('pages: ['), config.indexOf('subPackages'))
    expect(main).toContain("'pages/public/notFound'")
    const page = readFileSync(path.join(SRC, 'pages', 'public', 'notFound.config.ts'), 'utf8')
    expect(page).toContain("navigationBarTitleText: '页面不存在'")
  })
})

describe('cover slips', () => {
  /** Every width a BookCover is drawn at: width={n} in its usages, 150 where none is given. */
  function coverWidths(): number[] {
    const widths = new Set<number>()
    for (const file of tsxFiles(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/<BookCover\b[^>]*?\/>/g)) {
        const width = /\bwidth=\{(\d+)\}/.exec(m[0])
        widths.add(width ? Number(width[1]) : 150)
      }
    }
    return [...widths].sort((a, b) => a - b)
  }

  const TITLES = ['唐诗三百首', '古文观止', '增广贤文', '幼学琼林', '论语', '千字文']

  it('are drawn at the widths the app uses', () => {
    expect(coverWidths()).toEqual(expect.arrayContaining([72, 96, 132, 200, 300]))
  })

  it.each(coverWidths())('show every character of each title at width %i', (width) => {
    const height = coverHeight(width)
    for (const title of TITLES) {
      const slip = slipLayout(title, width)
      expect(slip.columns.join('')).toBe(title)
      expect(slip.fontSize).toBeGreaterThanOrEqual(MIN_TITLE_SIZE)
      const rows = Math.max(...slip.columns.map((c) => [...c].length))
      // The columns fit inside the slip (its padding included) ...
      expect(rows * CHAR_ADVANCE * slip.fontSize + PAD_Y).toBeLessThanOrEqual(slip.height)
      expect(slip.columns.length * COLUMN_ADVANCE * slip.fontSize + PAD_X).toBeLessThanOrEqual(
        slip.width,
      )
      // ... and the slip inside the cover (12% from the top, 14% from the right).
      expect(height * 0.12 + slip.height).toBeLessThanOrEqual(height)
      expect(width * 0.14 + slip.width).toBeLessThanOrEqual(width)
    }
  })

  it('keep the classic one-column slip for a short title on a list cover', () => {
    expect(slipLayout('论语', 132)).toEqual({
      columns: ['论语'],
      fontSize: 22,
      width: 40,
      height: 101,
    })
  })

  it('cut a title too long for a small cover with an ellipsis', () => {
    const slip = slipLayout('一二三四五六七八九十甲乙丙丁戊己庚辛壬癸', 72)
    const text = slip.columns.join('')
    expect(text.endsWith('…')).toBe(true)
    expect(text.length).toBeLessThan(20)
  })

  it('render their columns in the drawn cover', async () => {
    const { default: BookCover } = await import('@/features/books/components/BookCover')
    const { container } = render(<BookCover title="唐诗三百首" width={72} />)
    const columns = [...container.querySelectorAll('.book-cover__title')].map((c) => c.textContent)
    expect(columns).toEqual(['唐诗三', '百首'])
  })
})

it('home tiles and search use SVG icons that exist', () => {
  const scss = readFileSync(path.join(SRC, 'pages', 'index', 'index.scss'), 'utf8')
  const used = [...scss.matchAll(/url\('([^']+\.svg)'\)/g)].map((m) => m[1])
  expect(used).toHaveLength(9)
  for (const url of used) {
    expect(existsSync(path.join(SRC, 'pages', 'index', url))).toBe(true)
  }
})
