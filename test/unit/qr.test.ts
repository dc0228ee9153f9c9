import { qrDataUrl, qrImageSrc } from '@/core/qr'

describe('QR codes made on the device', () => {
  it('encodes text, Chinese included, as a GIF data URL', () => {
    const url = qrDataUrl('http://127.0.0.1:8080/pages/index/index?spid=7&add=7&name=书友')
    expect(url).toMatch(/^data:image\/gif;base64,/)
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
    expect(bytes.subarray(0, 6).toString('ascii')).toBe('GIF87a')
    // square, and larger for longer text
    expect(bytes.readUInt16LE(6)).toBe(bytes.readUInt16LE(8))
    const longer = qrDataUrl('x'.repeat(300))
    const longerBytes = Buffer.from(longer.slice(longer.indexOf(',') + 1), 'base64')
    expect(longerBytes.readUInt16LE(6)).toBeGreaterThan(bytes.readUInt16LE(6))
  })

  it('gives the browser the data URL itself', async () => {
    await expect(qrImageSrc('hello')).resolves.toBe(qrDataUrl('hello'))
  })
})
