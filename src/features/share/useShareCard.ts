import { useDidShow, useShareAppMessage } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { resolveAssetUrl } from '@/core/assets'
import { isWeChatBrowser, jsSdkSigningUrl } from '@/core/platform'
import { useStores } from '@/stores'
import { fetchSharePage } from './api'
import { shareOnWeb } from './action'
import { buildWebCard, withSpid, type ShareCardInput } from './card'
import { loadWx } from './loadWx'
import { createWeChatShare, type WeChatShare } from './wechat'

let wechatShare: WeChatShare | null = null

/** One JS-SDK setup for the whole app, made on first use. */
function weChatShare(): WeChatShare {
  wechatShare ??= createWeChatShare({
    loadWx,
    sign: fetchSharePage,
    href: jsSdkSigningUrl,
  })
  return wechatShare
}

const pageOrigin = (): string => (typeof location !== 'undefined' ? location.origin : '')

/**
 * A shareable page's card, with my id as referrer (spid) on the link when I am logged in:
 * - mini-program: WeChat's share sheet (useShareAppMessage; the page config enables it);
 * - H5 in WeChat's browser: the JS-SDK card, set 300 ms after the page shows and again when the
 *   card changes (the SDK is downloaded only there);
 * - H5 elsewhere: nothing until the returned action runs, which copies the link.
 * Answers the action for the page's 分享 button (ShareButton). `onShared` hears of a share made
 * (WeChat's sheet opened for it, or the link copied), e.g. to count it.
 */
export function useShareCard(input: ShareCardInput, onShared?: () => void): () => void {
  const { session } = useStores()
  const userId = session.user?.user_id
  const { title, desc = '', image = '', path } = input
  const shared = useRef(onShared)
  shared.current = onShared

  useShareAppMessage(() => {
    shared.current?.()
    return {
      title: title || '书友',
      path: withSpid(path, userId),
      ...(image ? { imageUrl: resolveAssetUrl(image) } : {}),
    }
  })

  const [shown, setShown] = useState(0)
  useDidShow(() => setShown((n) => n + 1))

  useEffect(() => {
    if (!isWeChatBrowser()) return undefined
    const card = buildWebCard({ title, desc, image, path }, { origin: pageOrigin(), userId })
    return weChatShare().schedule(card)
  }, [shown, title, desc, image, path, userId])

  return useCallback(() => {
    const card = buildWebCard({ title, desc, image, path }, { origin: pageOrigin(), userId })
    void shareOnWeb(card.link, isWeChatBrowser()).then((done) => {
      if (done) shared.current?.()
    })
  }, [title, desc, image, path, userId])
}
