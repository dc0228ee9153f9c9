import { pageUrl, Route } from '@/core/routes'

describe('Route', () => {
  it('names every page of app.config and nothing else', async () => {
    // Taro's build provides defineAppConfig as a global.
    ;(globalThis as { defineAppConfig?: unknown }).defineAppConfig = (c: unknown) => c
    const app = (await import('../../src/app.config')).default as {
      pages: string[]
      subPackages: { root: string; pages: string[] }[]
    }
    const pages = [
      ...app.pages.map((p) => `/${p}`),
      ...app.subPackages.flatMap((s) => s.pages.map((p) => `/${s.root}/${p}`)),
    ]
    expect(Object.values(Route).sort()).toEqual([...pages].sort())
  })
})

describe('pageUrl', () => {
  it('is the bare route without a query or with only empty values', () => {
    expect(pageUrl(Route.home)).toBe('/pages/index/index')
    expect(pageUrl(Route.read, {})).toBe('/pagesA/read/read')
    expect(pageUrl(Route.read, { id: undefined, page: null })).toBe('/pagesA/read/read')
  })

  it('skips undefined and null and keeps 0, false and the empty string', () => {
    expect(pageUrl(Route.read, { id: 3, chapter: undefined, page: 0, night: false, q: '' })).toBe(
      '/pagesA/read/read?id=3&page=0&night=false&q=',
    )
  })

  it('encodes names and values', () => {
    expect(pageUrl(Route.richText, { title: '用户协议 & 隐私', 'a b': 'x=y?' })).toBe(
      `/pages/public/richText?title=${encodeURIComponent('用户协议 & 隐私')}&a%20b=x%3Dy%3F`,
    )
  })
})
