import fs from 'node:fs'
import path from 'node:path'
import { CLASSICS_DIR } from './classics/catalogue'

/**
 * Lookups into the chinese-poetry texts under ./classics for the magazines, the newspaper and the
 * documents: a piece by its title, a chapter by its name. A title that is not there throws, so a
 * typo in a selection fails the seed test rather than seeding an empty article.
 */

export interface Piece {
  title: string
  author: string
  paragraphs: string[]
}

interface Chaptered {
  chapter: string
  paragraphs: string[]
}

const nonEmpty = (lines: string[]): string[] => lines.map((l) => l.trim()).filter((l) => l !== '')

export class ClassicTexts {
  private cache = new Map<string, unknown>()

  constructor(private readonly dir = CLASSICS_DIR) {}

  private read<T>(file: string): T {
    if (!this.cache.has(file)) {
      this.cache.set(file, JSON.parse(fs.readFileSync(path.join(this.dir, file), 'utf8')))
    }
    return this.cache.get(file) as T
  }

  private static find<T>(items: T[], match: (item: T) => boolean, what: string): T {
    const found = items.find(match)
    if (!found) throw new Error(`seed text not found: ${what}`)
    return found
  }

  /** An essay of 古文观止 by its title (traditional characters, as the source has them). */
  guwen(title: string): Piece {
    type Essay = { chapter: string; author: string; paragraphs: string[] }
    const data = this.read<{ content: Array<{ content: Essay[] }> }>('guwenguanzhi.json')
    const essays = data.content.flatMap((v) => v.content)
    const essay = ClassicTexts.find(essays, (e) => e.chapter.trim() === title, `古文观止 ${title}`)
    // '宋代：范仲淹 ', '魏晉：西晉·李密', '兩漢：劉向 撰': the name after the dynasty.
    const author = (essay.author.split('：').pop() ?? '').split('·').pop() ?? ''
    return {
      title,
      author: author.replace(/\s*撰\s*$/, '').trim(),
      paragraphs: nonEmpty(essay.paragraphs),
    }
  }

  /** The poems of 唐诗三百首 in book order, titled as the library's catalogue titles them. */
  tangPoems(form?: string): Piece[] {
    type Poem = { chapter: string; subchapter: string | null; author: string; paragraphs: string[] }
    const data = this.read<{ content: Array<{ type: string; content: Poem[] }> }>(
      'tangshisanbaishou.json',
    )
    return data.content
      .filter((f) => form === undefined || f.type === form)
      .flatMap((f) => f.content)
      .map((p) => ({
        title: p.subchapter && !p.subchapter.includes('/') ? p.subchapter : p.chapter,
        author: p.author,
        paragraphs: nonEmpty(p.paragraphs),
      }))
  }

  /** A poem of 唐诗三百首 by its title, and its poet where two poems share a title (月夜). */
  tang(title: string, author?: string): Piece {
    return ClassicTexts.find(
      this.tangPoems(),
      (p) => p.title === title && (author === undefined || p.author === author),
      `唐诗 ${title}`,
    )
  }

  /** A poem of 诗经; its "author" is where it stands in the book (诗经·秦风). */
  shijing(title: string): Piece {
    type Poem = { title: string; chapter: string; section: string; content: string[] }
    const poem = ClassicTexts.find(
      this.read<Poem[]>('shijing.json'),
      (p) => p.title === title,
      `诗经 ${title}`,
    )
    return { title, author: `诗经·${poem.section}`, paragraphs: nonEmpty(poem.content) }
  }

  /** The lyrics of 纳兰性德 in book order. */
  nalanPoems(): Piece[] {
    return this.read<Array<{ title: string; para: string[] }>>('nalanxingde.json').map((p) => ({
      title: p.title,
      author: '纳兰性德',
      paragraphs: nonEmpty(p.para),
    }))
  }

  nalan(title: string): Piece {
    return ClassicTexts.find(this.nalanPoems(), (p) => p.title === title, `纳兰词 ${title}`)
  }

  /** The chapters of a book made of {chapter, paragraphs} (论语, 孟子) or {content: [...]}. */
  chapters(file: 'lunyu.json' | 'mengzi.json' | 'dizigui.json' | 'zengguangxianwen.json') {
    const data = this.read<Chaptered[] | { content: Chaptered[] }>(file)
    const list = Array.isArray(data) ? data : data.content
    return list.map((c) => ({ title: c.chapter, paragraphs: nonEmpty(c.paragraphs) }))
  }

  /** 幼学琼林's sections, volume by volume (天文, 地輿, 歲時, 朝廷, ...). */
  youxue() {
    const data = this.read<{ content: Array<{ title: string; content: Chaptered[] }> }>(
      'youxueqionglin.json',
    )
    return data.content.flatMap((v) =>
      v.content.map((c) => ({ title: c.chapter, paragraphs: nonEmpty(c.paragraphs) })),
    )
  }

  /** A one-chapter text: 大学, 中庸, 三字经 (its lines), 千字文 (four phrases to a line). */
  single(file: 'daxue.json' | 'zhongyong.json' | 'sanzijing-new.json' | 'qianziwen.json') {
    const data = this.read<{ chapter?: string; title?: string; paragraphs: string[] }>(file)
    let paragraphs = nonEmpty(data.paragraphs)
    if (file === 'qianziwen.json') {
      const lines: string[] = []
      for (let i = 0; i < paragraphs.length; i += 4) {
        const [a, b, c, d] = paragraphs.slice(i, i + 4)
        lines.push([a && b ? `${a}，${b}。` : a, c && d ? `${c}，${d}。` : c].join(''))
      }
      paragraphs = lines
    }
    return { title: data.chapter ?? data.title ?? '', paragraphs }
  }
}
