// Draws the chat's three big-emoji groups (chat-spec: 18, 16 and 17 images) from simple shapes,
// here, from nothing fetched: round faces, animal heads and hand gestures in flat colours with a
// dark outline. Each image is a 120x120 palette PNG (anti-aliased edges from signed distances,
// colours quantised to at most 256); the names are those of src/features/chat/bigEmoji.ts, which
// this script checks. Run once, then commit the files:
//   node scripts/draw-big-emoji.mjs
// Output: src/TUIKit/big-emoji/<group>/<index>.png, copied by the weapp and H5 builds to
// TUIKit/big-emoji/ (config/bigEmojiAssets.ts): in the mini-program that is the TUIKit
// subpackage, where the chat page lives; in H5 a file of the build.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { deflateSync } from 'node:zlib'

const SIZE = 120
const OUT = path.join('src', 'TUIKit', 'big-emoji')

// ---- shapes: signed distances in a 100x100 space (negative inside) ----

const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r
const ellipse = (cx, cy, rx, ry) => (x, y) =>
  (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry)
/** A thick line with round ends. */
function seg(ax, ay, bx, by, r) {
  return (x, y) => {
    const dx = bx - ax
    const dy = by - ay
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)))
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) - r
  }
}
/** A rounded box centred at (cx, cy), turned by `rot` degrees. */
function box(cx, cy, hw, hh, r = 0, rot = 0) {
  const c = Math.cos((rot * Math.PI) / 180)
  const s = Math.sin((rot * Math.PI) / 180)
  return (x, y) => {
    const px = (x - cx) * c + (y - cy) * s
    const py = -(x - cx) * s + (y - cy) * c
    const qx = Math.abs(px) - hw + r
    const qy = Math.abs(py) - hh + r
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
  }
}
/** A line of width 2w along the circle (cx, cy, R) from angle a0 to a1 (degrees, y down). */
function arc(cx, cy, R, a0, a1, w) {
  const r0 = (a0 * Math.PI) / 180
  const r1 = (a1 * Math.PI) / 180
  const ends = [
    [cx + R * Math.cos(r0), cy + R * Math.sin(r0)],
    [cx + R * Math.cos(r1), cy + R * Math.sin(r1)],
  ]
  return (x, y) => {
    let a = Math.atan2(y - cy, x - cx)
    while (a < r0) a += 2 * Math.PI
    if (a <= r1) return Math.abs(Math.hypot(x - cx, y - cy) - R) - w
    return Math.min(...ends.map(([ex, ey]) => Math.hypot(x - ex, y - ey))) - w
  }
}
/** A filled polygon (points in order). */
function poly(...pts) {
  return (x, y) => {
    let d = Infinity
    let inside = false
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [ax, ay] = pts[j]
      const [bx, by] = pts[i]
      d = Math.min(d, seg(ax, ay, bx, by, 0)(x, y))
      if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside
    }
    return inside ? -d : d
  }
}
const union =
  (...fs) =>
  (x, y) =>
    Math.min(...fs.map((f) => f(x, y)))
const within = (a, b) => (x, y) => Math.max(a(x, y), b(x, y))
const grow = (f, by) => (x, y) => f(x, y) - by
/** The shape moved, turned by `rot` degrees about (ox, oy) and scaled by `k` (and mirrored). */
function place(f, { dx = 0, dy = 0, rot = 0, ox = 50, oy = 50, k = 1, mirror = false }) {
  const c = Math.cos((rot * Math.PI) / 180)
  const s = Math.sin((rot * Math.PI) / 180)
  return (x, y) => {
    let px = x - ox - dx
    const py = y - oy - dy
    const rx = (px * c + py * s) / k
    const ry = (-px * s + py * c) / k
    px = mirror ? -rx : rx
    return f(px + ox, ry + oy) * k
  }
}
const heart = (cx, cy, r) =>
  union(
    circle(cx - r * 0.5, cy - r * 0.2, r * 0.55),
    circle(cx + r * 0.5, cy - r * 0.2, r * 0.55),
    poly([cx - r * 1.02, cy + r * 0.02], [cx + r * 1.02, cy + r * 0.02], [cx, cy + r * 1.05]),
  )
const drop = (cx, cy, r) =>
  union(
    circle(cx, cy, r),
    poly([cx - r * 0.92, cy - r * 0.4], [cx + r * 0.92, cy - r * 0.4], [cx, cy - r * 2.2]),
  )

// ---- the canvas ----

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16))

function canvas() {
  const px = new Float64Array(SIZE * SIZE * 4)
  const k = 100 / SIZE
  return {
    /** Paints `shape` in `colour` (#rrggbb) with `alpha`, edges anti-aliased. */
    fill(shape, colour, alpha = 1) {
      const [r, g, b] = hex(colour)
      for (let j = 0; j < SIZE; j++)
        for (let i = 0; i < SIZE; i++) {
          const d = shape((i + 0.5) * k, (j + 0.5) * k) / k
          const a = Math.max(0, Math.min(1, 0.5 - d)) * alpha
          if (a <= 0) continue
          const o = (j * SIZE + i) * 4
          const keep = px[o + 3] * (1 - a)
          const out = a + keep
          px[o] = (r * a + px[o] * keep) / out
          px[o + 1] = (g * a + px[o + 1] * keep) / out
          px[o + 2] = (b * a + px[o + 2] * keep) / out
          px[o + 3] = out
        }
    },
    /** A shape with a dark outline `w` wide around it. */
    solid(shape, colour, line = INK, w = 2.2) {
      this.fill(grow(shape, w), line)
      this.fill(shape, colour)
    },
    px,
  }
}

// ---- a palette PNG ----

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type), data])
  let c = 0xffffffff
  for (const b of body) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8)
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const tail = Buffer.alloc(4)
  tail.writeUInt32BE((c ^ 0xffffffff) >>> 0)
  return Buffer.concat([head, body, tail])
}
/** Pixels rounded to fewer levels until at most 256 colours remain; fully clear is one colour. */
function quantise(px) {
  for (const step of [16, 24, 32]) {
    const colours = new Map()
    const index = new Uint8Array(SIZE * SIZE)
    let ok = true
    for (let p = 0; p < SIZE * SIZE && ok; p++) {
      const a = Math.round((px[p * 4 + 3] * 255) / step) * step
      const c =
        a <= 0
          ? [0, 0, 0, 0]
          : [0, 1, 2]
              .map((n) => Math.min(255, Math.round(px[p * 4 + n] / step) * step))
              .concat(Math.min(255, a))
      const key = c.join()
      if (!colours.has(key)) {
        if (colours.size === 256) ok = false
        colours.set(key, colours.size)
      }
      index[p] = colours.get(key)
    }
    if (ok) return { palette: [...colours.keys()].map((k) => k.split(',').map(Number)), index }
  }
  throw new Error('too many colours')
}
function encode(px) {
  const { palette, index } = quantise(px)
  const raw = Buffer.alloc((SIZE + 1) * SIZE)
  for (let y = 0; y < SIZE; y++)
    raw.set(index.subarray(y * SIZE, (y + 1) * SIZE), y * (SIZE + 1) + 1)
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(SIZE, 0)
  ihdr.writeUInt32BE(SIZE, 4)
  ihdr[8] = 8
  ihdr[9] = 3
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(palette.flatMap((c) => c.slice(0, 3)))),
    chunk('tRNS', Buffer.from(palette.map((c) => c[3]))),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// ---- colours ----

const INK = '#3b2a20'
const WHITE = '#ffffff'
const PINK = '#ff8fa3'
const RED = '#e8454f'
const BLUE = '#5aa9e6'

// ---- group 1: round faces ----

const FACE = '#ffcd4a'
const dotEyes = (c, y = 42) => {
  c.fill(ellipse(36, y, 4.5, 6), INK)
  c.fill(ellipse(64, y, 4.5, 6), INK)
}
const happyEyes = (c, y = 44) => {
  c.fill(arc(36, y, 7, 195, 345, 2.6), INK)
  c.fill(arc(64, y, 7, 195, 345, 2.6), INK)
}
const smile = (c, r = 16, y = 52, w = 2.8) => c.fill(arc(50, y, r, 25, 155, w), INK)
const blush = (c, a = 0.55) => {
  c.fill(ellipse(26, 60, 8, 5), PINK, a)
  c.fill(ellipse(74, 60, 8, 5), PINK, a)
}
const openMouth = (c, y = 60, r = 18, tongue = true) => {
  const mouth = within(circle(50, y, r), (x, yy) => y - yy)
  c.fill(grow(mouth, 2.2), INK)
  c.fill(mouth, '#8a2b2b')
  if (tongue) c.fill(within(circle(50, y + r * 0.75, r * 0.55), mouth), '#ff7b7b')
}
function face(draw) {
  const c = canvas()
  c.solid(circle(50, 50, 42), FACE)
  draw(c)
  return c
}
const FACES = {
  开心: () =>
    face((c) => {
      dotEyes(c)
      smile(c)
      blush(c, 0.35)
    }),
  大笑: () =>
    face((c) => {
      happyEyes(c, 40)
      openMouth(c, 56, 22)
    }),
  眨眼: () =>
    face((c) => {
      c.fill(ellipse(36, 42, 4.5, 6), INK)
      c.fill(arc(64, 46, 7, 200, 340, 2.6), INK)
      smile(c, 15, 54)
      c.fill(ellipse(58, 72, 6, 5), '#ff7b7b')
    }),
  喜欢: () =>
    face((c) => {
      c.fill(heart(34, 42, 11), RED)
      c.fill(heart(66, 42, 11), RED)
      openMouth(c, 62, 14)
    }),
  害羞: () =>
    face((c) => {
      happyEyes(c, 46)
      c.fill(arc(50, 58, 8, 30, 150, 2.4), INK)
      c.fill(ellipse(26, 60, 10, 6), PINK, 0.9)
      c.fill(ellipse(74, 60, 10, 6), PINK, 0.9)
      for (const x of [20, 25, 30]) c.fill(seg(x, 57, x - 2, 63, 0.9), '#e0607a')
      for (const x of [70, 75, 80]) c.fill(seg(x, 57, x - 2, 63, 0.9), '#e0607a')
    }),
  亲亲: () =>
    face((c) => {
      c.fill(ellipse(36, 42, 4.5, 6), INK)
      c.fill(arc(64, 46, 7, 200, 340, 2.6), INK)
      c.fill(arc(50, 62, 4, 270, 450, 2.2), INK)
      c.fill(arc(50, 70, 4, 270, 450, 2.2), INK)
      c.fill(heart(76, 66, 8), RED)
      blush(c, 0.4)
    }),
  调皮: () =>
    face((c) => {
      dotEyes(c)
      c.fill(seg(34, 60, 66, 60, 2.6), INK)
      const tongue = union(ellipse(56, 68, 9, 11), box(56, 62, 9, 2))
      c.solid(
        within(tongue, (x, y) => 60 - y),
        '#ff7b7b',
        INK,
        2,
      )
      c.fill(seg(56, 62, 56, 72, 0.9), '#d4505a')
    }),
  酷: () =>
    face((c) => {
      const glasses = union(box(34, 42, 13, 9, 4), box(66, 42, 13, 9, 4), seg(20, 38, 80, 38, 2.5))
      c.fill(glasses, '#1f2330')
      c.fill(seg(26, 38, 31, 38, 1.5), '#6c7a99')
      c.fill(seg(58, 38, 63, 38, 1.5), '#6c7a99')
      c.fill(arc(56, 52, 14, 30, 120, 2.6), INK)
    }),
  得意: () =>
    face((c) => {
      c.fill(seg(28, 44, 42, 44, 2.6), INK)
      c.fill(seg(58, 44, 72, 44, 2.6), INK)
      c.fill(seg(28, 34, 40, 30, 2), INK)
      c.fill(seg(60, 30, 72, 34, 2), INK)
      c.fill(arc(58, 54, 12, 20, 120, 2.6), INK)
    }),
  思考: () =>
    face((c) => {
      dotEyes(c, 40)
      c.fill(seg(30, 30, 42, 28, 2), INK)
      c.fill(seg(58, 26, 70, 30, 2), INK)
      c.fill(seg(42, 64, 60, 62, 2.4), INK)
      const hand = union(box(40, 82, 12, 8, 6, -10), seg(48, 80, 60, 66, 4))
      c.solid(hand, '#f5b743', INK, 2)
    }),
  惊讶: () =>
    face((c) => {
      c.fill(circle(36, 42, 7), WHITE)
      c.fill(circle(64, 42, 7), WHITE)
      c.fill(circle(36, 42, 3.5), INK)
      c.fill(circle(64, 42, 3.5), INK)
      c.fill(arc(36, 36, 10, 220, 320, 1.8), INK)
      c.fill(arc(64, 36, 10, 220, 320, 1.8), INK)
      c.solid(ellipse(50, 66, 7, 9), '#8a2b2b', INK, 2)
    }),
  无语: () =>
    face((c) => {
      c.fill(seg(28, 44, 42, 44, 2.6), INK)
      c.fill(seg(58, 44, 72, 44, 2.6), INK)
      c.fill(seg(38, 64, 62, 64, 2.6), INK)
      c.fill(drop(78, 34, 5), BLUE)
    }),
  流泪: () =>
    face((c) => {
      c.fill(arc(36, 40, 7, 20, 160, 2.6), INK)
      c.fill(arc(64, 40, 7, 20, 160, 2.6), INK)
      c.fill(arc(50, 72, 10, 205, 335, 2.6), INK)
      c.fill(drop(30, 58, 5), BLUE)
    }),
  大哭: () =>
    face((c) => {
      c.fill(arc(36, 44, 7, 200, 340, 2.6), INK)
      c.fill(arc(64, 44, 7, 200, 340, 2.6), INK)
      c.fill(box(32, 66, 5, 22, 4), BLUE)
      c.fill(box(68, 66, 5, 22, 4), BLUE)
      const mouth = within(circle(50, 74, 13), (x, y) => 74 - y)
      c.fill(grow(place(mouth, { rot: 180, ox: 50, oy: 68 }), 2), INK)
      c.fill(place(mouth, { rot: 180, ox: 50, oy: 68 }), '#8a2b2b')
    }),
  生气: () => {
    const c = canvas()
    c.solid(circle(50, 50, 42), '#ff8a5c')
    c.fill(seg(26, 32, 42, 40, 2.4), INK)
    c.fill(seg(74, 32, 58, 40, 2.4), INK)
    c.fill(ellipse(36, 46, 4, 5), INK)
    c.fill(ellipse(64, 46, 4, 5), INK)
    c.fill(arc(50, 76, 12, 215, 325, 2.6), INK)
    for (const r of [0, 90, 180, 270])
      c.fill(place(seg(80, 14, 80, 20, 1.6), { rot: r, ox: 80, oy: 20 }), RED)
    return c
  },
  困了: () =>
    face((c) => {
      c.fill(arc(36, 42, 7, 20, 160, 2.6), INK)
      c.fill(arc(64, 42, 7, 20, 160, 2.6), INK)
      c.fill(ellipse(50, 66, 5, 6), '#8a2b2b')
      for (const [x, y, s] of [
        [70, 24, 5],
        [82, 12, 4],
      ]) {
        c.fill(seg(x - s, y - s, x + s, y - s, 1.4), '#3d6fb6')
        c.fill(seg(x + s, y - s, x - s, y + s, 1.4), '#3d6fb6')
        c.fill(seg(x - s, y + s, x + s, y + s, 1.4), '#3d6fb6')
      }
    }),
  晕: () =>
    face((c) => {
      for (const cx of [36, 64]) {
        c.fill(arc(cx, 42, 7, 0, 300, 1.8), INK)
        c.fill(arc(cx, 42, 3.5, 90, 360, 1.6), INK)
      }
      c.fill(
        union(
          arc(43, 64, 4, 180, 360, 2.2),
          arc(51, 64, 4, 0, 180, 2.2),
          arc(59, 64, 4, 180, 360, 2.2),
        ),
        INK,
      )
    }),
  流汗: () =>
    face((c) => {
      happyEyes(c, 44)
      c.fill(seg(36, 62, 64, 62, 2.6), INK)
      c.fill(arc(50, 52, 14, 50, 130, 2.4), FACE)
      c.fill(drop(76, 30, 6), BLUE)
      c.fill(seg(27, 30, 39, 33, 2), INK)
      c.fill(seg(61, 33, 73, 30, 2), INK)
    }),
}

// ---- group 2: animal heads ----

function animal({ head, ears = [], earsIn = [], colour, inner = PINK }, draw) {
  const c = canvas()
  const outline = union(head, ...ears)
  c.fill(grow(outline, 2.2), INK)
  for (const e of ears) c.fill(e, colour)
  for (const e of earsIn) c.fill(e, inner)
  c.fill(head, colour)
  draw(c)
  return c
}
const eyes = (c, y = 50, dx = 14, r = 4.5) => {
  c.fill(circle(50 - dx, y, r), INK)
  c.fill(circle(50 + dx, y, r), INK)
  c.fill(circle(50 - dx + 1.4, y - 1.6, r * 0.35), WHITE)
  c.fill(circle(50 + dx + 1.4, y - 1.6, r * 0.35), WHITE)
}
const catMouth = (c, y = 64) => {
  c.fill(arc(46, y, 4, 20, 160, 1.6), INK)
  c.fill(arc(54, y, 4, 20, 160, 1.6), INK)
}
const triEar = (ax, ay, bx, by, tx, ty) => poly([ax, ay], [tx, ty], [bx, by])
const ANIMALS = {
  小猫: () =>
    animal(
      {
        head: ellipse(50, 56, 38, 32),
        ears: [triEar(16, 46, 40, 28, 18, 12), triEar(60, 28, 84, 46, 82, 12)],
        earsIn: [triEar(22, 40, 36, 30, 22, 20), triEar(64, 30, 78, 40, 78, 20)],
        colour: '#f4a259',
      },
      (c) => {
        c.fill(box(50, 30, 3, 8, 2), '#d97b2b')
        eyes(c, 54)
        c.fill(poly([46, 60], [54, 60], [50, 64]), '#e06b78')
        catMouth(c, 64)
        for (const [y, t] of [
          [60, -3],
          [66, 2],
        ]) {
          c.fill(seg(8, y + t, 26, y, 0.8), INK)
          c.fill(seg(74, y, 92, y + t, 0.8), INK)
        }
      },
    ),
  小狗: () => {
    const c = canvas()
    const head = ellipse(50, 54, 32, 34)
    const ears = [ellipse(20, 50, 10, 22), ellipse(80, 50, 10, 22)].map((e, i) =>
      place(e, { rot: i ? -18 : 18, ox: i ? 80 : 20, oy: 34 }),
    )
    c.fill(grow(union(head, ...ears), 2.2), INK)
    c.fill(head, '#e8c07a')
    for (const e of ears) c.fill(e, '#9a6a3a')
    c.fill(ellipse(50, 70, 16, 12), '#fff4df')
    c.fill(ellipse(64, 40, 8, 9), '#c99a55')
    eyes(c, 46)
    c.fill(ellipse(50, 62, 6, 4.5), INK)
    c.fill(seg(50, 66, 50, 71, 1.4), INK)
    c.fill(
      within(ellipse(50, 76, 5, 7), (x, y) => 73 - y),
      '#ff7b7b',
    )
    return c
  },
  小熊: () =>
    animal(
      {
        head: circle(50, 54, 34),
        ears: [circle(22, 26, 12), circle(78, 26, 12)],
        earsIn: [circle(22, 26, 6), circle(78, 26, 6)],
        colour: '#a0673e',
        inner: '#d9a87e',
      },
      (c) => {
        c.fill(ellipse(50, 66, 15, 11), '#e6c29b')
        eyes(c, 48)
        c.fill(ellipse(50, 61, 5.5, 4), INK)
        catMouth(c, 67)
      },
    ),
  兔子: () =>
    animal(
      {
        head: ellipse(50, 62, 32, 28),
        ears: [ellipse(36, 24, 8, 22), ellipse(64, 24, 8, 22)],
        earsIn: [ellipse(36, 26, 4, 15), ellipse(64, 26, 4, 15)],
        colour: '#f7f3f0',
      },
      (c) => {
        eyes(c, 58)
        c.fill(ellipse(50, 68, 3.5, 2.6), '#e06b78')
        catMouth(c, 71)
        c.fill(ellipse(30, 70, 6, 4), PINK, 0.7)
        c.fill(ellipse(70, 70, 6, 4), PINK, 0.7)
      },
    ),
  熊猫: () =>
    animal(
      {
        head: ellipse(50, 56, 36, 32),
        ears: [circle(22, 28, 11), circle(78, 28, 11)],
        colour: WHITE,
      },
      (c) => {
        c.fill(circle(22, 28, 11), '#2b2b2b')
        c.fill(circle(78, 28, 11), '#2b2b2b')
        c.fill(place(ellipse(34, 52, 9, 11), { rot: 30, ox: 34, oy: 52 }), '#2b2b2b')
        c.fill(place(ellipse(66, 52, 9, 11), { rot: -30, ox: 66, oy: 52 }), '#2b2b2b')
        c.fill(circle(35, 51, 3.6), WHITE)
        c.fill(circle(65, 51, 3.6), WHITE)
        c.fill(circle(35.6, 51, 2), INK)
        c.fill(circle(64.4, 51, 2), INK)
        c.fill(ellipse(50, 64, 5, 3.5), INK)
        catMouth(c, 70)
      },
    ),
  小猪: () =>
    animal(
      {
        head: ellipse(50, 56, 38, 32),
        ears: [triEar(16, 38, 36, 26, 14, 12), triEar(64, 26, 84, 38, 86, 12)],
        colour: '#ffb3c1',
      },
      (c) => {
        eyes(c, 48, 16)
        c.solid(ellipse(50, 64, 13, 9), '#ff8fa3', INK, 1.8)
        c.fill(ellipse(45, 64, 2.4, 3.4), '#b34a5e')
        c.fill(ellipse(55, 64, 2.4, 3.4), '#b34a5e')
      },
    ),
  狐狸: () =>
    animal(
      {
        head: poly([10, 40], [90, 40], [76, 66], [50, 88], [24, 66]),
        ears: [triEar(12, 44, 42, 36, 16, 6), triEar(58, 36, 88, 44, 84, 6)],
        earsIn: [triEar(20, 38, 36, 34, 20, 16), triEar(64, 34, 80, 38, 80, 16)],
        colour: '#f07f2f',
        inner: '#3b2a20',
      },
      (c) => {
        c.fill(poly([10, 44], [50, 58], [50, 88], [24, 66]), WHITE)
        c.fill(poly([90, 44], [50, 58], [50, 88], [76, 66]), WHITE)
        eyes(c, 52, 16, 4)
        c.fill(ellipse(50, 80, 5, 4), INK)
      },
    ),
  老虎: () =>
    animal(
      {
        head: ellipse(50, 56, 38, 33),
        ears: [circle(20, 28, 10), circle(80, 28, 10)],
        earsIn: [circle(20, 28, 5), circle(80, 28, 5)],
        colour: '#ffa83a',
        inner: '#fff1d6',
      },
      (c) => {
        const inHead = ellipse(50, 56, 38, 33)
        for (const s of [
          seg(44, 24, 46, 34, 2),
          seg(56, 24, 54, 34, 2),
          seg(50, 23, 50, 36, 2),
          seg(12, 52, 24, 55, 2),
          seg(13, 62, 24, 62, 2),
          seg(88, 52, 76, 55, 2),
          seg(87, 62, 76, 62, 2),
        ])
          c.fill(within(s, inHead), INK)
        c.fill(ellipse(50, 68, 17, 12), '#fff1d6')
        eyes(c, 48)
        c.fill(poly([44, 60], [56, 60], [50, 66]), '#e06b78')
        catMouth(c, 67)
      },
    ),
  青蛙: () =>
    animal(
      {
        head: ellipse(50, 60, 40, 28),
        ears: [circle(30, 34, 13), circle(70, 34, 13)],
        colour: '#6cc46b',
      },
      (c) => {
        c.fill(circle(30, 34, 8), WHITE)
        c.fill(circle(70, 34, 8), WHITE)
        c.fill(circle(31, 35, 4), INK)
        c.fill(circle(69, 35, 4), INK)
        c.fill(arc(50, 50, 24, 35, 145, 2.4), INK)
        c.fill(ellipse(22, 64, 6, 4), PINK, 0.8)
        c.fill(ellipse(78, 64, 6, 4), PINK, 0.8)
      },
    ),
  小鸡: () =>
    animal(
      {
        head: circle(50, 56, 36),
        ears: [ellipse(46, 18, 5, 9), ellipse(56, 20, 4, 7)],
        colour: '#ffd84d',
      },
      (c) => {
        eyes(c, 50, 14)
        c.solid(poly([40, 60], [60, 60], [50, 72]), '#ff9a3c', INK, 1.6)
        c.fill(seg(40, 60, 60, 60, 1), INK)
        c.fill(ellipse(28, 64, 6, 4), PINK, 0.8)
        c.fill(ellipse(72, 64, 6, 4), PINK, 0.8)
      },
    ),
  猴子: () =>
    animal(
      {
        head: circle(50, 52, 32),
        ears: [circle(14, 54, 11), circle(86, 54, 11)],
        earsIn: [circle(14, 54, 6), circle(86, 54, 6)],
        colour: '#9b6238',
        inner: '#f2c9a0',
      },
      (c) => {
        c.fill(union(circle(38, 48, 13), circle(62, 48, 13), ellipse(50, 66, 22, 15)), '#f2c9a0')
        eyes(c, 48, 11, 4)
        c.fill(circle(46, 60, 1.6), INK)
        c.fill(circle(54, 60, 1.6), INK)
        c.fill(arc(50, 62, 10, 30, 150, 2), INK)
      },
    ),
  老鼠: () =>
    animal(
      {
        head: ellipse(50, 60, 30, 28),
        ears: [circle(20, 28, 17), circle(80, 28, 17)],
        earsIn: [circle(20, 28, 10), circle(80, 28, 10)],
        colour: '#b8bcc6',
      },
      (c) => {
        eyes(c, 56, 12, 4)
        c.fill(circle(50, 68, 4), '#e06b78')
        for (const [y, t] of [
          [66, -3],
          [71, 2],
        ]) {
          c.fill(seg(10, y + t, 32, y, 0.8), INK)
          c.fill(seg(68, y, 90, y + t, 0.8), INK)
        }
      },
    ),
  考拉: () =>
    animal(
      {
        head: ellipse(50, 58, 32, 30),
        ears: [circle(18, 34, 17), circle(82, 34, 17)],
        earsIn: [circle(18, 36, 10), circle(82, 36, 10)],
        colour: '#9aa3b0',
        inner: '#e9edf2',
      },
      (c) => {
        eyes(c, 52, 14, 4)
        c.fill(ellipse(50, 64, 8, 11), '#3d3f46')
        c.fill(ellipse(48, 60, 2, 3), '#6a6f7a')
      },
    ),
  狮子: () => {
    const c = canvas()
    const mane = union(
      ...Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6
        return circle(50 + 34 * Math.cos(a), 52 + 34 * Math.sin(a), 12)
      }),
      circle(50, 52, 36),
    )
    c.fill(grow(mane, 2.2), INK)
    c.fill(mane, '#c0652b')
    c.solid(circle(50, 54, 27), '#f5b64a', INK, 1.8)
    c.fill(ellipse(50, 66, 12, 8), '#fde4b6')
    eyes(c, 48, 11, 4)
    c.fill(poly([45, 58], [55, 58], [50, 63]), INK)
    catMouth(c, 65)
    return c
  },
  企鹅: () =>
    animal({ head: ellipse(50, 52, 36, 38), colour: '#2f3441' }, (c) => {
      c.fill(union(circle(38, 52, 14), circle(62, 52, 14), ellipse(50, 70, 22, 16)), WHITE)
      eyes(c, 50, 12, 4)
      c.solid(ellipse(50, 63, 8, 4.5), '#ffa733', INK, 1.4)
      c.fill(ellipse(30, 66, 5, 3.5), PINK, 0.8)
      c.fill(ellipse(70, 66, 5, 3.5), PINK, 0.8)
    }),
  猫头鹰: () =>
    animal(
      {
        head: ellipse(50, 56, 36, 34),
        ears: [triEar(14, 34, 34, 24, 14, 10), triEar(66, 24, 86, 34, 86, 10)],
        colour: '#8a5a3c',
      },
      (c) => {
        c.solid(circle(34, 50, 14), '#f7ecd9', INK, 1.6)
        c.solid(circle(66, 50, 14), '#f7ecd9', INK, 1.6)
        c.fill(circle(34, 50, 6.5), INK)
        c.fill(circle(66, 50, 6.5), INK)
        c.fill(circle(36, 48, 2), WHITE)
        c.fill(circle(68, 48, 2), WHITE)
        c.solid(poly([44, 60], [56, 60], [50, 72]), '#ffb13b', INK, 1.4)
        for (const x of [38, 50, 62]) c.fill(arc(x, 80, 5, 20, 160, 1.4), '#5e3b25')
      },
    ),
}

// ---- group 3: hand gestures ----

const SKIN = '#ffcf8a'
const LINE = '#b8793a'
/**
 * A right hand seen from the palm, fingers up, palm centre (50, 60): `fingers` index..little
 * (true = straight up, false = folded), `thumb` out | up | in | none.
 */
function handShape({ fingers = [true, true, true, true], thumb = 'out', spread = 0 }) {
  const parts = [box(52, 62, 17, 16, 9)]
  const xs = [39, 48, 57, 65]
  const tops = [28, 25, 28, 34]
  fingers.forEach((up, i) => {
    const x = xs[i]
    const lean = (i - 1.5) * spread
    parts.push(up ? seg(x, 52, x + lean, tops[i], 4.3) : seg(x, 50, x, 55, 4.6))
  })
  if (thumb === 'out') parts.push(seg(37, 70, 24, 54, 5))
  if (thumb === 'up') parts.push(seg(37, 62, 34, 36, 5))
  if (thumb === 'in') parts.push(seg(36, 70, 52, 62, 4.6))
  return union(...parts)
}
/** Folded fingers' lines and the palm crease. */
function handLines(c, fingers, t = {}) {
  fingers.forEach((up, i) => {
    if (!up)
      c.fill(place(seg([39, 48, 57, 65][i] - 3, 57, [39, 48, 57, 65][i] + 3, 57, 0.9), t), LINE)
  })
}
function hand(opts, t = {}, bg = '#cfe8ff') {
  const c = canvas()
  c.fill(circle(50, 50, 46), bg)
  const shape = place(handShape(opts), t)
  c.solid(shape, SKIN, INK, 2.2)
  handLines(c, opts.fingers ?? [true, true, true, true], t)
  return c
}
const fist = { fingers: [false, false, false, false], thumb: 'in' }
const motion = (c, pts, colour = '#6b8fbf') => {
  for (const [x, y, a] of pts) c.fill(arc(x, y, 8, a, a + 70, 1.6), colour)
}
/** A thumbs-up: a sideways fist with the thumb up. */
function thumbShape() {
  return union(
    box(54, 64, 18, 14, 7),
    seg(40, 54, 40, 28, 5.5),
    ...[52, 60, 68, 76].map((y) => seg(64, y - 6, 72, y - 6, 4.6)),
  )
}
function thumb(rot, bg) {
  const c = canvas()
  c.fill(circle(50, 50, 46), bg)
  const shape = place(thumbShape(), { rot })
  c.solid(shape, SKIN, INK, 2.2)
  for (const y of [53, 61, 69]) c.fill(place(seg(62, y, 72, y, 0.9), { rot }), LINE)
  c.fill(place(box(30, 66, 6, 14, 2), { rot }), '#4f7fd1')
  return c
}
const GESTURES = {
  点赞: () => thumb(0, '#d8f0d2'),
  差评: () => thumb(180, '#ffe0d6'),
  胜利: () => hand({ fingers: [true, true, false, false], thumb: 'in', spread: 4 }, {}, '#e4dcff'),
  OK: () => {
    const c = canvas()
    c.fill(circle(50, 50, 46), '#d6f2f0')
    const shape = union(
      box(54, 64, 15, 15, 8),
      seg(57, 52, 58, 26, 4.3),
      seg(65, 52, 67, 29, 4.3),
      seg(72, 56, 75, 36, 4.1),
      arc(37, 48, 9, 90, 400, 4.2),
    )
    c.solid(shape, SKIN, INK, 2.2)
    return c
  },
  挥手: () => {
    const c = hand({ spread: 5 }, { rot: -12 }, '#fff1c9')
    motion(c, [
      [20, 30, 160],
      [80, 24, 290],
    ])
    return c
  },
  拳头: () => hand(fist, { k: 1.35, dy: -8 }, '#ffd9d9'),
  第一: () => hand({ fingers: [true, false, false, false], thumb: 'in' }, {}, '#dff3ff'),
  三: () => hand({ fingers: [true, true, true, false], thumb: 'in' }, {}, '#e9f7d6'),
  爱你: () => hand({ fingers: [true, false, false, true], thumb: 'out' }, {}, '#ffdce8'),
  六六六: () =>
    hand({ fingers: [false, false, false, true], thumb: 'out' }, { rot: 20 }, '#f0e4ff'),
  停: () => {
    const c = hand({ thumb: 'out' }, {}, '#ffe2c4')
    return c
  },
  看这里: () => hand({ fingers: [true, false, false, false], thumb: 'in' }, { rot: 90 }, '#d9ecff'),
  加油: () => {
    const c = hand(fist, { rot: -15, dy: -4 }, '#ffe0a8')
    motion(
      c,
      [
        [22, 28, 170],
        [78, 28, 280],
      ],
      '#e07b39',
    )
    return c
  },
  比心: () => {
    const c = canvas()
    c.fill(circle(50, 50, 46), '#ffe0ea')
    const shape = union(box(50, 70, 16, 13, 8), seg(44, 60, 54, 40, 4.4), seg(56, 60, 46, 38, 4.6))
    c.solid(shape, SKIN, INK, 2.2)
    for (const y of [66, 73]) c.fill(seg(44, y, 58, y, 0.9), LINE)
    c.solid(heart(50, 20, 10), RED, INK, 1.6)
    return c
  },
  拜托: () => {
    const c = canvas()
    c.fill(circle(50, 50, 46), '#efe6d8')
    const one = handShape({ thumb: 'none' })
    c.solid(place(one, { rot: 6, dx: 7, dy: 2 }), '#ffdca6', INK, 2.2)
    c.solid(place(one, { rot: -6, dx: -7, dy: 2, mirror: true }), SKIN, INK, 2.2)
    for (const [x, y] of [
      [18, 30],
      [82, 30],
    ])
      c.fill(seg(x, y - 5, x, y + 5, 1.6), '#e0a030')
    return c
  },
  举手: () => {
    const c = hand({ thumb: 'in' }, { rot: 12 }, '#e2f5e9')
    c.fill(place(box(52, 86, 16, 8, 2), { rot: 12 }), '#5b8def')
    return c
  },
  鼓掌: () => {
    const c = canvas()
    c.fill(circle(50, 50, 46), '#fff3c4')
    const one = handShape({ thumb: 'out' })
    const back = place(one, { rot: 28, k: 0.8, dx: 10, dy: 4 })
    const front = place(one, { rot: -28, k: 0.8, dx: -10, dy: 4, mirror: true })
    c.solid(back, '#ffdca6', INK, 2.2)
    c.solid(front, SKIN, INK, 2.2)
    motion(
      c,
      [
        [20, 24, 170],
        [80, 24, 290],
      ],
      '#e0a030',
    )
    return c
  },
}

// ---- write, checking the names against the app's list ----

const groups = [
  ['faces', FACES],
  ['animals', ANIMALS],
  ['hands', GESTURES],
]
const source = readFileSync(path.join('src', 'features', 'chat', 'bigEmoji.ts'), 'utf8')
rmSync(OUT, { recursive: true, force: true })
let total = 0
for (const [key, drawings] of groups) {
  const names = Object.keys(drawings)
  const listed = new RegExp(`key: '${key}',[\\s\\S]*?names: \\[([^\\]]*)\\]`).exec(source)
  const appNames = listed ? [...listed[1].matchAll(/'([^']+)'/g)].map((m) => m[1]) : []
  if (appNames.join() !== names.join()) {
    throw new Error(`${key}: bigEmoji.ts lists ${appNames.join()} but this draws ${names.join()}`)
  }
  mkdirSync(path.join(OUT, key), { recursive: true })
  names.forEach((name, index) => {
    const file = path.join(OUT, key, `${index}.png`)
    writeFileSync(file, encode(drawings[name]().px))
    total += statSync(file).size
  })
  console.log(`${key}: ${names.length}`)
}
console.log(`${OUT}: ${(total / 1024).toFixed(1)} KB`)
