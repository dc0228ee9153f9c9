// Draws the four tab-bar icons (81x81 PNG, grey and selected red) from simple shapes.
// Run once: node scripts/make-tab-icons.mjs; the PNGs are committed.
import { deflateSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'

const SIZE = 81
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type, data) => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}
function png(inside, [r, g, b]) {
  const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1))
  for (let y = 0; y < SIZE; y++) {
    raw[y * (SIZE * 4 + 1)] = 0
    for (let x = 0; x < SIZE; x++) {
      // 3x3 supersampling for smooth edges
      let hits = 0
      for (let sy = 0; sy < 3; sy++)
        for (let sx = 0; sx < 3; sx++)
          if (inside((x + (sx + 0.5) / 3) / SIZE, (y + (sy + 0.5) / 3) / SIZE)) hits++
      const o = y * (SIZE * 4 + 1) + 1 + x * 4
      raw[o] = r
      raw[o + 1] = g
      raw[o + 2] = b
      raw[o + 3] = Math.round((hits / 9) * 255)
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(SIZE, 0)
  ihdr.writeUInt32BE(SIZE, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) < w / 2
const rect = (x0, y0, x1, y1) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1
const frame = (x0, y0, x1, y1, w) => (x, y) =>
  rect(x0, y0, x1, y1)(x, y) && !rect(x0 + w, y0 + w, x1 - w, y1 - w)(x, y)
const any =
  (...fs) =>
  (x, y) =>
    fs.some((f) => f(x, y))
const roof = (x, y) =>
  y >= 0.14 &&
  y <= 0.5 &&
  Math.abs(x - 0.5) <= (y - 0.14) * 1.2 &&
  Math.abs(x - 0.5) >= (y - 0.14) * 1.2 - 0.09
const shapes = {
  home: any(roof, frame(0.24, 0.44, 0.76, 0.86, 0.07), rect(0.44, 0.62, 0.56, 0.86)),
  chat: any(
    frame(0.14, 0.2, 0.86, 0.7, 0.07),
    (x, y) => y >= 0.7 && y <= 0.86 && x >= 0.28 && x <= 0.28 + (0.86 - y) * 1.1,
    rect(0.3, 0.42, 0.38, 0.5),
    rect(0.46, 0.42, 0.54, 0.5),
    rect(0.62, 0.42, 0.7, 0.5),
  ),
  feed: any(
    frame(0.2, 0.12, 0.8, 0.88, 0.07),
    rect(0.32, 0.3, 0.68, 0.36),
    rect(0.32, 0.46, 0.68, 0.52),
    rect(0.32, 0.62, 0.56, 0.68),
  ),
  mine: any(
    ring(0.5, 0.34, 0.16, 0.07),
    (x, y) =>
      (y >= 0.58 && y <= 0.88 && Math.abs(Math.hypot((x - 0.5) / 1.1, y - 0.92) - 0.32) < 0.04) ||
      (y >= 0.84 && y <= 0.88 && x >= 0.15 && x <= 0.85),
  ),
}
for (const [name, shape] of Object.entries(shapes)) {
  writeFileSync(`src/assets/tab/${name}.png`, png(shape, [138, 138, 138]))
  writeFileSync(`src/assets/tab/${name}-on.png`, png(shape, [192, 57, 43]))
}
