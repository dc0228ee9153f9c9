import fs from 'node:fs'
import path from 'node:path'

/**
 * The library's seed books, built from the chinese-poetry JSON files beside this module. Texts
 * keep their own characters (simplified or traditional, as the source has them); the catalogue's
 * names, briefs and introductions are the app's own, in simplified Chinese.
 */

export const CLASSICS_DIR = __dirname

export interface SeedChapter {
  title: string
  paragraphs: string[]
}

export interface SeedBook {
  /** Stable key, e.g. for the audio of 弟子规. */
  key: string
  category: SeedCategory
  name: string
  author: string
  brief: string
  intro: string
  /** Smaller first among the recommended books; null when not recommended. */
  recommendRank: number | null
  chapters: SeedChapter[]
}

/** The categories in display order. */
export const SEED_CATEGORIES = ['儒家经典', '诗词歌赋', '古文', '蒙学'] as const
export type SeedCategory = (typeof SEED_CATEGORIES)[number]

function read<T>(dir: string, file: string): T {
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as T
}

interface Chaptered {
  chapter: string
  paragraphs: string[]
}

interface ShijingPoem {
  title: string
  chapter: string
  section: string
  content: string[]
}

interface ChuciPiece {
  title: string
  section: string
  author: string
  content: string[]
}

interface TangPoem {
  chapter: string
  subchapter: string | null
  author: string
  paragraphs: string[]
}

interface GuwenEssay {
  chapter: string
  source: string
  author: string
  paragraphs: string[]
}

/** Consecutive items grouped by a key, in first-seen order. */
function groupInOrder<T>(items: T[], keyOf: (item: T) => string): Array<[string, T[]]> {
  const groups: Array<[string, T[]]> = []
  for (const item of items) {
    const key = keyOf(item)
    const last = groups[groups.length - 1]
    if (last && last[0] === key) last[1].push(item)
    else groups.push([key, [item]])
  }
  return groups
}

const nonEmpty = (lines: string[]): string[] => lines.map((l) => l.trim()).filter((l) => l !== '')

/** Every seed book, in the order they are inserted (ids follow it). */
export function loadSeedBooks(dir = CLASSICS_DIR): SeedBook[] {
  const books: SeedBook[] = []

  // ---- 儒家经典 ----
  books.push({
    key: 'lunyu',
    category: '儒家经典',
    name: '论语',
    author: '孔子弟子及再传弟子',
    brief: '记录孔子及其弟子言行的语录体著作，儒家最重要的经典之一。',
    intro:
      '《论语》由孔子的弟子及再传弟子编纂而成，以语录和对话的形式记录孔子及其弟子的言行，大约成书于战国初期。全书二十篇，各篇以首章开头的两三个字为篇名，集中体现了孔子的政治主张、伦理思想、道德观念和教育原则。南宋朱熹将它与《大学》《中庸》《孟子》合称“四书”，此后成为读书人的必读之书。',
    recommendRank: 1,
    chapters: read<Chaptered[]>(dir, 'lunyu.json').map((c) => ({
      title: c.chapter,
      paragraphs: nonEmpty(c.paragraphs),
    })),
  })
  books.push({
    key: 'mengzi',
    category: '儒家经典',
    name: '孟子',
    author: '孟子',
    brief: '记录孟子言行与论辩的儒家经典，倡导仁政与性善。',
    intro:
      '《孟子》是战国中期孟轲与其弟子万章、公孙丑等人所作，记录了孟子的言行、政治学说以及他同诸侯和论敌的辩论。全书七篇，每篇分上下，共十四卷。孟子主张施行“仁政”、提出“民为贵，社稷次之，君为轻”和“性善论”，文章气势充沛、长于论辩、善用譬喻，是先秦散文的杰作。南宋时被列为“四书”之一。本书正文为繁体。',
    recommendRank: null,
    chapters: read<Chaptered[]>(dir, 'mengzi.json').map((c) => ({
      title: c.chapter,
      paragraphs: nonEmpty(c.paragraphs),
    })),
  })
  const daxue = read<Chaptered>(dir, 'daxue.json')
  books.push({
    key: 'daxue',
    category: '儒家经典',
    name: '大学',
    author: '曾子',
    brief: '“四书”之首，讲修身、齐家、治国、平天下之道。',
    intro:
      '《大学》原是《礼记》中的一篇，相传为曾子所作。北宋程颢、程颐大力表彰，南宋朱熹将它从《礼记》中抽出，与《中庸》《论语》《孟子》合为“四书”，并列为“四书”之首。文中提出“明明德、亲民、止于至善”三纲领和“格物、致知、诚意、正心、修身、齐家、治国、平天下”八条目，是儒家修身治世的纲要。本书正文为繁体。',
    recommendRank: null,
    chapters: [{ title: daxue.chapter, paragraphs: nonEmpty(daxue.paragraphs) }],
  })
  const zhongyong = read<Chaptered>(dir, 'zhongyong.json')
  books.push({
    key: 'zhongyong',
    category: '儒家经典',
    name: '中庸',
    author: '子思',
    brief: '阐发中和之道与至诚之德的儒家经典。',
    intro:
      '《中庸》原为《礼记》中的一篇，相传为孔子之孙子思所作。全篇以“中庸”为最高的道德准则，阐发“致中和”与“诚”的思想，讲人如何在日用伦常之中不偏不倚、修身养性。宋代学者对它极为推崇，朱熹作《中庸章句》，将其列入“四书”。本书正文为繁体。',
    recommendRank: null,
    chapters: [{ title: zhongyong.chapter, paragraphs: nonEmpty(zhongyong.paragraphs) }],
  })

  // ---- 诗词歌赋 ----
  const shijing = read<ShijingPoem[]>(dir, 'shijing.json')
  books.push({
    key: 'shijing',
    category: '诗词歌赋',
    name: '诗经',
    author: '佚名',
    brief: '中国最早的诗歌总集，收西周初年至春秋中叶的诗歌三百零五篇。',
    intro:
      '《诗经》是中国最早的一部诗歌总集，收录西周初年至春秋中叶约五百年间的诗歌三百零五篇，先秦时称《诗》或《诗三百》，汉代被尊为儒家经典，始称《诗经》。全书分“风”“雅”“颂”三部分：“风”是各地的民间歌谣，“雅”多为朝廷宴飨的乐歌，“颂”是宗庙祭祀的乐歌。本书按十五国风和雅、颂的各“什”分章，每章收其中诸篇。',
    recommendRank: 4,
    chapters: groupInOrder(shijing, (p) => `${p.chapter}·${p.section}`).map(([title, poems]) => ({
      title,
      paragraphs: poems.flatMap((p) => [`《${p.title}》`, ...nonEmpty(p.content)]),
    })),
  })
  books.push({
    key: 'chuci',
    category: '诗词歌赋',
    name: '楚辞',
    author: '屈原等',
    brief: '以屈原作品为主体的楚地诗歌总集，想象奇丽，感情深沉。',
    intro:
      '《楚辞》是西汉刘向辑录的诗歌总集，以战国时楚国屈原的作品为主，也收宋玉、景差以及汉代贾谊、东方朔、庄忌、王褒、刘向等人承袭屈赋的作品；东汉王逸作《楚辞章句》时又增入自己的《九思》。这些作品运用楚地的诗歌形式和方言声韵，描写楚地风物，富于浪漫色彩，与《诗经》并称“风骚”，对后世文学影响深远。本书每篇一章。',
    recommendRank: null,
    chapters: read<ChuciPiece[]>(dir, 'chuci.json').map((p) => ({
      title: p.section === p.title ? p.title : `${p.section}·${p.title}`,
      paragraphs: nonEmpty(p.content),
    })),
  })
  const tang = read<{ content: Array<{ type: string; content: TangPoem[] }> }>(
    dir,
    'tangshisanbaishou.json',
  )
  books.push({
    key: 'tangshi',
    category: '诗词歌赋',
    name: '唐诗三百首',
    author: '蘅塘退士',
    brief: '流传最广的唐诗选本，名篇荟萃，按诗体编排。',
    intro:
      '《唐诗三百首》是清代乾隆年间蘅塘退士（孙洙）编选的唐诗选集，选诗三百余首，兼收各家名篇，浅显易诵，问世后风行海内，民间有“熟读唐诗三百首，不会吟诗也会吟”之说。本书按五言绝句、七言绝句、五言律诗、七言律诗、五言古诗、七言古诗、乐府分章，每首先列诗题与作者。正文为繁体。',
    recommendRank: 3,
    chapters: tang.content.map((form) => ({
      title: form.type,
      paragraphs: form.content.flatMap((poem) => {
        const title =
          poem.subchapter && !poem.subchapter.includes('/') ? poem.subchapter : poem.chapter
        return [`《${title}》\u3000${poem.author}`, ...nonEmpty(poem.paragraphs)]
      }),
    })),
  })
  books.push({
    key: 'nalan',
    category: '诗词歌赋',
    name: '纳兰词',
    author: '纳兰性德',
    brief: '清初词人纳兰性德的词作，情真意切，哀婉动人。',
    intro:
      '纳兰性德（1655—1685），字容若，号楞伽山人，满洲正黄旗人，清初著名词人。他的词以小令见长，多写爱情、友情和塞外行役，真挚自然、哀感顽艳，王国维在《人间词话》中称其“北宋以来，一人而已”。本书收其词作二百五十八首，每首一章。',
    recommendRank: null,
    chapters: read<Array<{ title: string; para: string[] }>>(dir, 'nalanxingde.json').map((p) => ({
      title: p.title,
      paragraphs: nonEmpty(p.para),
    })),
  })

  // ---- 古文 ----
  const guwen = read<{ content: Array<{ title: string; content: GuwenEssay[] }> }>(
    dir,
    'guwenguanzhi.json',
  )
  books.push({
    key: 'guwen',
    category: '古文',
    name: '古文观止',
    author: '吴楚材、吴调侯',
    brief: '清代流传最广的古文选本，收先秦至明代文章二百二十二篇。',
    intro:
      '《古文观止》是清代康熙年间吴楚材、吴调侯叔侄选编的古代散文选本，康熙三十四年（1695年）刊行。全书十二卷，收录自东周至明代的文章二百二十二篇，以散文为主，兼收骈文，《左传》《国语》《史记》的名篇和韩愈、柳宗元、欧阳修、苏轼等大家的代表作尽在其中。“观止”意为所选都是尽善尽美的至文。本书每篇一章，正文为繁体。',
    recommendRank: 5,
    chapters: guwen.content.flatMap((volume) =>
      volume.content.map((essay) => ({
        title: essay.chapter.trim(),
        paragraphs: nonEmpty(essay.paragraphs),
      })),
    ),
  })

  // ---- 蒙学 ----
  const sanzijing = read<{ title: string; paragraphs: string[] }>(dir, 'sanzijing-new.json')
  books.push({
    key: 'sanzijing',
    category: '蒙学',
    name: '三字经',
    author: '王应麟',
    brief: '三字一句的蒙学经典，讲伦理、历史与勤学之道。',
    intro:
      '《三字经》相传为南宋学者王应麟所编，是中国传统启蒙教材中影响最大的一部。全文三字一句，句句押韵，朗朗上口，内容涵盖伦理道德、历史沿革、天文地理和古人勤学的故事，“人之初，性本善”几乎家喻户晓。本书正文为繁体。',
    recommendRank: 6,
    chapters: [{ title: sanzijing.title, paragraphs: nonEmpty(sanzijing.paragraphs) }],
  })
  const qianziwen = read<{ title: string; paragraphs: string[] }>(dir, 'qianziwen.json')
  books.push({
    key: 'qianziwen',
    category: '蒙学',
    name: '千字文',
    author: '周兴嗣',
    brief: '以一千个不重复的汉字写成的四言韵文，古代识字课本。',
    intro:
      '《千字文》是南朝梁武帝时散骑侍郎周兴嗣奉命编撰的韵文，用一千个不重复的汉字写成，四字一句，对仗工整，条理清晰，内容涉及天文、地理、历史、修身与处世。自南北朝以来一直是儿童识字的课本，与《三字经》《百家姓》合称“三百千”。本书正文为繁体。',
    recommendRank: null,
    chapters: [{ title: qianziwen.title, paragraphs: nonEmpty(qianziwen.paragraphs) }],
  })
  const dizigui = read<{ content: Chaptered[] }>(dir, 'dizigui.json')
  books.push({
    key: 'dizigui',
    category: '蒙学',
    name: '弟子规',
    author: '李毓秀',
    brief: '依《论语》“弟子入则孝”一章编成的童蒙读物，讲为人子弟的规矩。',
    intro:
      '《弟子规》是清代康熙年间秀才李毓秀所作，原名《训蒙文》，后经贾存仁修订，改名《弟子规》。全文以《论语·学而》“弟子入则孝，出则弟，谨而信，泛爱众，而亲仁，行有余力，则以学文”为纲，分为总叙、入则孝、出则弟、谨、信、泛爱众、亲仁、余力学文八个部分，三字一句，讲述为人子弟在家、出外、待人接物与求学应守的规矩。本书正文为繁体。',
    recommendRank: 2,
    chapters: dizigui.content.map((c) => ({
      title: c.chapter,
      paragraphs: nonEmpty(c.paragraphs),
    })),
  })
  const zengguang = read<{ content: Chaptered[] }>(dir, 'zengguangxianwen.json')
  books.push({
    key: 'zengguang',
    category: '蒙学',
    name: '增广贤文',
    author: '佚名',
    brief: '汇集古今格言谚语的蒙学读物，讲人生哲理与处世之道。',
    intro:
      '《增广贤文》又名《昔时贤文》《古今贤文》，是明代以来流行的儿童启蒙读物。书名最早见于明代万历年间的戏曲《牡丹亭》，后经明清两代文人不断增补，才成为今天的样子。全书汇集了大量格言谚语，如“观今宜鉴古，无古不成今”“一寸光阴一寸金”，讲人生哲理与处世之道。本书分上、下两集，正文为繁体。',
    recommendRank: null,
    chapters: zengguang.content.map((c) => ({
      title: c.chapter,
      paragraphs: nonEmpty(c.paragraphs),
    })),
  })
  const youxue = read<{ content: Array<{ title: string; content: Chaptered[] }> }>(
    dir,
    'youxueqionglin.json',
  )
  books.push({
    key: 'youxue',
    category: '蒙学',
    name: '幼学琼林',
    author: '程登吉',
    brief: '用对偶句写成的蒙学读物，汇集成语典故与各类常识。',
    intro:
      '《幼学琼林》是明末西昌人程登吉（字允升）编著的儿童启蒙读物，原名《幼学须知》，清代邹圣脉增补后改名《幼学琼林》。全书用对偶句写成，分天文、地舆、岁时、朝廷等三十三类，汇集了大量成语典故和自然、社会常识，旧时有“读了《幼学》走天下”之说。本书四卷，按类分章，正文为繁体。',
    recommendRank: null,
    chapters: youxue.content.flatMap((volume) =>
      volume.content.map((c) => ({
        title: `${volume.title}·${c.chapter}`,
        paragraphs: nonEmpty(c.paragraphs),
      })),
    ),
  })

  return books
}
