/**
 * Saving the poster to the phone, in the mini-program: downloaded to a temporary file, then
 * saveImageToPhotosAlbum (WeChat asks for the album permission the first time). Once refused,
 * WeChat no longer asks: the reader is offered its settings page (openSetting, from the modal's
 * tap) and, the permission given there, the poster is saved. H5 has its own (savePoster.h5.ts,
 * picked by Taro's platform file resolution): a download by the browser.
 */
import Taro from '@tarojs/taro'

/** 'longPress': this platform cannot save it from here (H5 in WeChat's browser). */
export type SaveOutcome = 'saved' | 'denied' | 'failed' | 'longPress'

/** What the poster page's button says on this platform. */
export const SAVE_LABEL = '保存到相册'

const ALBUM_SCOPE = 'scope.writePhotosAlbum'

const errMsgOf = (err: unknown): string =>
  err && typeof err === 'object' && 'errMsg' in err ? String(err.errMsg) : ''

/**
 * Pure: a saveImageToPhotosAlbum failure that is the album permission refused ('fail auth deny',
 * 'fail:auth denied', 'fail authorize no response'), not a cancel, the privacy agreement
 * ('privacy permission is not authorized': settings cannot give that) or another failure.
 */
export const isAlbumDenied = (errMsg: string): boolean =>
  /auth\s*den|authorize no response/i.test(errMsg)

async function saveToAlbum(filePath: string): Promise<SaveOutcome> {
  try {
    await Taro.saveImageToPhotosAlbum({ filePath })
    return 'saved'
  } catch (err) {
    return isAlbumDenied(errMsgOf(err)) ? 'denied' : 'failed'
  }
}

/** The permission refused: 去设置 opens WeChat's settings page; given there, true. */
async function grantInSettings(): Promise<boolean> {
  try {
    const { confirm } = await Taro.showModal({
      title: '保存到相册',
      content: '需要您允许保存图片到相册，请在设置中打开“保存到相册”',
      confirmText: '去设置',
    })
    if (!confirm) return false
    const { authSetting } = await Taro.openSetting()
    return authSetting[ALBUM_SCOPE] === true
  } catch {
    return false
  }
}

export async function savePoster(url: string): Promise<SaveOutcome> {
  let path: string
  try {
    const res = await Taro.downloadFile({ url })
    if (res.statusCode !== 200) return 'failed'
    path = res.tempFilePath
  } catch {
    return 'failed'
  }
  const outcome = await saveToAlbum(path)
  if (outcome !== 'denied' || !(await grantInSettings())) return outcome
  return saveToAlbum(path)
}
