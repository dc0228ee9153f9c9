import { ClassicTexts } from './classicTexts'

/**
 * The house documents: PDFs of public-domain classics (./classics), made once by
 * scripts/make-periodicals.mjs into seed/assets/documents/<key>.pdf with a thumbnail <key>.png of
 * the first page and manifest.json (the page counts). The seed lists them; the documents module
 * serves them from storage, where installSeedDocumentFiles (./documents.ts) puts them.
 */

export interface DocumentSection {
  title: string
  paragraphs: string[]
}

export interface SeedDocument {
  key: string
  category: string
  title: string
  /** The line under the title on the first page. */
  subtitle: string
  intro: string
  sections: (t: ClassicTexts) => DocumentSection[]
}

/** The documents' categories in display order. */
export const DOCUMENT_CATEGORIES = ['国学经典', '蒙学读物', '诗词选本'] as const

export const SEED_DOCUMENTS: SeedDocument[] = [
  {
    key: 'lunyu',
    category: '国学经典',
    title: '《论语》选读',
    subtitle: '学而 · 为政 · 八佾 · 里仁',
    intro:
      '选录《论语》前四篇：学而、为政、八佾、里仁，是孔子论学习、为政、礼乐与仁德最集中的部分，适合初读《论语》的读者。',
    sections: (t) => t.chapters('lunyu.json').slice(0, 4),
  },
  {
    key: 'daxue',
    category: '国学经典',
    title: '《大学》全文',
    subtitle: '三纲领 · 八条目',
    intro:
      '《大学》全文，“四书”之首。讲明明德、亲民、止于至善，以及格物、致知、诚意、正心、修身、齐家、治国、平天下的次第。',
    sections: (t) => [t.single('daxue.json')],
  },
  {
    key: 'zhongyong',
    category: '国学经典',
    title: '《中庸》全文',
    subtitle: '致中和 · 诚',
    intro: '《中庸》全文，相传为子思所作，阐发“致中和”与“诚”的道理，宋儒列为“四书”之一。',
    sections: (t) => [t.single('zhongyong.json')],
  },
  {
    key: 'dizigui',
    category: '蒙学读物',
    title: '《弟子规》',
    subtitle: '入则孝 · 出则弟 · 谨 · 信 · 泛爱众 · 亲仁 · 余力学文',
    intro:
      '《弟子规》全文，按总叙、入则孝、出则弟、谨、信、泛爱众、亲仁、余力学文分节，三字一句，便于诵读。',
    sections: (t) => t.chapters('dizigui.json'),
  },
  {
    key: 'sanzijing',
    category: '蒙学读物',
    title: '《三字经》',
    subtitle: '人之初 · 性本善',
    intro: '《三字经》全文，三字一句、四句一行，讲伦理、历史与勤学的故事，是流传最广的蒙学读物。',
    sections: (t) => [t.single('sanzijing-new.json')],
  },
  {
    key: 'wujue',
    category: '诗词选本',
    title: '唐诗五言绝句选',
    subtitle: '《唐诗三百首》五言绝句二十九首',
    intro:
      '《唐诗三百首》所收五言绝句全部二十九首，王维、李白、孟浩然、柳宗元等名家的短章，每首二十字。',
    sections: (t) =>
      t
        .tangPoems('五言絕句')
        .map((p) => ({ title: `${p.title}\u3000${p.author}`, paragraphs: p.paragraphs })),
  },
]

/** The committed PDF and thumbnail of a seed document. */
export const seedDocumentPdf = (key: string): string => `${key}.pdf`
export const seedDocumentThumb = (key: string): string => `${key}.png`

/** The name a seed document's file has in the app's storage (documents.file_name). */
export const seedDocumentFileName = (key: string): string => `seed-doc-${key}.pdf`
