/**
 * The emoji sets (issue 30, chat-spec: 62 basic emoji, big-emoji groups of 18, 16 and 17, about
 * 140 custom emoji behind a configured base URL): a big or custom emoji's face message data and
 * back, the images on disk, and what an unknown face shows.
 */
import { readFileSync } from 'fs'
import path from 'path'
import {
  BIG_EMOJI_GROUPS,
  bigEmojiFace,
  bigEmojiUrl,
  CUSTOM_EMOJI_COUNT,
  customEmojiFace,
  faceAbstract,
  faceView,
} from '@/features/chat/bigEmoji'
import { BASIC_EMOJI } from '@/features/chat/emoji'

describe('the emoji sets', () => {
  it('62 basic emoji; big-emoji groups of 18, 16 and 17; 140 custom', () => {
    expect(BASIC_EMOJI).toHaveLength(62)
    expect(BIG_EMOJI_GROUPS.map((g) => g.names.length)).toEqual([18, 16, 17])
    expect(CUSTOM_EMOJI_COUNT).toBe(140)
  })

  it('names are unique within a group and every group has a Chinese title', () => {
    for (const g of BIG_EMOJI_GROUPS) {
      expect(new Set(g.names).size).toBe(g.names.length)
      expect(g.title).toMatch(/^[\u4e00-\u9fff]+$/)
    }
  })

  it('every big emoji has its 120x120 PNG under src/TUIKit/big-emoji', () => {
    for (const g of BIG_EMOJI_GROUPS) {
      g.names.forEach((_, i) => {
        const file = path.join(__dirname, '../../src', bigEmojiUrl(g.key, i))
        const png = readFileSync(file)
        expect(png.subarray(1, 4).toString()).toBe('PNG')
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([120, 120])
      })
    }
  })
})

describe('face message data', () => {
  it('a big emoji: index in its group, data <group>@<name>, and back to its image', () => {
    for (const g of BIG_EMOJI_GROUPS) {
      g.names.forEach((name, i) => {
        const face = bigEmojiFace(g, i)
        expect(face).toEqual({ index: i, data: `${g.key}@${name}` })
        expect(faceView(face)).toEqual({
          kind: 'image',
          name,
          url: `/TUIKit/big-emoji/${g.key}/${i}.png`,
          big: true,
        })
      })
    }
    expect(faceAbstract(bigEmojiFace(BIG_EMOJI_GROUPS[1], 2))).toBe('[小熊]')
  })

  it('a custom emoji: <base>/<n>.png with a base URL, else a text', () => {
    const face = customEmojiFace(7)
    expect(face).toEqual({ index: 7, data: 'custom@7' })
    expect(faceView(face, 'https://cdn.example.com/emoji')).toEqual({
      kind: 'image',
      name: '自定义表情8',
      url: 'https://cdn.example.com/emoji/7.png',
      big: false,
    })
    expect(faceView(face, '')).toEqual({ kind: 'text', text: '[自定义表情]' })
    expect(faceAbstract(face)).toBe('[自定义表情]')
  })

  it('a basic emoji sent as a face: by its name, or by its index without one', () => {
    expect(faceView({ index: 58, data: '书' })).toEqual({ kind: 'basic', name: '书', char: '📖' })
    expect(faceView({ index: 0, data: '' })).toEqual({ kind: 'basic', name: '微笑', char: '🙂' })
    expect(faceAbstract({ index: 0, data: '微笑' })).toBe('[微笑]')
  })

  it('unknown face data falls back to its text', () => {
    expect(faceView({ index: 3, data: 'animals@小龙' })).toEqual({
      kind: 'text',
      text: '[animals@小龙]',
    })
    // The name must match the index: a payload from elsewhere is not trusted for a picture.
    expect(faceView({ index: 0, data: 'animals@小熊' }).kind).toBe('text')
    expect(faceView({ index: 200, data: 'custom@200' }, 'https://x').kind).toBe('text')
    expect(faceView({ index: 1, data: 'yz01' })).toEqual({ kind: 'text', text: '[yz01]' })
    expect(faceView({ index: 999, data: '' })).toEqual({ kind: 'text', text: '[表情]' })
    expect(faceView({ data: 42 })).toEqual({ kind: 'text', text: '[表情]' })
  })
})
