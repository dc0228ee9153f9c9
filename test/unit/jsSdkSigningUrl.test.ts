import { jsSdkSigningUrl } from '@/core/platform'

const setUserAgent = (ua: string) =>
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true })

describe('jsSdkSigningUrl', () => {
  const entry = location.href
  afterEach(() => history.replaceState(null, '', entry))

  it('signs the current address, except on iOS where WeChat keeps the entry address', () => {
    history.pushState(null, '', '/pagesA/read/detail?id=3')
    setUserAgent('Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.50')
    expect(jsSdkSigningUrl()).toBe(`${location.origin}/pagesA/read/detail?id=3`)
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.50')
    expect(jsSdkSigningUrl()).toBe(entry)
  })
})
