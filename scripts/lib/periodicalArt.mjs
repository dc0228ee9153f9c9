// Simple geometric SVG pictures for the demo periodicals (scripts/make-periodicals.mjs): layered
// mountains for the magazine covers, and small scenes for article illustrations and the
// newspaper's page images. No text, no outside images.

export const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )

/** A ridge line across the width: `peaks` humps of varying height, as a closed polygon. */
function ridge(w, h, base, amp, peaks, phase) {
  const pts = [`0,${h}`]
  const steps = 48
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps
    const y =
      base -
      amp * (0.55 + 0.45 * Math.sin((i / steps) * Math.PI * peaks + phase)) -
      amp * 0.25 * Math.sin((i / steps) * Math.PI * peaks * 2.3 + phase * 1.7)
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`)
  }
  pts.push(`${w},${h}`)
  return pts.join(' ')
}

/** The cover art: a sun or moon over three ranges of hills, varied by the issue's serial. */
export function mountains(w, h, serial, c) {
  const sunX = [w * 0.72, w * 0.28, w * 0.55][(serial - 1) % 3]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <circle cx="${sunX}" cy="${h * 0.3}" r="${h * 0.16}" fill="${c.accent}" opacity="0.9"/>
    <circle cx="${sunX}" cy="${h * 0.3}" r="${h * 0.24}" fill="${c.accent}" opacity="0.18"/>
    <polygon points="${ridge(w, h, h * 0.62, h * 0.22, 2 + serial, serial)}" fill="${c.light}" opacity="0.25"/>
    <polygon points="${ridge(w, h, h * 0.78, h * 0.2, 3 + serial, serial * 2)}" fill="${c.light}" opacity="0.4"/>
    <polygon points="${ridge(w, h, h * 0.95, h * 0.16, 1 + serial, serial * 3)}" fill="${c.deep}" opacity="0.9"/>
  </svg>`
}

const waves = (w, y0, count, gap, color, opacity) =>
  Array.from({ length: count }, (_, i) => {
    const y = y0 + i * gap
    const d = Array.from({ length: 9 }, (_, k) => {
      const x = (w / 8) * k
      return `${k === 0 ? 'M' : 'Q'}${k === 0 ? '' : `${(x - w / 16).toFixed(1)},${y - 5} `}${x.toFixed(1)},${y}`
    }).join(' ')
    return `<path d="${d}" stroke="${color}" stroke-width="2" fill="none" opacity="${opacity}"/>`
  }).join('')

const blossoms = (points, r, color) =>
  points
    .map(
      ([x, y]) =>
        `<g transform="translate(${x},${y})">${[0, 72, 144, 216, 288]
          .map(
            (a) =>
              `<circle cx="${(Math.cos((a * Math.PI) / 180) * r * 0.7).toFixed(1)}" cy="${(Math.sin((a * Math.PI) / 180) * r * 0.7).toFixed(1)}" r="${r * 0.55}" fill="${color}"/>`,
          )
          .join('')}<circle r="${r * 0.3}" fill="#f7d774"/></g>`,
    )
    .join('')

const snow = (w, h, n) =>
  Array.from({ length: n }, (_, i) => {
    const x = (i * 97.3) % w
    const y = (i * 53.7) % h
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${1.5 + (i % 3)}" fill="#fff" opacity="0.85"/>`
  }).join('')

const boat = (x, y, s, color) =>
  `<path d="M${x - 30 * s},${y} L${x + 30 * s},${y} L${x + 20 * s},${y + 10 * s} L${x - 20 * s},${y + 10 * s} Z" fill="${color}"/>
   <line x1="${x}" y1="${y}" x2="${x}" y2="${y - 34 * s}" stroke="${color}" stroke-width="${2 * s}"/>
   <path d="M${x + 2 * s},${y - 32 * s} L${x + 22 * s},${y - 6 * s} L${x + 2 * s},${y - 6 * s} Z" fill="${color}" opacity="0.7"/>`

/** The scenes, each a function of width and height answering SVG elements. */
const SCENES = {
  // 桃花源記: green hills, a stream and peach blossoms.
  taohua: (w, h) => `<rect width="${w}" height="${h}" fill="#eaf4e4"/>
    <polygon points="${ridge(w, h, h * 0.6, h * 0.3, 3, 1)}" fill="#9cc58f"/>
    <polygon points="${ridge(w, h, h * 0.8, h * 0.18, 2, 2)}" fill="#6fa565"/>
    <path d="M${w * 0.35},${h} Q${w * 0.5},${h * 0.78} ${w * 0.62},${h * 0.72} L${w * 0.7},${h * 0.74} Q${w * 0.58},${h * 0.84} ${w * 0.5},${h} Z" fill="#bfe0ee"/>
    ${blossoms(
      [
        [w * 0.12, h * 0.2],
        [w * 0.22, h * 0.32],
        [w * 0.08, h * 0.45],
        [w * 0.85, h * 0.18],
        [w * 0.92, h * 0.35],
        [w * 0.78, h * 0.3],
      ],
      h * 0.06,
      '#f4a7b9',
    )}`,
  // 岳陽樓記: a wide lake, a two-roofed tower on the shore.
  yueyang: (w, h) => `<rect width="${w}" height="${h}" fill="#e8eef6"/>
    <circle cx="${w * 0.2}" cy="${h * 0.25}" r="${h * 0.1}" fill="#f6c98b"/>
    <rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#7fa8c9"/>
    ${waves(w, h * 0.7, 4, h * 0.07, '#e8eef6', 0.7)}
    <rect x="${w * 0.62}" y="${h * 0.35}" width="${w * 0.2}" height="${h * 0.27}" fill="#8e4b32"/>
    <polygon points="${w * 0.56},${h * 0.37} ${w * 0.88},${h * 0.37} ${w * 0.72},${h * 0.24}" fill="#5b2f22"/>
    <polygon points="${w * 0.6},${h * 0.25} ${w * 0.84},${h * 0.25} ${w * 0.72},${h * 0.14}" fill="#5b2f22"/>
    <rect x="${w * 0.69}" y="${h * 0.47}" width="${w * 0.06}" height="${h * 0.15}" fill="#f3d9a4"/>`,
  // 前赤壁賦: night river, a full moon, a red cliff and a small boat.
  chibi: (w, h) => `<rect width="${w}" height="${h}" fill="#1d2b44"/>
    <circle cx="${w * 0.7}" cy="${h * 0.25}" r="${h * 0.12}" fill="#f4ecd0"/>
    <polygon points="0,${h * 0.15} ${w * 0.25},${h * 0.3} ${w * 0.32},${h * 0.7} 0,${h * 0.7}" fill="#8c3b2e"/>
    <rect y="${h * 0.68}" width="${w}" height="${h * 0.32}" fill="#2c4368"/>
    ${waves(w, h * 0.76, 3, h * 0.08, '#f4ecd0', 0.35)}
    ${boat(w * 0.58, h * 0.7, 1, '#0f1828')}`,
  // 靜夜思: a round window with the moon in it, frost on the floor.
  jingye: (w, h) => `<rect width="${w}" height="${h}" fill="#2b3350"/>
    <circle cx="${w * 0.5}" cy="${h * 0.42}" r="${h * 0.3}" fill="#3e4a72" stroke="#8a6a3f" stroke-width="10"/>
    <circle cx="${w * 0.56}" cy="${h * 0.36}" r="${h * 0.1}" fill="#f6efcf"/>
    <line x1="${w * 0.5}" y1="${h * 0.12}" x2="${w * 0.5}" y2="${h * 0.72}" stroke="#8a6a3f" stroke-width="5"/>
    <rect y="${h * 0.82}" width="${w}" height="${h * 0.18}" fill="#dfe6f2" opacity="0.8"/>`,
  // 江雪: white hills, a dark river, a lone boat, snow falling.
  jiangxue: (w, h) => `<rect width="${w}" height="${h}" fill="#c9d3dc"/>
    <polygon points="${ridge(w, h, h * 0.55, h * 0.3, 3, 4)}" fill="#f2f5f8"/>
    <rect y="${h * 0.66}" width="${w}" height="${h * 0.34}" fill="#58697a"/>
    ${boat(w * 0.45, h * 0.74, 0.9, '#26323e')}
    <line x1="${w * 0.44}" y1="${h * 0.7}" x2="${w * 0.62}" y2="${h * 0.58}" stroke="#26323e" stroke-width="2"/>
    <circle cx="${w * 0.43}" cy="${h * 0.69}" r="${h * 0.025}" fill="#26323e"/>
    ${snow(w, h, 70)}`,
  // The newspaper's pages.
  sunrise: (w, h) => `<rect width="${w}" height="${h}" fill="#fbe7c6"/>
    <circle cx="${w * 0.5}" cy="${h * 0.62}" r="${h * 0.25}" fill="#e4572e"/>
    <polygon points="${ridge(w, h, h * 0.85, h * 0.25, 2, 3)}" fill="#6b4f2a"/>`,
  moon: (w, h) => `<rect width="${w}" height="${h}" fill="#27324d"/>
    <circle cx="${w * 0.7}" cy="${h * 0.35}" r="${h * 0.17}" fill="#f4ecd0"/>
    <polygon points="${ridge(w, h, h * 0.9, h * 0.3, 3, 2)}" fill="#141b2c"/>`,
  book: (w, h) => `<rect width="${w}" height="${h}" fill="#eee4d1"/>
    <path d="M${w * 0.5},${h * 0.25} Q${w * 0.32},${h * 0.16} ${w * 0.14},${h * 0.22} L${w * 0.14},${h * 0.8} Q${w * 0.32},${h * 0.74} ${w * 0.5},${h * 0.83} Z" fill="#fffaf0" stroke="#a5895e" stroke-width="2"/>
    <path d="M${w * 0.5},${h * 0.25} Q${w * 0.68},${h * 0.16} ${w * 0.86},${h * 0.22} L${w * 0.86},${h * 0.8} Q${w * 0.68},${h * 0.74} ${w * 0.5},${h * 0.83} Z" fill="#fffaf0" stroke="#a5895e" stroke-width="2"/>
    ${Array.from({ length: 5 }, (_, i) => `<line x1="${w * 0.2}" y1="${h * (0.34 + i * 0.09)}" x2="${w * 0.44}" y2="${h * (0.34 + i * 0.09)}" stroke="#c9bda6" stroke-width="3"/><line x1="${w * 0.56}" y1="${h * (0.34 + i * 0.09)}" x2="${w * 0.8}" y2="${h * (0.34 + i * 0.09)}" stroke="#c9bda6" stroke-width="3"/>`).join('')}`,
  plum: (w, h) => `<rect width="${w}" height="${h}" fill="#f3efe8"/>
    <path d="M0,${h * 0.9} Q${w * 0.3},${h * 0.6} ${w * 0.55},${h * 0.45} T${w},${h * 0.15}" stroke="#4a3426" stroke-width="7" fill="none"/>
    <path d="M${w * 0.4},${h * 0.55} Q${w * 0.45},${h * 0.3} ${w * 0.35},${h * 0.1}" stroke="#4a3426" stroke-width="4" fill="none"/>
    ${blossoms(
      [
        [w * 0.36, h * 0.14],
        [w * 0.43, h * 0.33],
        [w * 0.6, h * 0.42],
        [w * 0.78, h * 0.3],
        [w * 0.92, h * 0.18],
        [w * 0.2, h * 0.72],
      ],
      h * 0.07,
      '#d64a5c',
    )}`,
}

/** A scene by name, `w` x `h`. */
export function sceneSvg(name, w, h) {
  const scene = SCENES[name]
  if (!scene) throw new Error(`no scene ${name}`)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${scene(w, h)}</svg>`
}
