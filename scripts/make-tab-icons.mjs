// Draws the four tab-bar icons (81x81 PNG, grey and selected red) from simple shapes.
// Run once: node scripts/make-tab-icons.mjs; the PNGs are committed.
import { writeFileSync } from 'node:fs'
import { encodePng } from './lib/png.mjs'

const SIZE = 81

/** Colour where `inside` holds, with 3x3 supersampled edges. */
function png(inside, [r, g, b]) {
  return encodePng(SIZE, SIZE, (x, y) => {
    let hits = 0
    for (let sy = 0; sy < 3; sy++)
      for (let sx = 0; sx < 3; sx++)
        if (inside((x + (sx + 0.5) / 3) / SIZE, (y + (sy + 0.5) / 3) / SIZE)) hits++
    return [r, g, b, Math.round((hits / 9) * 255)]
  })
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
