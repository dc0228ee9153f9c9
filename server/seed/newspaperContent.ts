import { ClassicTexts, type Piece } from './classicTexts'

/**
 * What the demo newspaper holds: a week of editions of four pages, each a different stretch of the
 * same public-domain classics (./classics). The page images are files under
 * seed/assets/newspapers, drawn by scripts/make-periodicals.mjs.
 */

export interface SeedPaperPage {
  name: string
  /** The page image under seed/assets/newspapers (the same four serve every edition). */
  image: string
  articles: Piece[]
}

export interface SeedNewspaper {
  category: string
  name: string
  intro: string
  /** The editions' pages, oldest edition first; each is dated at seed time. */
  editions: SeedPaperPage[][]
}

export const PRESS_CATEGORIES = ['综合'] as const

/** The four pages (版面) of every edition and their images. */
export const NEWSPAPER_PAGES = [
  { name: '第一版 要闻', image: 'page-1.jpg' },
  { name: '第二版 文苑', image: 'page-2.jpg' },
  { name: '第三版 蒙学', image: 'page-3.jpg' },
  { name: '第四版 副刊', image: 'page-4.jpg' },
] as const

export const NEWSPAPER_EDITIONS = 7

/** 《经典晨报》: a week of editions, each a different stretch of the same books. */
export function loadSeedNewspaper(t = new ClassicTexts()): SeedNewspaper {
  const lunyu = t.chapters('lunyu.json')
  const mengzi = t.chapters('mengzi.json')
  const jueju = t.tangPoems('七言絕句')
  // 弟子规 without its two-line 總敘: seven chapters, one an edition.
  const dizigui = t.chapters('dizigui.json').slice(1)
  const youxue = t.youxue()
  const zengguang = t.chapters('zengguangxianwen.json')[0].paragraphs
  const nalan = t.nalanPoems()
  const editions: SeedPaperPage[][] = []
  for (let i = 0; i < NEWSPAPER_EDITIONS; i++) {
    const articles: Piece[][] = [
      [
        {
          title: `论语·${lunyu[i].title}`,
          author: '孔子弟子及再传弟子',
          paragraphs: lunyu[i].paragraphs.slice(0, 8),
        },
        {
          title: `孟子·${mengzi[i].title}（节选）`,
          author: '孟子',
          paragraphs: mengzi[i].paragraphs.slice(0, 3),
        },
      ],
      jueju.slice(i * 3, i * 3 + 3),
      [
        {
          title: `弟子规·${dizigui[i].title}`,
          author: '李毓秀',
          paragraphs: dizigui[i].paragraphs,
        },
        {
          title: `幼学琼林·${youxue[3 + i].title}`,
          author: '程登吉',
          paragraphs: youxue[3 + i].paragraphs,
        },
      ],
      [
        {
          title: `增广贤文（${i + 1}）`,
          author: '佚名',
          paragraphs: zengguang.slice(i * 12, i * 12 + 12),
        },
        nalan[10 + i],
      ],
    ]
    editions.push(NEWSPAPER_PAGES.map((page, p) => ({ ...page, articles: articles[p] })))
  }
  return {
    category: PRESS_CATEGORIES[0],
    name: '经典晨报',
    intro:
      '每天清晨一份，四个版面：要闻版读《论语》《孟子》，文苑版读唐人绝句，蒙学版读《弟子规》与《幼学琼林》，副刊读《增广贤文》与纳兰词。',
    editions,
  }
}
