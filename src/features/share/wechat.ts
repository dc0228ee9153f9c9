/**
 * The page's card in WeChat's browser through WeChat's JS-SDK: the server signs the page's address
 * (SharePage), wx.config takes the signature, and on wx.ready the card is set for chats and Moments.
 * The SDK and the signer are passed in, so tests drive this with a fake wx and a fake call.
 */
import type { SharePageRes } from '@/types/api/common'
import { signingUrl, type WebShareCard } from './card'

/** The spec: "share info is set after 300 ms" (after the page shows). */
export const SHARE_DELAY_MS = 300

export const SHARE_JS_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const

/** The part of WeChat's JS-SDK (`wx`) used here. */
export interface WxShareApi {
  config(options: {
    debug?: boolean
    appId: string
    timestamp: number
    nonceStr: string
    signature: string
    jsApiList: Array<(typeof SHARE_JS_APIS)[number]>
  }): void
  ready(callback: () => void): void
  error(callback: (err: { errMsg: string }) => void): void
  updateAppMessageShareData(card: {
    title: string
    desc: string
    link: string
    imgUrl: string
  }): void
  updateTimelineShareData(card: { title: string; link: string; imgUrl: string }): void
}

export interface WeChatShareDeps {
  /** The SDK, loaded on first use; null where there is none. */
  loadWx: () => Promise<WxShareApi | null>
  /** The server's signature for a URL (SharePage). */
  sign: (url: string) => Promise<SharePageRes>
  /** The address to sign (jsSdkSigningUrl: the entry address on iOS, else the current one). */
  href: () => string
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export interface WeChatShare {
  /**
   * Configures the SDK for the current address (once per address) and sets the card, unless
   * `live` has turned false by then.
   */
  apply(card: WebShareCard, live?: () => boolean): Promise<boolean>
  /** apply() after SHARE_DELAY_MS; answers a cancel for when the page hides or the card changes. */
  schedule(card: WebShareCard, delayMs?: number): () => void
}

export function createWeChatShare(deps: WeChatShareDeps): WeChatShare {
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms))
  const clearTimer =
    deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  /** The address the SDK is configured (or being configured) for, and the outcome. */
  let configured: { url: string; wx: Promise<WxShareApi | null> } | null = null

  function configure(url: string): Promise<WxShareApi | null> {
    if (configured?.url === url) return configured.wx
    const wx = (async () => {
      const sdk = await deps.loadWx()
      if (!sdk) return null
      const signed = await deps.sign(url)
      return new Promise<WxShareApi | null>((resolve) => {
        sdk.config({
          debug: signed.debug,
          appId: signed.appId,
          timestamp: signed.timestamp,
          nonceStr: signed.nonceStr,
          signature: signed.signature,
          jsApiList: [...SHARE_JS_APIS],
        })
        sdk.ready(() => resolve(sdk))
        sdk.error(() => resolve(null))
      })
    })().catch(() => null)
    const entry = { url, wx }
    configured = entry
    // A failure is not kept: the next show of a page asks again.
    void wx.then((sdk) => {
      if (!sdk && configured === entry) configured = null
    })
    return wx
  }

  async function apply(card: WebShareCard, live: () => boolean = () => true): Promise<boolean> {
    const sdk = await configure(signingUrl(deps.href()))
    // A page hidden (or a card replaced) meanwhile must not overwrite the card that followed it.
    if (!sdk || !live()) return false
    sdk.updateAppMessageShareData({
      title: card.title,
      desc: card.desc,
      link: card.link,
      imgUrl: card.imgUrl,
    })
    sdk.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl })
    return true
  }

  function schedule(card: WebShareCard, delayMs = SHARE_DELAY_MS): () => void {
    let live = true
    const timer = setTimer(() => {
      if (live) void apply(card, () => live)
    }, delayMs)
    return () => {
      live = false
      clearTimer(timer)
    }
  }

  return { apply, schedule }
}
