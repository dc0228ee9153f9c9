import { ClassicTexts, type Piece } from './classicTexts'

/**
 * What the demo magazines hold: pieces of the public-domain classics (./classics) put together into
 * issues, with a short editor's note per issue written for this app. Image names are files under
 * seed/assets/magazines, drawn by scripts/make-periodicals.mjs (which reads this module for the
 * titles it puts on the covers). The newspaper's content is in ./newspaperContent.ts.
 */

export interface SeedArticle extends Piece {
  /** An illustration under seed/assets/magazines, or none. */
  image?: string
}

export interface SeedIssue {
  serial: number
  title: string
  /** The theme printed on the cover. */
  theme: string
  /** The cover under seed/assets/magazines. */
  cover: string
  articles: SeedArticle[]
}

export interface SeedMagazine {
  key: string
  category: string
  name: string
  intro: string
  /** Days between issues: the last one comes out on the seed day. */
  everyDays: number
  issues: SeedIssue[]
}

/** The magazines' categories in display order (each has a magazine). */
export const MAGAZINE_CATEGORIES = ['古典文学', '诗词', '蒙学'] as const

const EDITOR = '本刊编辑部'

interface IssuePlan {
  theme: string
  note: string
  pieces: Array<(t: ClassicTexts) => SeedArticle>
}

function issues(key: string, plans: IssuePlan[], t: ClassicTexts): SeedIssue[] {
  return plans.map((plan, i) => ({
    serial: i + 1,
    title: `第${i + 1}期`,
    theme: plan.theme,
    cover: `${key}-${i + 1}.jpg`,
    articles: [
      { title: '卷首语', author: EDITOR, paragraphs: [plan.note] },
      ...plan.pieces.map((piece) => piece(t)),
    ],
  }))
}

const guwen =
  (title: string, image?: string) =>
  (t: ClassicTexts): SeedArticle => ({ ...t.guwen(title), image })
const tang =
  (title: string, image?: string, author?: string) =>
  (t: ClassicTexts): SeedArticle => ({ ...t.tang(title, author), image })
const shijing = (title: string) => (t: ClassicTexts) => t.shijing(title)
const nalan = (title: string) => (t: ClassicTexts) => t.nalan(title)

/** A stretch of a one-chapter text as an article: 三字经 lines from..to, and so on. */
const excerpt =
  (file: 'sanzijing-new.json' | 'qianziwen.json', title: string, author: string, from: number) =>
  (t: ClassicTexts): SeedArticle => ({
    title,
    author,
    paragraphs: t.single(file).paragraphs.slice(from, from + 12),
  })
const youxue = (index: number) => (t: ClassicTexts) => {
  const section = t.youxue()[index]
  return { title: `幼学琼林·${section.title}`, author: '程登吉', paragraphs: section.paragraphs }
}

export function loadSeedMagazines(t = new ClassicTexts()): SeedMagazine[] {
  return [
    {
      key: 'guwen',
      category: '古典文学',
      name: '古文月刊',
      intro:
        '每月一期，从《古文观止》中选出五篇名文，先秦的论辩、魏晋的清言、唐宋的记与赋，原文照录，配一段卷首语，适合茶余饭后慢慢读。',
      everyDays: 30,
      issues: issues(
        'guwen',
        [
          {
            theme: '论辩与劝学',
            note: '本期从《左传》的曹刿说起：一场以弱胜强的战争，赢在“一鼓作气”的时机，也赢在肯听取谏言的国君。邹忌借妻妾宾客的夸赞讽谏齐王，陶渊明写一处与世隔绝的桃源，刘禹锡在陋室中自得其乐，韩愈则告诉我们“师者，所以传道受业解惑也”。五篇文章，篇幅都不长，读一遍便能记住几句。',
            pieces: [
              guwen('曹劌論戰'),
              guwen('鄒忌諷齊王納諫'),
              guwen('桃花源記', 'art-taohua.jpg'),
              guwen('陋室銘'),
              guwen('師說'),
            ],
          },
          {
            theme: '山水与人生',
            note: '王羲之在兰亭感叹“后之视今，亦犹今之视昔”，陶渊明为自己写了一篇小传，韩愈借千里马说伯乐之难得，柳宗元记下捕蛇者宁死也不愿复赋的悲哀，范仲淹登岳阳楼而想到“先天下之忧而忧”。本期五篇，由一己之情写到天下之心。',
            pieces: [
              guwen('蘭亭集序'),
              guwen('五柳先生傳'),
              guwen('雜說·馬說'),
              guwen('捕蛇者說'),
              guwen('岳陽樓記', 'art-yueyang.jpg'),
            ],
          },
          {
            theme: '宋文的风度',
            note: '欧阳修在滁州山间与民同乐，又在秋夜听见“其声歘然”的秋声；苏轼泛舟赤壁之下，与客谈水月之变与不变；苏辙在黄州快哉亭上说“士生于世，使其中不自得，将何往而非病”。末篇选李密的《陈情表》，一片至诚，千载之下读来仍令人动容。',
            pieces: [
              guwen('醉翁亭記'),
              guwen('秋聲賦'),
              guwen('前赤壁賦', 'art-chibi.jpg'),
              guwen('黃州快哉亭記'),
              guwen('陳情表'),
            ],
          },
        ],
        t,
      ),
    },
    {
      key: 'shici',
      category: '诗词',
      name: '诗词周刊',
      intro: '每周一期，唐诗、《诗经》与纳兰词同刊，每期五首，篇篇短小，适合朗读与背诵。',
      everyDays: 7,
      issues: issues(
        'shici',
        [
          {
            theme: '春之声',
            note: '春天的诗最好读出声来。孟浩然一觉醒来听见满耳鸟啼，《诗经》里的雎鸠在河洲上和鸣，桃花开得灼灼其华；杜甫眼中的春天却是“国破山河在”，纳兰性德在行军途中夜不能寐。同一个季节，五种心境。',
            pieces: [
              tang('春曉'),
              shijing('关雎'),
              shijing('桃夭'),
              tang('春望'),
              nalan('长相思·山一程'),
            ],
          },
          {
            theme: '月与思',
            note: '月亮大概是中国诗里出现最多的意象。李白床前的明月、杜甫鄜州的月夜，都与思念有关；《蒹葭》里的“伊人”在水一方，王维把相思寄托在一颗红豆上，纳兰性德写下“一生一代一双人”。本期读五首关于思念的诗。',
            pieces: [
              tang('靜夜思', 'art-jingye.jpg'),
              tang('月夜', undefined, '杜甫'),
              shijing('蒹葭'),
              tang('相思'),
              nalan('画堂春·一生一代一双人'),
            ],
          },
          {
            theme: '登高望远',
            note: '登上高处，诗人的眼界与心胸都变得开阔。王之涣“更上一层楼”，王维在空山新雨后看明月松间照，柳宗元的寒江独钓清冷孤绝，杜甫登高写下“不尽长江滚滚来”。最后以纳兰性德的《浣溪沙》收尾：当时只道是寻常。',
            pieces: [
              tang('登鸛雀樓'),
              tang('山居秋暝'),
              tang('江雪', 'art-jiangxue.jpg'),
              tang('登高'),
              nalan('浣溪沙·谁念西风独自凉'),
            ],
          },
        ],
        t,
      ),
    },
    {
      key: 'mengxue',
      category: '蒙学',
      name: '童蒙月刊',
      intro:
        '给孩子和家长的月刊：每期选《三字经》《千字文》各一段和《幼学琼林》一节，一起读，一起背。',
      everyDays: 30,
      issues: issues(
        'mengxue',
        [
          {
            theme: '人之初',
            note: '“人之初，性本善。”本期从《三字经》开篇读起，再读《千字文》的“天地玄黄，宇宙洪荒”，《幼学琼林》则从天文讲起。每天读几句，不求甚解，先把声音读熟。',
            pieces: [
              excerpt('sanzijing-new.json', '三字经（一）', '王应麟', 0),
              excerpt('qianziwen.json', '千字文（一）', '周兴嗣', 0),
              youxue(0),
            ],
          },
          {
            theme: '勤学',
            note: '本期的《三字经》讲古人如何勤学，《千字文》讲修身与德行，《幼学琼林》讲山川地理。读完可以和孩子一起说一说：书里的哪一个故事你最喜欢？',
            pieces: [
              excerpt('sanzijing-new.json', '三字经（二）', '王应麟', 12),
              excerpt('qianziwen.json', '千字文（二）', '周兴嗣', 12),
              youxue(1),
            ],
          },
          {
            theme: '四时',
            note: '一年有四时，读书也有四时。本期《幼学琼林》讲岁时节令，正好对照日历认一认节气；《三字经》与《千字文》接着上期往下读。',
            pieces: [
              excerpt('sanzijing-new.json', '三字经（三）', '王应麟', 24),
              excerpt('qianziwen.json', '千字文（三）', '周兴嗣', 24),
              youxue(2),
            ],
          },
        ],
        t,
      ),
    },
  ]
}
