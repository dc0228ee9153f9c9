/**
 * Sharing: the card and its link with the sharer's id (spid), the JS-SDK setup in WeChat's browser
 * 300 ms after a page shows (a fake wx and a fake SharePage call), the copied link elsewhere, and the
 * SharePage call itself through the app's request wiring.
 */
import Taro from '@tarojs/taro'
import { fetchSharePage } from '@/features/share/api'
import { COPIED_TEXT, copyShareLink, shareOnWeb, WECHAT_MENU_HINT } from '@/features/share/action'
import {
  absoluteUrl,
  buildWebCard,
  DEFAULT_SHARE_DESC,
  signingUrl,
  withSpid,
} from '@/features/share/card'
import { createWeChatShare, SHARE_DELAY_MS, type WxShareApi } from '@/features/share/wechat'
import { spidFromQuery } from '@/launch/spid'
import type { SharePageRes } from '@/types/api/common'

const SIGNED: SharePageRes = {
  debug: false,
  appId: 'wx-official',
  timestamp: 1_700_000_000,
  nonceStr: 'nonce',
  signature: 'sig',
}

/** A stand-in for WeChat's JS-SDK: config is answered by ready (or error) when the test says so. */
function fakeWx() {
  const calls: Array<[string, unknown]> = []
  let onReady: (() => void) | null = null
  let onError: ((err: { errMsg: string }) => void) | null = null
  const wx: WxShareApi = {
    config: (options) => void calls.push(['config', options]),
    ready: (callback) => void (onReady = callback),
    error: (callback) => void (onError = callback),
    updateAppMessageShareData: (card) => void calls.push(['appMessage', card]),
    updateTimelineShareData: (card) => void calls.push(['timeline', card]),
  }
  return {
    wx,
    calls,
    named: (name: string) => calls.filter(([n]) => n === name).map(([, value]) => value),
    ready: () => onReady?.(),
    fail: () => onError?.({ errMsg: 'config:invalid signature' }),
  }
}

/** Lets queued promise callbacks run (the SDK load and the signature are promises). */
const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve()
}

const card = buildWebCard(
  {
    title: '论语 · 孔子',
    desc: '学而时习之',
    image: '/uploads/cover.png',
    path: '/pagesA/read/detail?id=3',
  },
  { origin: 'https://read.example.com', userId: 42 },
)

describe('the card', () => {
  it('puts my id on the link as spid, replacing a spid the page came with', () => {
    expect(withSpid('/pagesA/read/detail?id=3', 42)).toBe('/pagesA/read/detail?id=3&spid=42')
    expect(withSpid('/pagesA/read/detail?spid=7&id=3', 42)).toBe('/pagesA/read/detail?id=3&spid=42')
    expect(withSpid('/pagesA/friend/userDetail', 5)).toBe('/pagesA/friend/userDetail?spid=5')
  })

  it('carries no spid for a guest (and drops one it came with)', () => {
    expect(withSpid('/pagesA/read/read?id=3&serial=2', undefined)).toBe(
      '/pagesA/read/read?id=3&serial=2',
    )
    expect(withSpid('/pagesA/read/read?id=3&spid=7', null)).toBe('/pagesA/read/read?id=3')
  })

  it('builds an absolute link and picture, with a default description', () => {
    expect(card).toEqual({
      title: '论语 · 孔子',
      desc: '学而时习之',
      link: 'https://read.example.com/pagesA/read/detail?id=3&spid=42',
      imgUrl: 'https://read.example.com/uploads/cover.png',
    })
    const plain = buildWebCard(
      { title: ' ', path: '/pages/webview/activity' },
      { origin: 'http://a.b/' },
    )
    expect(plain).toEqual({
      title: '书友',
      desc: DEFAULT_SHARE_DESC,
      link: 'http://a.b/pages/webview/activity',
      imgUrl: '',
    })
    expect(absoluteUrl('https://cdn.example.com/a.png', 'https://x.y')).toBe(
      'https://cdn.example.com/a.png',
    )
    expect(absoluteUrl('//cdn.example.com/a.png', 'https://x.y')).toBe(
      'https://cdn.example.com/a.png',
    )
  })

  it('clips a long description to two lines of text', () => {
    const long = '学而时习之，不亦说乎？\n\n有朋自远方来，不亦乐乎？'.repeat(5)
    const { desc } = buildWebCard({ title: 't', desc: long, path: '/p' }, { origin: 'https://a.b' })
    expect([...desc]).toHaveLength(60)
    expect(desc.endsWith('…')).toBe(true)
    expect(desc).not.toContain('\n')
  })

  it('the link gives the launch task the sharer back', () => {
    const query = Object.fromEntries(new URL(card.link).searchParams)
    expect(spidFromQuery(query)).toBe('42')
  })

  it('signs the address without its #fragment', () => {
    expect(signingUrl('https://a.b/pagesA/read/read?id=1#top')).toBe(
      'https://a.b/pagesA/read/read?id=1',
    )
  })
})

describe("the card in WeChat's browser", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function setup(href = 'https://read.example.com/pagesA/read/detail?id=3#x') {
    const fake = fakeWx()
    const sign = jest.fn((url: string) => Promise.resolve({ ...SIGNED, signature: `sig:${url}` }))
    const loadWx = jest.fn(() => Promise.resolve(fake.wx))
    let address = href
    const share = createWeChatShare({ loadWx, sign, href: () => address })
    return { fake, sign, loadWx, share, go: (next: string) => void (address = next) }
  }

  it('waits 300 ms after the page shows, then configures the SDK and sets the card on ready', async () => {
    const { fake, sign, loadWx, share } = setup()
    share.schedule(card)
    jest.advanceTimersByTime(SHARE_DELAY_MS - 1)
    await flush()
    expect(loadWx).not.toHaveBeenCalled()
    expect(sign).not.toHaveBeenCalled()

    jest.advanceTimersByTime(1)
    await flush()
    expect(sign).toHaveBeenCalledWith('https://read.example.com/pagesA/read/detail?id=3')
    expect(fake.named('config')).toEqual([
      {
        debug: false,
        appId: 'wx-official',
        timestamp: 1_700_000_000,
        nonceStr: 'nonce',
        signature: 'sig:https://read.example.com/pagesA/read/detail?id=3',
        jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
      },
    ])
    expect(fake.named('appMessage')).toEqual([]) // not before wx.ready

    fake.ready()
    await flush()
    expect(fake.named('appMessage')).toEqual([card])
    expect(fake.named('timeline')).toEqual([
      { title: card.title, link: card.link, imgUrl: card.imgUrl },
    ])
    expect((fake.named('appMessage')[0] as { link: string }).link).toContain('spid=42')
  })

  it('configures once per address: a changed card on the same page only sets the card', async () => {
    const { fake, sign, share, go } = setup()
    share.schedule(card)
    jest.advanceTimersByTime(SHARE_DELAY_MS)
    await flush()
    fake.ready()
    await flush()
    share.schedule({ ...card, title: '新标题' })
    jest.advanceTimersByTime(SHARE_DELAY_MS)
    await flush()
    expect(sign).toHaveBeenCalledTimes(1)
    expect(fake.named('appMessage').map((c) => (c as { title: string }).title)).toEqual([
      '论语 · 孔子',
      '新标题',
    ])

    go('https://read.example.com/pagesA/friend/userDetail?id=9')
    share.schedule(card)
    jest.advanceTimersByTime(SHARE_DELAY_MS)
    await flush()
    expect(sign).toHaveBeenCalledTimes(2)
    expect(sign).toHaveBeenLastCalledWith('https://read.example.com/pagesA/friend/userDetail?id=9')
  })

  it('a page hidden before the delay, or before ready, sets nothing', async () => {
    const { fake, sign, share } = setup()
    const cancelEarly = share.schedule(card)
    jest.advanceTimersByTime(SHARE_DELAY_MS - 100)
    cancelEarly()
    jest.advanceTimersByTime(1000)
    await flush()
    expect(sign).not.toHaveBeenCalled()

    const cancelLate = share.schedule(card)
    jest.advanceTimersByTime(SHARE_DELAY_MS)
    await flush()
    cancelLate()
    fake.ready()
    await flush()
    expect(fake.named('config')).toHaveLength(1)
    expect(fake.named('appMessage')).toEqual([])
  })

  it('a refused signature or a failed config sets nothing, and the next show asks again', async () => {
    const { fake, sign, share } = setup()
    sign.mockRejectedValueOnce(new Error('未配置微信公众号'))
    await expect(share.apply(card)).resolves.toBe(false)
    expect(fake.named('config')).toEqual([])

    const applied = share.apply(card)
    await flush()
    fake.fail()
    await expect(applied).resolves.toBe(false)

    const again = share.apply(card)
    await flush()
    fake.ready()
    await expect(again).resolves.toBe(true)
    expect(sign).toHaveBeenCalledTimes(3)
    expect(fake.named('appMessage')).toEqual([card])
  })

  it('without the SDK (not loaded) nothing is signed', async () => {
    const sign = jest.fn(() => Promise.resolve(SIGNED))
    const share = createWeChatShare({
      loadWx: () => Promise.resolve(null),
      sign,
      href: () => 'https://a.b/',
    })
    await expect(share.apply(card)).resolves.toBe(false)
    expect(sign).not.toHaveBeenCalled()
  })
})

describe('the share action on H5', () => {
  const deps = () => ({
    setClipboard: jest.fn((_text: string) => Promise.resolve()),
    toast: jest.fn(),
    showLink: jest.fn(),
  })

  it('outside WeChat copies the link with spid and says 链接已复制', async () => {
    const d = deps()
    await expect(shareOnWeb(card.link, false, d)).resolves.toBe(true)
    expect(d.setClipboard).toHaveBeenCalledWith(
      'https://read.example.com/pagesA/read/detail?id=3&spid=42',
    )
    expect(d.toast).toHaveBeenCalledWith(COPIED_TEXT)
    expect(d.showLink).not.toHaveBeenCalled()
  })

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const d = deps()
    d.setClipboard.mockRejectedValueOnce(new Error('denied'))
    await expect(copyShareLink(card.link, d)).resolves.toBe(false)
    expect(d.showLink).toHaveBeenCalledWith(card.link)
    expect(d.toast).not.toHaveBeenCalled()
  })

  it("in WeChat's browser points at WeChat's menu (the card carries the link)", async () => {
    const d = deps()
    await shareOnWeb(card.link, true, d)
    expect(d.toast).toHaveBeenCalledWith(WECHAT_MENU_HINT)
    expect(d.setClipboard).not.toHaveBeenCalled()
  })

  it('the default action goes through Taro.setClipboardData', async () => {
    const copy = jest
      .spyOn(Taro, 'setClipboardData')
      .mockResolvedValue({ errMsg: 'setClipboardData:ok' } as never)
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    await copyShareLink(card.link)
    expect(copy).toHaveBeenCalledWith({ data: card.link })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: COPIED_TEXT }))
  })
})

describe('SharePage', () => {
  it('is GET /?s=App.Common_Weixin.SharePage&url=<address> without a token', async () => {
    const sent: Array<{ url: string; method: string; header: Record<string, string> }> = []
    jest.spyOn(Taro, 'request').mockImplementation(((options: (typeof sent)[number]) => {
      sent.push(options)
      return Promise.resolve({ statusCode: 200, data: { ret: 200, data: SIGNED, msg: '' } })
    }) as unknown as typeof Taro.request)
    await expect(fetchSharePage('https://a.b/pagesA/read/read?id=1&serial=2')).resolves.toEqual(
      SIGNED,
    )
    expect(sent).toHaveLength(1)
    expect(sent[0].method).toBe('GET')
    expect(sent[0].url).toMatch(
      /\/\?s=App\.Common_Weixin\.SharePage&url=https%3A%2F%2Fa\.b%2FpagesA%2Fread%2Fread%3Fid%3D1%26serial%3D2$/,
    )
    expect(sent[0].header.Authorization).toBeUndefined()
  })
})
