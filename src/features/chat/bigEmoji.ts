/**
 * The emoji picker's image sets (chat-spec: three big-emoji groups of 18, 16 and 17, and about 140
 * custom emoji from a configured base URL) and what a face message shows.
 *
 * A face message (TIMFaceElem) carries `index` and `data`:
 * - a big emoji: index = its place in its group, data = `<group key>@<name>` (e.g. `animals@小熊`);
 *   the image is `/TUIKit/big-emoji/<group key>/<index>.png`, drawn by scripts/draw-big-emoji.mjs
 *   and shipped in the TUIKit subpackage (weapp) or the build (H5) by config/bigEmojiAssets.ts;
 * - a custom emoji: index = n, data = `custom@<n>`, the image `<TARO_APP_CUSTOM_EMOJI_URL>/<n>.png`;
 * - a basic emoji (src/features/chat/emoji.ts): index = its place, data = its name.
 * Anything else shows as text, `[data]`.
 */
import { BASIC_EMOJI } from './emoji'

export type BigEmojiKey = 'faces' | 'animals' | 'hands'

export interface BigEmojiGroup {
  key: BigEmojiKey
  /** The picker tab's name. */
  title: string
  names: readonly string[]
}

// scripts/draw-big-emoji.mjs reads these lists (key, then names) and draws them in this order.
export const BIG_EMOJI_GROUPS: readonly BigEmojiGroup[] = [
  {
    key: 'faces',
    title: '小圆脸',
    names: [
      '开心',
      '大笑',
      '眨眼',
      '喜欢',
      '害羞',
      '亲亲',
      '调皮',
      '酷',
      '得意',
      '思考',
      '惊讶',
      '无语',
      '流泪',
      '大哭',
      '生气',
      '困了',
      '晕',
      '流汗',
    ],
  },
  {
    key: 'animals',
    title: '小动物',
    names: [
      '小猫',
      '小狗',
      '小熊',
      '兔子',
      '熊猫',
      '小猪',
      '狐狸',
      '老虎',
      '青蛙',
      '小鸡',
      '猴子',
      '老鼠',
      '考拉',
      '狮子',
      '企鹅',
      '猫头鹰',
    ],
  },
  {
    key: 'hands',
    title: '手势',
    names: [
      '点赞',
      '差评',
      '胜利',
      'OK',
      '挥手',
      '拳头',
      '第一',
      '三',
      '爱你',
      '六六六',
      '停',
      '看这里',
      '加油',
      '比心',
      '拜托',
      '举手',
      '鼓掌',
    ],
  },
]

/** Where the big emoji images are, in both builds. */
export const BIG_EMOJI_PATH = '/TUIKit/big-emoji'

/** How many custom emoji the configured base URL serves (`<base>/0.png` .. `<base>/139.png`). */
export const CUSTOM_EMOJI_COUNT = 140

const CUSTOM = 'custom'

export interface FacePayload {
  index: number
  data: string
}

export type FaceView =
  | { kind: 'basic'; name: string; char: string }
  | { kind: 'image'; name: string; url: string; big: boolean }
  | { kind: 'text'; text: string }

/** The configured custom emoji base URL without a trailing slash; '' when there is none. */
export function customEmojiBase(): string {
  return (process.env.TARO_APP_CUSTOM_EMOJI_URL ?? '').trim().replace(/\/+$/, '')
}

let warned = false
/** Logs the missing base URL once (chat-spec: a missing custom emoji URL only logs). */
export function warnNoCustomEmoji(): void {
  if (warned) return
  warned = true
  console.warn('TARO_APP_CUSTOM_EMOJI_URL is not set: the custom emoji are not available')
}

export const bigEmojiUrl = (key: BigEmojiKey, index: number): string =>
  `${BIG_EMOJI_PATH}/${key}/${index}.png`

export const customEmojiUrl = (base: string, n: number): string => `${base}/${n}.png`

/** The custom emoji's spoken name. */
export const customEmojiName = (n: number): string => `自定义表情${n + 1}`

/** The face message payload of a big emoji. */
export function bigEmojiFace(group: BigEmojiGroup, index: number): FacePayload {
  return { index, data: `${group.key}@${group.names[index] ?? ''}` }
}

export const customEmojiFace = (n: number): FacePayload => ({ index: n, data: `${CUSTOM}@${n}` })

/** What a face message shows; `customBase` is customEmojiBase() (passed in for tests). */
export function faceView(payload: { index?: unknown; data?: unknown }, customBase = ''): FaceView {
  const index = Number(payload.index)
  const data = typeof payload.data === 'string' ? payload.data : ''
  const at = data.indexOf('@')
  if (at > 0) {
    const key = data.slice(0, at)
    const name = data.slice(at + 1)
    const group = BIG_EMOJI_GROUPS.find((g) => g.key === key)
    if (group && group.names[index] === name) {
      return { kind: 'image', name, url: bigEmojiUrl(group.key, index), big: true }
    }
    if (key === CUSTOM && name === String(index) && index >= 0 && index < CUSTOM_EMOJI_COUNT) {
      if (customBase) {
        const url = customEmojiUrl(customBase, index)
        return { kind: 'image', name: customEmojiName(index), url, big: false }
      }
      return { kind: 'text', text: '[自定义表情]' }
    }
  }
  const basic = data
    ? BASIC_EMOJI.find((e) => e.name === data)
    : Number.isInteger(index)
      ? BASIC_EMOJI[index]
      : undefined
  if (basic) return { kind: 'basic', name: basic.name, char: basic.char }
  return { kind: 'text', text: `[${data || '表情'}]` }
}

/** The face's name for a conversation row or a quote: `[小熊]`, `[自定义表情]`, `[微笑]`. */
export function faceAbstract(payload: { index?: unknown; data?: unknown }): string {
  const view = faceView(payload, 'x')
  if (view.kind === 'text') return view.text
  if (view.kind === 'image' && !view.big) return '[自定义表情]'
  return `[${view.name}]`
}
