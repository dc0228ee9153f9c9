import Taro from '@tarojs/taro'
import qrcode from 'qrcode-generator'
import { isWeapp } from './platform'

/**
 * A QR code made on the device as a GIF data URL (the library encodes the GIF itself, so it needs
 * no canvas). Text is encoded as UTF-8 bytes.
 */
export function qrDataUrl(text: string, cellSize = 8, margin = 16): string {
  const qr = qrcode(0, 'M')
  qr.addData(unescape(encodeURIComponent(text)))
  qr.make()
  return qr.createDataURL(cellSize, margin)
}

/**
 * An image source for the QR code. The mini-program cannot long-press-recognise or save a data
 * URL, so there the GIF is written to a file in the user data folder first.
 */
export async function qrImageSrc(text: string, fileName = 'qr.gif'): Promise<string> {
  const dataUrl = qrDataUrl(text)
  if (!isWeapp()) return dataUrl
  const filePath = `${Taro.env.USER_DATA_PATH}/${fileName}`
  await new Promise<void>((resolve, reject) => {
    Taro.getFileSystemManager().writeFile({
      filePath,
      data: dataUrl.slice(dataUrl.indexOf(',') + 1),
      encoding: 'base64',
      success: () => resolve(),
      fail: (err) => reject(new Error(err.errMsg)),
    })
  })
  return filePath
}
