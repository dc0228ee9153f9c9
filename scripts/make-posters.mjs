// Draws the home banner images (750x300 PNG: a soft gradient and shapes, no text; the app lays the
// poster's title and subtitle over them). Run once: node scripts/make-posters.mjs; the PNGs are
// committed under server/seed/assets/posters/ and served at /api/posters/<name>.png.
import { mkdirSync, writeFileSync } from 'node:fs'
import { encodePng } from './lib/png.mjs'

const W = 750
const H = 300
const OUT = 'server/seed/assets/posters'

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t)
const clamp01 = (t) => Math.min(1, Math.max(0, t))
/** 1 inside, 0 outside, a 1.5-pixel soft edge where `d` (distance past the edge) crosses 0. */
const edge = (d) => clamp01(0.5 - d / 1.5)

/**
 * A banner: a left-to-right gradient, then each layer's colour blended in where its coverage
 * (0..1) says. Channels are rounded to steps of 2 to keep the file small.
 */
function banner(from, to, layers) {
  return encodePng(
    W,
    H,
    (x, y) => {
      let c = mix(from, to, clamp01(x / W + (y / H - 0.5) * 0.12))
      for (const { color, alpha, cover } of layers) {
        const a = cover(x, y) * alpha
        if (a > 0) c = mix(c, color, a)
      }
      return c.map((v) => Math.min(255, Math.round(v / 2) * 2))
    },
    3,
  )
}

const circle = (cx, cy, r) => (x, y) => edge(Math.hypot(x - cx, y - cy) - r)
const ring = (cx, cy, r, w) => (x, y) => edge(Math.abs(Math.hypot(x - cx, y - cy) - r) - w / 2)
const roundRect = (x0, y0, x1, y1, r) => (x, y) => {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r))
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r))
  return edge(Math.hypot(dx, dy) - r)
}
/** Only the part of a ring right of its centre (sound waves). */
const arc = (cx, cy, r, w) => (x, y) => (x < cx ? 0 : ring(cx, cy, r, w)(x, y))

const white = [255, 255, 255]

const posters = {
  // 开卷有益: warm paper tones, an open book's pages as soft rounded sheets.
  'reading.png': banner(
    [250, 238, 214],
    [232, 180, 120],
    [
      { color: white, alpha: 0.35, cover: circle(640, 40, 120) },
      { color: white, alpha: 0.25, cover: circle(520, 270, 70) },
      { color: [255, 250, 240], alpha: 0.85, cover: roundRect(470, 70, 590, 230, 14) },
      { color: [255, 250, 240], alpha: 0.85, cover: roundRect(596, 70, 716, 230, 14) },
      { color: [214, 150, 90], alpha: 0.5, cover: roundRect(589, 64, 597, 236, 4) },
      { color: [196, 140, 88], alpha: 0.18, cover: circle(120, 300, 110) },
    ],
  ),
  // 有声书: cool teal with sound waves.
  'audio.png': banner(
    [214, 240, 233],
    [84, 170, 156],
    [
      { color: white, alpha: 0.3, cover: circle(680, 260, 150) },
      { color: white, alpha: 0.9, cover: circle(540, 150, 26) },
      { color: white, alpha: 0.75, cover: arc(540, 150, 56, 10) },
      { color: white, alpha: 0.55, cover: arc(540, 150, 88, 10) },
      { color: white, alpha: 0.35, cover: arc(540, 150, 120, 10) },
      { color: [40, 120, 110], alpha: 0.12, cover: circle(90, 20, 90) },
    ],
  ),
  // 阅读排行: indigo with three rising podium bars.
  'ranking.png': banner(
    [226, 228, 250],
    [118, 112, 214],
    [
      { color: white, alpha: 0.3, cover: circle(600, 30, 130) },
      { color: white, alpha: 0.6, cover: roundRect(470, 170, 530, 270, 10) },
      { color: white, alpha: 0.85, cover: roundRect(545, 100, 605, 270, 10) },
      { color: white, alpha: 0.7, cover: roundRect(620, 140, 680, 270, 10) },
      { color: [255, 214, 102], alpha: 0.95, cover: circle(575, 70, 16) },
      { color: [80, 70, 170], alpha: 0.12, cover: circle(100, 290, 100) },
    ],
  ),
}

mkdirSync(OUT, { recursive: true })
for (const [name, png] of Object.entries(posters)) {
  writeFileSync(`${OUT}/${name}`, png)
  console.log(`${OUT}/${name}: ${png.length} bytes`)
}
