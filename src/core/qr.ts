import qrcode from 'qrcode-generator'

/**
 * A QR code made on the device as a GIF data URL (the library encodes the GIF itself, so it works
 * in the mini-program's Image as well as in a browser). Text is encoded as UTF-8 bytes.
 */
export function qrDataUrl(text: string, cellSize = 8, margin = 16): string {
  const qr = qrcode(0, 'M')
  qr.addData(unescape(encodeURIComponent(text)))
  qr.make()
  return qr.createDataURL(cellSize, margin)
}
