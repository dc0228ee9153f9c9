import * as commonCalls from '@/types/api/calls/common.gen'
import type { SharePageRes } from '@/types/api/common'
import { callRest } from '@/core/request'

/** The query name from the declaration (types/api/common.ts), sent to / as the spec writes it. */
export const SHARE_PAGE_CALL = commonCalls.sharePage.query.path

/**
 * wx.config parameters signed by the server for `url` (the page's address without #), called as
 * the spec writes it: GET /?s=App.Common_Weixin.SharePage&url=. Without a token (nothing personal)
 * and silent: a server without an official account answers 400, and the page keeps WeChat's plain
 * card.
 */
export const fetchSharePage = (url: string): Promise<SharePageRes> =>
  callRest<SharePageRes>(
    '/',
    { s: SHARE_PAGE_CALL, url },
    { method: 'GET', silent: true, skipAuth: true },
  )
