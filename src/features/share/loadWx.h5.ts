import type { WxShareApi } from './wechat'

/**
 * WeChat's JS-SDK on H5, imported on first use: a chunk of its own that only visitors in WeChat's
 * browser download. (loadWx.ts stands in on the other platforms.)
 */
export async function loadWx(): Promise<WxShareApi | null> {
  const sdk = await import(/* webpackChunkName: "weixin-js-sdk" */ 'weixin-js-sdk')
  return (sdk.default ?? null) as unknown as WxShareApi | null
}
