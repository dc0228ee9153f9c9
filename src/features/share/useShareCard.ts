import { useDidShow, useShareAppMessage } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
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
 * Answers the action for the page's 分享 button (ShareButton).
 */
export function useShareCard(input: ShareCardInput): () => void {
  const { session } = useStores()
  const userId = session.user?.user_id
  const { title, desc = '', image = '', path } = input

  useShareAppMessage(() => ({
    title: title || '书友',
    path: withSpid(path, userId),
    ...(image ? { imageUrl: resolveAssetUrl(image) } : {}),
  }))

  const [shown, setShown] = useState(0)
  useDidShow(() => setShown((n) => n + 1))

  useEffect(() => {
    if (!isWeChatBrowser()) return undefined
    const card = buildWebCard({ title, desc, image, path }, { origin: pageOrigin(), userId })
    return weChatShare().schedule(card)
  }, [shown, title, desc, image, path, userId])

  return useCallback(() => {
    const card = buildWebCard({ title, desc, image, path }, { origin: pageOrigin(), userId })
    void shareOnWeb(card.link, isWeChatBrowser())
  }, [title, desc, image, path, userId])
}
