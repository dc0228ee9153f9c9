import { createHash, randomBytes } from 'node:crypto'
import type { SharePageRes } from '@api/common'
import { unixSeconds } from '../../clock'
import type { AppContext } from '../../context'
import { badRequest } from '../../http/errors'

/** The page URL as the JS-SDK signs it: http(s), without the #fragment. */
export function shareUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw badRequest('分享链接不正确')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('分享链接不正确')
  return raw.split('#')[0]
}

export const jsapiSignature = (
  ticket: string,
  nonceStr: string,
  timestamp: number,
  url: string,
): string =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`)
    .digest('hex')

/** wx.config parameters for a page of the H5 app opened inside WeChat, as the official account. */
export async function sharePage(app: AppContext, rawUrl: string): Promise<SharePageRes> {
  const account = app.wechat.officialAccount
  if (!account.configured) throw badRequest('未配置微信公众号')
  const url = shareUrl(rawUrl)
  const ticket = await account.getJsapiTicket()
  const nonceStr = randomBytes(8).toString('hex')
  const timestamp = unixSeconds(app.clock.now())
  return {
    debug: false,
    appId: account.appId,
    timestamp,
    nonceStr,
    signature: jsapiSignature(ticket, nonceStr, timestamp, url),
  }
}
