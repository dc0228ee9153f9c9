/**
 * Saving the poster to the phone, in the mini-program: downloaded to a temporary file, then
 * saveImageToPhotosAlbum (WeChat asks for the album permission the first time). H5 has its own
 * (savePoster.h5.ts, picked by Taro's platform file resolution): a download by the browser.
 */
import Taro from '@tarojs/taro'

export type SaveOutcome = 'saved' | 'denied' | 'failed'

/** What the poster page's button says on this platform. */
export const SAVE_LABEL = '保存到相册'

export async function savePoster(url: string): Promise<SaveOutcome> {
  let path: string
  try {
    const res = await Taro.downloadFile({ url })
    if (res.statusCode !== 200) return 'failed'
    path = res.tempFilePath
  } catch {
    return 'failed'
  }
  try {
    await Taro.saveImageToPhotosAlbum({ filePath: path })
    return 'saved'
  } catch (err) {
    const msg = err && typeof err === 'object' && 'errMsg' in err ? String(err.errMsg) : ''
    return /auth|deny|denied/i.test(msg) ? 'denied' : 'failed'
  }
}
