/**
 * The newspapers contract (issue 14; app-spec section 7 "Magazines and newspapers"). A newspaper
 * comes out in dated editions (YYYY-MM-DD, China time); an edition has pages (版面: a name and an
 * image) and articles on them, numbered across the edition in reading order.
 *
 * Who sees what, as for magazines: an edition is public once approved; a newspaper is public while it
 * has an approved edition; the reader who uploaded it also sees pending and rejected editions with
 * state and reason; for anyone else they do not exist (404 '报纸不存在' / '该期报纸不存在').
 *
 * Sign (findSignBooksNewspaper): the reader's read mark on an article, made when a place is first
 * saved in it; the catalogue ticks read articles, the detail shows 已读 n/m per edition.
 *
 * Paths under /app/press/ answer `{code, data, msg}`; User.* names `{ret, data, msg}`.
 */
import {
  ARTICLE_NOT_FOUND,
  CATEGORY_NOT_FOUND,
  DATE_INVALID,
  EDITION_NOT_FOUND,
  NEWSPAPER_NOT_FOUND,
  PAGE_IMAGE_MISSING,
  PAGES_MISSING,
  PARAGRAPH_INVALID,
  PAGE_NAME_TOO_LONG,
  PeriodicalLimits,
  TOO_MANY_EDITION_PAGES,
  TOO_MANY_PAGE_ARTICLES,
} from '@rules/periodicals'
import {
  call,
  Flag,
  Id,
  NoData,
  NoInput,
  PageOf,
  Paging,
  Required,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'
import {
  ArticleDraft,
  ArticleInput,
  CollectRes,
  Direction,
  INTRO_READ_MAX,
  KEYWORD_READ_MAX,
  NAME_READ_MAX,
  PeriodicalCategory,
  ReviewState,
  SignRes,
  TITLE_READ_MAX,
  URL_READ_MAX,
} from './magazines'

export {
  ARTICLE_NOT_FOUND,
  EDITION_NOT_FOUND,
  NEWSPAPER_NOT_FOUND,
  PAGES_MISSING,
  PARAGRAPH_INVALID,
}

const summaryFields = {
  id: Type.Integer(),
  name: Type.String(),
  intro: Type.String(),
  /** The latest public edition's cover (its first page), else the newspaper's own (may be ''). */
  cover: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** Editions the caller may see (public ones; the owner counts all of theirs). */
  editionCount: Type.Integer(),
  /** The newest of those editions' date ('' when none). */
  latestDate: Type.String(),
}
export const NewspaperSummary = Type.Object(summaryFields)
export type NewspaperSummary = Static<typeof NewspaperSummary>

/** One edition in a newspaper's detail. */
export const EditionItem = Type.Object({
  id: Type.Integer(),
  /** YYYY-MM-DD. */
  date: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  pageCount: Type.Integer(),
  articleCount: Type.Integer(),
  /** Articles of it the caller has read (sign); 0 for a guest. */
  read: Type.Integer(),
  reviewState: ReviewState,
  reviewReason: Type.String(),
})
export type EditionItem = Static<typeof EditionItem>

/** A reader's place in an edition. */
export const NewspaperPlace = Type.Object({
  newspaperId: Type.Integer(),
  editionId: Type.Integer(),
  date: Type.String(),
  editionTitle: Type.String(),
  articleId: Type.Integer(),
  articleTitle: Type.String(),
  pageId: Type.Integer(),
  pageName: Type.String(),
  paragraph: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type NewspaperPlace = Static<typeof NewspaperPlace>

export const NewspaperPlaceRes = Type.Union([NewspaperPlace, Type.Null()])
export type NewspaperPlaceRes = Static<typeof NewspaperPlaceRes>

export const NewspaperDetail = Type.Object({
  ...summaryFields,
  /** Newest date first. */
  editions: Type.Array(EditionItem),
  collected: Type.Boolean(),
  /** The caller's most recent place in any of its editions, or null. */
  place: NewspaperPlaceRes,
  mine: Type.Boolean(),
})
export type NewspaperDetail = Static<typeof NewspaperDetail>

/** An edition's head (catalogue, reader, turning). */
export const EditionHead = Type.Object({
  id: Type.Integer(),
  newspaperId: Type.Integer(),
  newspaperName: Type.String(),
  date: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  reviewState: ReviewState,
  reviewReason: Type.String(),
})
export type EditionHead = Static<typeof EditionHead>

export const CatalogueArticle = Type.Object({
  id: Type.Integer(),
  serial: Type.Integer(),
  title: Type.String(),
  author: Type.String(),
  read: Type.Boolean(),
})
export type CatalogueArticle = Static<typeof CatalogueArticle>

export const CataloguePage = Type.Object({
  id: Type.Integer(),
  serial: Type.Integer(),
  /** 第一版 要闻 */
  name: Type.String(),
  image: Type.String(),
  articles: Type.Array(CatalogueArticle),
})
export type CataloguePage = Static<typeof CataloguePage>

export const EditionCatalogue = Type.Object({
  edition: EditionHead,
  pages: Type.Array(CataloguePage),
})
export type EditionCatalogue = Static<typeof EditionCatalogue>

/** An article to read; `prevId` / `nextId` within the edition (across its pages). */
export const NewspaperArticle = Type.Object({
  id: Type.Integer(),
  editionId: Type.Integer(),
  newspaperId: Type.Integer(),
  date: Type.String(),
  pageId: Type.Integer(),
  pageName: Type.String(),
  serial: Type.Integer(),
  title: Type.String(),
  author: Type.String(),
  paragraphs: Type.Array(Type.String()),
  images: Type.Array(Type.String()),
  prevId: Type.Union([Type.Integer(), Type.Null()]),
  nextId: Type.Union([Type.Integer(), Type.Null()]),
})
export type NewspaperArticle = Static<typeof NewspaperArticle>

export const NewspaperOpenRes = Type.Object({
  place: NewspaperPlaceRes,
  /** null when the edition has no articles (its pages are images only). */
  article: Type.Union([NewspaperArticle, Type.Null()]),
})
export type NewspaperOpenRes = Static<typeof NewspaperOpenRes>

/** The adjacent edition (findOpenBookSpaTurning). */
export const EditionRef = Type.Object({
  id: Type.Integer(),
  newspaperId: Type.Integer(),
  date: Type.String(),
  title: Type.String(),
  cover: Type.String(),
})
export type EditionRef = Static<typeof EditionRef>

export const CollectedNewspaper = Type.Object({ ...summaryFields, collectedAt: Type.Integer() })
export type CollectedNewspaper = Static<typeof CollectedNewspaper>

/** One of the caller's uploaded editions. */
export const MyEdition = Type.Object({
  editionId: Type.Integer(),
  newspaperId: Type.Integer(),
  newspaperName: Type.String(),
  date: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  pageCount: Type.Integer(),
  articleCount: Type.Integer(),
  reviewState: ReviewState,
  reviewReason: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type MyEdition = Static<typeof MyEdition>

/** One of the caller's editions as its edit form loads it. */
export const EditionDraft = Type.Object({
  ...MyEdition.properties,
  categoryId: Type.Integer(),
  intro: Type.String(),
  pages: Type.Array(
    Type.Object({ name: Type.String(), image: Type.String(), articles: Type.Array(ArticleDraft) }),
  ),
})
export type EditionDraft = Static<typeof EditionDraft>

// ---- input pieces ---------------------------------------------------------------------------

export const PAGE_INVALID = '版面格式不正确'

const editionId = { editionId: Id(EDITION_NOT_FOUND) }

export const PageInput = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: TITLE_READ_MAX, 'x-error': PAGE_NAME_TOO_LONG })),
    /** The page's image: an upload of the caller's (its URL). */
    image: Type.Optional(Type.String({ maxLength: URL_READ_MAX, 'x-error': PAGE_IMAGE_MISSING })),
    articles: Type.Optional(
      Type.Array(ArticleInput, {
        maxItems: PeriodicalLimits.pageMaxArticles,
        'x-error': TOO_MANY_PAGE_ARTICLES,
      }),
    ),
  },
  { 'x-error': PAGE_INVALID },
)
export type PageInput = Static<typeof PageInput>

const editionFields = {
  /** YYYY-MM-DD, a real date not after today (China time). */
  date: Required(DATE_INVALID, 20),
  /** '' or absent: the date. */
  title: Type.Optional(Trimmed(TITLE_READ_MAX)),
  /** 1..16 pages (absent or empty: 400 '请添加版面'). */
  pages: Type.Optional(
    Type.Array(PageInput, {
      maxItems: PeriodicalLimits.editionMaxPages,
      'x-list': true,
      'x-error': TOO_MANY_EDITION_PAGES,
    }),
  ),
  categoryId: Type.Optional(Id(CATEGORY_NOT_FOUND)),
  intro: Type.Optional(Trimmed(INTRO_READ_MAX)),
}

const UPLOAD_RULES =
  "`date` a real YYYY-MM-DD date not after today in China time (400 '请选择正确的日期' / '日期不能晚于今天'), one edition per newspaper and date (400 '该日期已有一期'); `title` ≤40 characters, blank: the date; `pages` 1..16 (400 '请添加版面' / '每期最多16个版面') of {name 1..20 characters, image (an upload of the caller's through App.Common_File.Upload, else 400 '请上传版面图片'), articles 0..30 of {title 1..60, author ≤30, content 1..20000 characters split into paragraphs on line breaks, images ≤9 uploads}}. The edition's cover is its first page's image. Texts are trimmed and checked for blocked words. The whole request is at most 1 MB."

export const newspapersApi = {
  categoryList: call({
    summary: 'Every newspaper category in display order, with how many public newspapers it has.',
    auth: false,
    query: { method: 'GET', name: 'User.Press.PressList' },
    input: NoInput,
    answer: Type.Array(PeriodicalCategory),
  }),
  newspaperList: call({
    summary:
      "Public newspapers (at least one approved edition), the one with the latest approved edition date first, then by id. `categoryId` filters; `keyword` (trimmed, at most 50 characters, else 400 '搜索词不能超过50字') matches the name. Counts and dates are of approved editions. Pages of 1..50 (default 10).",
    auth: false,
    rest: { method: 'GET', path: '/app/press/findBooksNewspaperAppList' },
    query: { method: 'GET', name: 'User.Newspaper.NewspaperList' },
    input: Type.Object({
      categoryId: Type.Optional(Id(CATEGORY_NOT_FOUND)),
      keyword: Type.Optional(Trimmed(KEYWORD_READ_MAX)),
      ...Paging,
    }),
    answer: PageOf(NewspaperSummary),
  }),
  newspaperDetail: call({
    summary:
      "A newspaper with its editions, newest date first, and the caller's `collected`, `place` (most recent in any edition) and `mine`. Others see approved editions only (404 '报纸不存在' when none); the owner sees all with state and reason. Each edition carries `read` (已读 n/m).",
    auth: false,
    query: { method: 'GET', name: 'User.Newspaper.NewspaperDetail' },
    input: Type.Object({ id: Id(NEWSPAPER_NOT_FOUND) }),
    answer: NewspaperDetail,
  }),
  catalogue: call({
    summary:
      "An edition's head and its pages in order, each with its articles (`read`: the caller's sign). Not approved: its owner only (others 404 '该期报纸不存在').",
    auth: false,
    rest: { method: 'GET', path: '/app/press/findBooksNewspaperNewspaperCatalogue' },
    input: Type.Object(editionId),
    answer: EditionCatalogue,
  }),
  openReading: call({
    summary:
      "Where to open an edition: the article `articleId` when given (in the edition, else 404 '文章不存在'), else the caller's saved place, else its first article (null when the edition has no articles); with the caller's place in it (null for a guest).",
    auth: false,
    rest: { method: 'GET', path: '/app/press/findOpenBooksNewspaper' },
    input: Type.Object({ ...editionId, articleId: Type.Optional(Id(ARTICLE_NOT_FOUND)) }),
    answer: NewspaperOpenRes,
  }),
  myPlace: call({
    summary:
      "The caller's most recent place in any edition of the newspaper they may see, or null; 404 '报纸不存在' when they may see none of it.",
    auth: true,
    rest: { method: 'GET', path: '/app/press/findReadingBooksNewspaper' },
    input: Type.Object({ newspaperId: Id(NEWSPAPER_NOT_FOUND) }),
    answer: NewspaperPlaceRes,
  }),
  sign: call({
    summary:
      "The caller's read marks in an edition (made when a place is first saved in an article): the read article ids in order, how many were read, how many articles it has.",
    auth: true,
    rest: { method: 'GET', path: '/app/press/findSignBooksNewspaper' },
    input: Type.Object(editionId),
    answer: SignRes,
  }),
  turning: call({
    summary:
      "The edition of the same newspaper before or after this one by date that the caller may see; none: 404 '已经是最早一期' / '已经是最新一期'.",
    auth: false,
    rest: { method: 'GET', path: '/app/press/findOpenBookSpaTurning' },
    input: Type.Object({ ...editionId, direction: Direction }),
    answer: EditionRef,
  }),
  saveReading: call({
    summary:
      "Saves the caller's place in an edition (one per reader and edition) and signs the article (first time only), in one transaction. The article must be in the edition (404 '文章不存在'); `paragraph` a 0-based paragraph of it (0 for an article without text), else 400 '段落位置不正确'.",
    auth: true,
    rest: { method: 'POST', path: '/app/press/saveBooksPressReading' },
    input: Type.Object({
      ...editionId,
      articleId: Id(ARTICLE_NOT_FOUND),
      paragraph: Type.Integer({ minimum: 0, maximum: 999_999_999, 'x-error': PARAGRAPH_INVALID }),
    }),
    answer: NewspaperPlace,
  }),
  setCollected: call({
    summary:
      "Collect (1, idempotent) or uncollect (0) a newspaper. Only a public newspaper can be collected (404 '报纸不存在'); uncollecting always succeeds.",
    auth: true,
    rest: { method: 'POST', path: '/app/press/createCollectionNewspaper' },
    input: Type.Object({ id: Id(NEWSPAPER_NOT_FOUND), collect: Flag() }),
    answer: CollectRes,
  }),
  collectedList: call({
    summary:
      "The caller's collected newspapers that are public, newest collection first; pages of 1..50 (default 10).",
    auth: true,
    rest: { method: 'GET', path: '/app/press/findCollectionNewspaperList' },
    input: Type.Object(Paging),
    answer: PageOf(CollectedNewspaper),
  }),
  myList: call({
    summary:
      "The caller's uploaded editions, newest upload first, with review state and reason; pages of 1..50 (default 10).",
    auth: true,
    query: { method: 'GET', name: 'User.Newspaper.MyNewspaperList' },
    input: Type.Object(Paging),
    answer: PageOf(MyEdition),
  }),
  myEdition: call({
    summary:
      "One of the caller's uploaded editions as the edit form loads it; anyone else's 403 '只能修改自己上传的内容'.",
    auth: true,
    query: { method: 'GET', name: 'User.Newspaper.MyNewspaperEdition' },
    input: Type.Object(editionId),
    answer: EditionDraft,
  }),
  addEdition: call({
    summary: `Uploads an edition; it waits for review (pending, seen only by the caller). With \`newspaperId\` an edition of a newspaper the caller uploaded (anyone else's 403 '只能修改自己上传的内容'); else a new newspaper: \`name\` 2..30 characters, \`categoryId\` (400 '请选择分类'), \`intro\` ≤500. ${UPLOAD_RULES} At most 10 editions a day per reader (429).`,
    auth: true,
    query: { method: 'POST', name: 'User.Newspaper.AddNewspaper' },
    body: 'json',
    input: Type.Object({
      newspaperId: Type.Optional(Id(NEWSPAPER_NOT_FOUND)),
      name: Type.Optional(Trimmed(NAME_READ_MAX)),
      ...editionFields,
    }),
    answer: MyEdition,
  }),
  updateEdition: call({
    summary: `Replaces one of the caller's editions (anyone else's 403 '只能修改自己上传的内容'): date, title and pages with their articles (reading places and read marks in it go), and the newspaper's \`categoryId\` / \`intro\` when given. ${UPLOAD_RULES} It goes back to review (pending, reason cleared); images no longer used are deleted.`,
    auth: true,
    query: { method: 'POST', name: 'User.Newspaper.UpdateNewspaper' },
    body: 'json',
    input: Type.Object({ ...editionId, ...editionFields }),
    answer: MyEdition,
  }),
  deleteEdition: call({
    summary:
      "Deletes one of the caller's editions (anyone else's 403 '只能删除自己上传的内容') with its pages, articles, places and read marks, and deletes its uploaded images that nothing else uses; a newspaper left without editions goes too, with its collections.",
    auth: true,
    query: { method: 'POST', name: 'User.Newspaper.DeleteNewspaper' },
    input: Type.Object(editionId),
    answer: NoData,
  }),
}

export type NewspaperListReq = CallInput<typeof newspapersApi.newspaperList>
export type AddEditionReq = CallInput<typeof newspapersApi.addEdition>
export type UpdateEditionReq = CallInput<typeof newspapersApi.updateEdition>
export type SaveNewspaperReadingReq = CallInput<typeof newspapersApi.saveReading>
