import type { WxShareApi } from './wechat'

/**
 * WeChat's JS-SDK: H5 only (loadWx.h5.ts, picked by Taro's platform file resolution); the
 * mini-program, and the unit tests, have none, so nothing of it is bundled there.
 */
export async function loadWx(): Promise<WxShareApi | null> {
  return null
}
