/**
 * An agent's poster (User.Mer_User.GetPoster): a 750×1200 PNG with the app's name, '<nickname>
 * 邀请你一起读书' and a QR code of the agent's share link (the home with their id as spid). Drawn as
 * SVG and rendered with resvg and the bundled Noto Sans SC (no system fonts), stored with the
 * uploads (served at /uploads/<name>, outside the uploads table so the upload sweep leaves it) and
 * cached: made again only when what it shows (layout, nickname, link) changes.
 */
import { createHash } from 'node:crypto'
import { renderAsync } from '@resvg/resvg-js'
import { eq } from 'drizzle-orm'
import qrcode from 'qrcode-generator'
import type { AgentPoster } from '@api/agent'
import type { AppContext } from '../../context'
import { agents, users } from '../../db/schema'
import { inTx } from '../../db/tx'
import type { Caller } from '../../http/auth'
import { newUploadName, parseUploadUrl, UPLOAD_URL_PREFIX } from '../common/uploadNames'
import { SingleFlight } from '../../singleFlight'
import { requireAgent } from './access'

export const POSTER_WIDTH = 750
export const POSTER_HEIGHT = 1200
/** Changed whenever the drawing changes: every cached poster is then made again. */
const LAYOUT_VERSION = 'poster-1'

const FONT_FAMILY = 'Noto Sans SC'
const FONT_FILES = [
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
]

/** The share link a poster's QR code holds. */
export const shareLink = (origin: string, userId: number): string =>
  `${origin.replace(/\/+$/, '')}/pages/index/index?spid=${userId}`

const half = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32)
const linkKey = (link: string): string => half(`${LAYOUT_VERSION}\n${link}`)

/**
 * What a poster shows, hashed: the cache key. Its first half is the layout and the link alone, so
 * a poster drawn for an older nickname can still be told to hold the right QR code.
 */
export const posterKey = (nickname: string, link: string): string =>
  linkKey(link) + half(`${LAYOUT_VERSION}\n${nickname}\n${link}`)

/** How many posters one agent may have drawn in a window (each is ~0.3 s of a core). */
export const POSTER_RENDERS_MAX = 10
export const POSTER_RENDER_WINDOW_MS = 60 * 60_000
/** Posters drawn at once in the server (resvg draws in libuv's pool, which fs and crypto share). */
const RENDERS_AT_ONCE = 2

/** Per server (app context): the drawing in flight per agent, recent draws, the pool's queue. */
interface PosterWork {
  flights: SingleFlight<AgentPoster>
  drawn: Map<number, number[]>
  running: number
  queue: (() => void)[]
}

const works = new WeakMap<AppContext, PosterWork>()

function workOf(app: AppContext): PosterWork {
  let work = works.get(app)
  if (!work) {
    work = { flights: new SingleFlight(), drawn: new Map(), running: 0, queue: [] }
    works.set(app, work)
  }
  return work
}

/** Whether the agent may have one more poster drawn now (counted when it is). */
function mayDraw(app: AppContext, work: PosterWork, userId: number): boolean {
  const nowMs = app.clock.now()
  const recent = (work.drawn.get(userId) ?? []).filter((t) => t > nowMs - POSTER_RENDER_WINDOW_MS)
  work.drawn.set(userId, recent)
  return recent.length < POSTER_RENDERS_MAX
}

/** Runs `draw` when fewer than RENDERS_AT_ONCE are running, else after one ends. */
async function inTurn<T>(work: PosterWork, draw: () => Promise<T>): Promise<T> {
  if (work.running >= RENDERS_AT_ONCE) await new Promise<void>((go) => work.queue.push(go))
  work.running++
  try {
    return await draw()
  } finally {
    work.running--
    work.queue.shift()?.()
  }
}

/**
 * My poster. One drawing per agent at a time (asks meanwhile share it), at most POSTER_RENDERS_MAX
 * drawings per agent an hour (beyond: the stored poster, its nickname maybe older), at most
 * RENDERS_AT_ONCE drawings in the whole server.
 */
export async function agentPoster(app: AppContext, caller: Caller): Promise<AgentPoster> {
  const agent = await requireAgent(app.db, caller.userId)
  const work = workOf(app)
  return work.flights.run(String(agent.userId), () => posterOf(app, work, agent.userId))
}

async function posterOf(app: AppContext, work: PosterWork, userId: number): Promise<AgentPoster> {
  const [[agent], [user]] = await Promise.all([
    app.db
      .select({ posterKey: agents.posterKey, posterPath: agents.posterPath })
      .from(agents)
      .where(eq(agents.userId, userId)),
    app.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId)),
  ])
  const nickname = user?.nickname ?? ''
  const link = shareLink(app.config.agent.publicOrigin, userId)
  const answer = (image: string): AgentPoster => ({
    image,
    width: POSTER_WIDTH,
    height: POSTER_HEIGHT,
    link,
  })
  const key = posterKey(nickname, link)
  const stored = await storedPoster(app, agent?.posterPath ?? null)
  if (stored && agent?.posterKey === key) return answer(agent.posterPath as string)
  // Drawn too often lately (a nickname changed again and again): the one stored, while its link
  // is still the share link.
  if (!mayDraw(app, work, userId) && stored && agent?.posterKey?.startsWith(linkKey(link))) {
    return answer(agent.posterPath as string)
  }
  work.drawn.get(userId)?.push(app.clock.now())

  const png = await inTurn(work, () => renderPoster(nickname, link))
  const name = newUploadName('png')
  await app.storage.put(name, png)
  const path = `${UPLOAD_URL_PREFIX}${name}`
  // Another server's call may have stored one meanwhile: the first to store its own wins.
  const { image, stale } = await inTx(app.db, async (tx) => {
    const [row] = await tx
      .select({ posterKey: agents.posterKey, posterPath: agents.posterPath })
      .from(agents)
      .where(eq(agents.userId, userId))
      .for('update')
    if (row?.posterKey === key && row.posterPath && (await storedPoster(app, row.posterPath))) {
      return { image: row.posterPath, stale: path }
    }
    await tx
      .update(agents)
      .set({ posterKey: key, posterPath: path })
      .where(eq(agents.userId, userId))
    return { image: path, stale: row?.posterPath ?? null }
  })
  const staleName = stale ? parseUploadUrl(stale) : null
  if (staleName) await app.storage.remove(staleName)
  return answer(image)
}

async function storedPoster(app: AppContext, path: string | null): Promise<boolean> {
  const name = path ? parseUploadUrl(path) : null
  return name !== null && (await app.storage.size(name)) !== null
}

// ---- drawing ----------------------------------------------------------------------------------------

/** Text for XML: the five special characters escaped, characters XML cannot hold dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udfff]/g, (ch, i: number, all: string) => {
        // Keep surrogate pairs; a lone surrogate cannot be written as XML.
        const code = ch.charCodeAt(0)
        if (code <= 0xdbff) {
          const next = all.charCodeAt(i + 1)
          return next >= 0xdc00 && next <= 0xdfff ? ch : ''
        }
        const prev = all.charCodeAt(i - 1)
        return prev >= 0xd800 && prev <= 0xdbff ? ch : ''
      })
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

/** Roughly how wide a text is in ems: CJK and other wide characters 1, narrow ones about 0.55. */
function textEms(text: string): number {
  let ems = 0
  for (const ch of text) ems += (ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.56 : 1
  return ems
}

/** `text` cut (with '…') to at most `ems` wide. */
function clipToEms(text: string, ems: number): string {
  if (textEms(text) <= ems) return text
  let out = ''
  for (const ch of text) {
    if (textEms(`${out}${ch}…`) > ems) break
    out += ch
  }
  return `${out}…`
}

const INVITE = '邀请你一起读书'
const TEXT_WIDTH = 630

/** The invitation: one line when it fits at a readable size, else the nickname above it. */
function inviteLines(nickname: string, y: number): string {
  const name = nickname.trim() || '书友'
  const line = `${name} ${INVITE}`
  const oneLineSize = Math.min(44, Math.floor(TEXT_WIDTH / textEms(line)))
  const text = (content: string, size: number, at: number, weight: number) =>
    `<text x="375" y="${at}" text-anchor="middle" font-size="${size}" font-weight="${weight}" fill="#fff">${escapeXml(content)}</text>`
  if (oneLineSize >= 34) return text(line, oneLineSize, y, 700)
  const nameSize = Math.max(32, Math.min(40, Math.floor(TEXT_WIDTH / textEms(name))))
  return (
    text(clipToEms(name, TEXT_WIDTH / nameSize), nameSize, y - 16, 700) +
    text(INVITE, 32, y + 36, 400)
  )
}

/** The QR code of `text` as one path of dark modules, `size` wide, its top left at x, y. */
function qrPath(text: string, x: number, y: number, size: number): string {
  const qr = qrcode(0, 'M')
  qr.addData(unescape(encodeURIComponent(text)))
  qr.make()
  const count = qr.getModuleCount()
  const cell = Math.floor(size / count)
  const left = x + Math.floor((size - cell * count) / 2)
  const top = y + Math.floor((size - cell * count) / 2)
  let d = ''
  for (let r = 0; r < count; r++) {
    for (let c = 0; c < count; c++) {
      if (qr.isDark(r, c)) d += `M${left + c * cell} ${top + r * cell}h${cell}v${cell}h-${cell}z`
    }
  }
  return `<path d="${d}" fill="#2b1d14" shape-rendering="crispEdges"/>`
}

/** The poster as SVG. */
export function posterSvg(nickname: string, link: string): string {
  const initial = [...(nickname.trim() || '书')][0]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}" font-family="${FONT_FAMILY}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="#b8322a"/>
      <stop offset="0.55" stop-color="#d9542f"/>
      <stop offset="1" stop-color="#ef9a45"/>
    </linearGradient>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="125%">
      <feDropShadow dx="0" dy="12" stdDeviation="18" flood-color="#6b1f14" flood-opacity="0.35"/>
    </filter>
  </defs>
  <rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#bg)"/>
  <circle cx="680" cy="90" r="190" fill="#fff" fill-opacity="0.07"/>
  <circle cx="40" cy="560" r="140" fill="#fff" fill-opacity="0.06"/>
  <circle cx="720" cy="1130" r="160" fill="#fff" fill-opacity="0.08"/>
  <g transform="translate(375 118)" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round" stroke-opacity="0.9">
    <path d="M0 14 C-22 0 -48 -4 -74 0 L-74 52 C-48 48 -22 52 0 66 Z"/>
    <path d="M0 14 C22 0 48 -4 74 0 L74 52 C48 48 22 52 0 66 Z"/>
  </g>
  <text x="375" y="292" text-anchor="middle" font-size="112" font-weight="700" fill="#fff" letter-spacing="16">书友</text>
  <text x="375" y="342" text-anchor="middle" font-size="30" fill="#fff" fill-opacity="0.85" letter-spacing="6">以书会友 · 一起读好书</text>
  <circle cx="375" cy="420" r="42" fill="#fff"/>
  <text x="375" y="435" text-anchor="middle" font-size="42" font-weight="700" fill="#c0392b">${escapeXml(initial)}</text>
  ${inviteLines(nickname, 540)}
  <rect x="115" y="600" width="520" height="520" rx="32" fill="#fff" filter="url(#shadow)"/>
  ${qrPath(link, 165, 640, 420)}
  <text x="375" y="1092" text-anchor="middle" font-size="28" fill="#6b4f2a">长按识别二维码 · 加入书友</text>
  <text x="375" y="1170" text-anchor="middle" font-size="24" fill="#fff" fill-opacity="0.8" letter-spacing="4">扫码加入，与书友分享阅读</text>
</svg>`
}

/** The poster as PNG (rendered off the event loop). */
export async function renderPoster(nickname: string, link: string): Promise<Buffer> {
  const image = await renderAsync(posterSvg(nickname, link), {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'original' },
  })
  return image.asPng()
}
