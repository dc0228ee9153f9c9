import Taro from '@tarojs/taro'
import { setPageTitle } from '@/core/platform'

/** Taro's H5 router: the title goes into its bar with innerHTML, and into document.title. */
function routerBar(): Element {
  document.body.innerHTML =
    '<div id="taro-navigation-bar"><div class="taro-navigation-bar-title"></div></div>'
  const bar = document.querySelector('.taro-navigation-bar-title') as Element
  jest.spyOn(Taro, 'setNavigationBarTitle').mockImplementation((({ title }: { title: string }) => {
    bar.innerHTML = title
    document.title = title
    return Promise.resolve()
  }) as unknown as typeof Taro.setNavigationBarTitle)
  return bar
}

describe('setPageTitle on H5', () => {
  afterEach(() => jest.restoreAllMocks())

  it('shows a nickname written as markup as text, also when the router rewrites it', () => {
    const bar = routerBar()
    setPageTitle('<base href=//x>')
    expect(bar.textContent).toBe('<base href=//x>')
    expect(bar.children).toHaveLength(0)
    expect(document.title).toBe('<base href=//x>')
    expect(document.querySelectorAll('base')).toHaveLength(0)
    // Coming back to the page, the router writes its cached title with innerHTML again.
    bar.innerHTML = '<img src=x onerror=alert(1)>'
    expect(bar.children).toHaveLength(0)
    expect(bar.textContent).toBe('<img src=x onerror=alert(1)>')
  })

  it('escapes the text where there is no bar to guard', () => {
    document.body.innerHTML = ''
    const calls: string[] = []
    jest.spyOn(Taro, 'setNavigationBarTitle').mockImplementation((({
      title,
    }: {
      title: string
    }) => {
      calls.push(title)
      return Promise.resolve()
    }) as unknown as typeof Taro.setNavigationBarTitle)
    setPageTitle('A & <b>')
    expect(calls).toEqual(['A &amp; &lt;b&gt;'])
    expect(document.title).toBe('A & <b>')
  })

  it('ignores an empty title', () => {
    const spy = jest.spyOn(Taro, 'setNavigationBarTitle')
    setPageTitle('  ')
    expect(spy).not.toHaveBeenCalled()
  })
})
