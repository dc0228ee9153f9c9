/**
 * The magazines contract (issue 14; app-spec section 7 "Magazines and newspapers"). A magazine
 * comes out in issues (期); an issue has a cover and articles in contents order (text paragraphs and
 * images; an issue uploaded as page images has one article per page, its image and no text).
 *
 * Who sees what: an issue is public once an operator approved it (`reviewState` 'approved'); a
 * magazine is public (listed, collectable, readable by guests) while it has at least one approved
 * issue. A reader who uploaded a magazine also sees its pending and rejected issues, with their state
 * and the reason; to everyone else those do not exist (404 '杂志不存在' / '该期杂志不存在').
 *
 * Sign (Books/MagazineSign): a reader's read mark on an article. Saving a place in an article signs
 * it (the first time only; it stays when the place moves on); the contents tick the read articles
 * and the detail shows 已读 n/m per issue.
 *
 * The paths under /app/magazine/ answer in the REST style `{code, data, msg}`, the User.* names in
 * the query style `{ret, data, msg}`; both call the same services. Times are unix seconds.
 */
import {
  ARTICLE_CONTENT_TOO_LONG,
  ARTICLE_NOT_FOUND,
  ARTICLE_TITLE_TOO_LONG,
  AUTHOR_TOO_LONG,
  CATEGORY_NOT_FOUND,
  COVER_MISSING,
  DIRECTION_INVALID,
  IMAGE_INVALID,
  ISSUE_NOT_FOUND,
  ISSUE_TITLE_MISSING,
  MAGAZINE_NOT_FOUND,
  PARAGRAPH_INVALID,
  PeriodicalLimits,
  TOO_MANY_ARTICLES,
  TOO_MANY_IMAGES,
  TOO_MANY_PAGES,
} from '@rules/periodicals'
import {
  call,
  Flag,
  Id,
  NoData,
  NoInput,
  OneOf,
  PageOf,
  Paging,
  Required,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'

export {
  ARTICLE_NOT_FOUND,
  CATEGORY_NOT_FOUND,
  COVER_MISSING,
  IMAGE_INVALID,
  ISSUE_NOT_FOUND,
  MAGAZINE_NOT_FOUND,
  PARAGRAPH_INVALID,
}

export const ARTICLE_INVALID = '文章格式不正确'

/** Longest texts read before the rules count characters (they give the exact message). */
export const NAME_READ_MAX = 200
export const INTRO_READ_MAX = PeriodicalLimits.introMaxChars * 4
export const TITLE_READ_MAX = 240
export const CONTENT_READ_MAX = PeriodicalLimits.contentMaxChars * 2
export const URL_READ_MAX = 1000
export const KEYWORD_READ_MAX = 200

// ---- shared shapes (newspapers use them too) ------------------------------------------------

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const
/** 'pending' 审核中, 'approved' 已通过 (public), 'rejected' 未通过 (with `reviewReason`). */
export const ReviewState = OneOf(REVIEW_STATES)
export type ReviewState = Static<typeof ReviewState>

/** A category with how many public magazines (or newspapers) it has. */
export const PeriodicalCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  count: Type.Integer(),
})
export type PeriodicalCategory = Static<typeof PeriodicalCategory>

/** The caller's read marks (sign) in one issue or edition. */
export const SignRes = Type.Object({
  readArticleIds: Type.Array(Type.Integer()),
  /** How many of its articles the caller has read. */
  read: Type.Integer(),
  /** How many articles it has. */
  total: Type.Integer(),
})
export type SignRes = Static<typeof SignRes>

export const CollectRes = Type.Object({ collected: Type.Boolean() })
export type CollectRes = Static<typeof CollectRes>

export const Direction = OneOf(['prev', 'next'], DIRECTION_INVALID)
export type Direction = Static<typeof Direction>

/** An article as uploaded: `content` is split into paragraphs on line breaks, blank lines dropped. */
export const ArticleInput = Type.Object(
  {
    title: Type.Optional(
      Type.String({ maxLength: TITLE_READ_MAX, 'x-error': ARTICLE_TITLE_TOO_LONG }),
    ),
    author: Type.Optional(Type.String({ maxLength: TITLE_READ_MAX, 'x-error': AUTHOR_TOO_LONG })),
    content: Type.Optional(
      Type.String({ maxLength: CONTENT_READ_MAX, 'x-error': ARTICLE_CONTENT_TOO_LONG }),
    ),
    /** Images uploaded by the caller through App.Common_File.Upload (their URLs). */
    images: Type.Optional(
      Type.Array(Type.String({ maxLength: URL_READ_MAX, 'x-error': IMAGE_INVALID }), {
        maxItems: PeriodicalLimits.articleMaxImages,
        'x-error': TOO_MANY_IMAGES,
      }),
    ),
  },
  { 'x-error': ARTICLE_INVALID },
)
export type ArticleInput = Static<typeof ArticleInput>

/** An article as the owner edits it again (`content`: the paragraphs joined by line breaks). */
export const ArticleDraft = Type.Object({
  title: Type.String(),
  author: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
})
export type ArticleDraft = Static<typeof ArticleDraft>

// ---- magazines ------------------------------------------------------------------------------

const summaryFields = {
  id: Type.Integer(),
  name: Type.String(),
  intro: Type.String(),
  /** The latest public issue's cover, else the magazine's own (may be ''). */
  cover: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** Issues the caller may see (public ones; the owner also counts pending and rejected). */
  issueCount: Type.Integer(),
  /** The newest of those issues' title ('' when none). */
  latestIssueTitle: Type.String(),
}
export const MagazineSummary = Type.Object(summaryFields)
export type MagazineSummary = Static<typeof MagazineSummary>

/** One issue in a magazine's detail. */
export const IssueItem = Type.Object({
  id: Type.Integer(),
  serial: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  articleCount: Type.Integer(),
  /** Articles of it the caller has read (sign); 0 for a guest. */
  read: Type.Integer(),
  reviewState: ReviewState,
  /** Why it did not pass ('' unless rejected). */
  reviewReason: Type.String(),
})
export type IssueItem = Static<typeof IssueItem>

/** A reader's place in an issue: the article and its 0-based paragraph. */
export const MagazinePlace = Type.Object({
  magazineId: Type.Integer(),
  issueId: Type.Integer(),
  issueTitle: Type.String(),
  articleId: Type.Integer(),
  articleTitle: Type.String(),
  paragraph: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type MagazinePlace = Static<typeof MagazinePlace>

export const MagazinePlaceRes = Type.Union([MagazinePlace, Type.Null()])
export type MagazinePlaceRes = Static<typeof MagazinePlaceRes>

export const MagazineDetail = Type.Object({
  ...summaryFields,
  /** Newest first (by serial). */
  issues: Type.Array(IssueItem),
  /** The caller collected it (false for a guest). */
  collected: Type.Boolean(),
  /** The caller's most recent place in any of its issues, or null. */
  place: MagazinePlaceRes,
  /** The caller uploaded it (may add issues, edit and delete them). */
  mine: Type.Boolean(),
})
export type MagazineDetail = Static<typeof MagazineDetail>

/** An issue's head, above its contents and in the reader. */
export const IssueHead = Type.Object({
  id: Type.Integer(),
  magazineId: Type.Integer(),
  magazineName: Type.String(),
  serial: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  reviewState: ReviewState,
  reviewReason: Type.String(),
})
export type IssueHead = Static<typeof IssueHead>

/** A line of an issue's contents. */
export const ContentsItem = Type.Object({
  id: Type.Integer(),
  serial: Type.Integer(),
  title: Type.String(),
  author: Type.String(),
  /** The article's first image ('' when none): a page issue's thumbnails. */
  image: Type.String(),
  /** The caller has read it (sign); false for a guest. */
  read: Type.Boolean(),
})
export type ContentsItem = Static<typeof ContentsItem>

export const IssueContents = Type.Object({
  issue: IssueHead,
  articles: Type.Array(ContentsItem),
})
export type IssueContents = Static<typeof IssueContents>

/** An article to read. `prevId` / `nextId`: its neighbours within the issue, or null at its ends. */
export const MagazineArticle = Type.Object({
  id: Type.Integer(),
  issueId: Type.Integer(),
  magazineId: Type.Integer(),
  issueTitle: Type.String(),
  serial: Type.Integer(),
  title: Type.String(),
  author: Type.String(),
  /** Plain text paragraphs (never HTML); [] for a page of a page issue. */
  paragraphs: Type.Array(Type.String()),
  /** Image URLs, shown after the text. */
  images: Type.Array(Type.String()),
  prevId: Type.Union([Type.Integer(), Type.Null()]),
  nextId: Type.Union([Type.Integer(), Type.Null()]),
})
export type MagazineArticle = Static<typeof MagazineArticle>

export const MagazineOpenRes = Type.Object({
  /** The caller's saved place in this issue, or null. */
  place: MagazinePlaceRes,
  article: MagazineArticle,
})
export type MagazineOpenRes = Static<typeof MagazineOpenRes>

export const CollectedMagazine = Type.Object({ ...summaryFields, collectedAt: Type.Integer() })
export type CollectedMagazine = Static<typeof CollectedMagazine>

/** One of the caller's uploaded issues. */
export const MyIssue = Type.Object({
  issueId: Type.Integer(),
  magazineId: Type.Integer(),
  magazineName: Type.String(),
  serial: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  articleCount: Type.Integer(),
  reviewState: ReviewState,
  reviewReason: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type MyIssue = Static<typeof MyIssue>

/** One of the caller's issues as its edit form loads it. */
export const IssueDraft = Type.Object({
  ...MyIssue.properties,
  categoryId: Type.Integer(),
  intro: Type.String(),
  /** 'pages': uploaded as page images (`pages`); 'articles': as text articles (`articles`). */
  mode: OneOf(['articles', 'pages']),
  articles: Type.Array(ArticleDraft),
  pages: Type.Array(Type.String()),
})
export type IssueDraft = Static<typeof IssueDraft>

// ---- input pieces ---------------------------------------------------------------------------

const issueId = { issueId: Id(ISSUE_NOT_FOUND) }
const listFilter = {
  categoryId: Type.Optional(Id(CATEGORY_NOT_FOUND)),
  keyword: Type.Optional(Trimmed(KEYWORD_READ_MAX)),
  ...Paging,
}

/** What an issue is made of: its title, cover, and articles or page images (one of the two). */
const issueFields = {
  title: Required(ISSUE_TITLE_MISSING, TITLE_READ_MAX),
  cover: Required(COVER_MISSING, URL_READ_MAX),
  /** Text articles, 1..50. */
  articles: Type.Optional(
    Type.Array(ArticleInput, {
      maxItems: PeriodicalLimits.issueMaxArticles,
      'x-list': true,
      'x-error': TOO_MANY_ARTICLES,
    }),
  ),
  /** Page images (URLs of the caller's uploads), 1..100: each becomes an article 第N页. */
  pages: Type.Optional(
    Type.Array(Type.String({ maxLength: URL_READ_MAX, 'x-error': IMAGE_INVALID }), {
      maxItems: PeriodicalLimits.issueMaxPages,
      'x-list': true,
      'x-error': TOO_MANY_PAGES,
    }),
  ),
  /** The magazine's category (a new magazine must have one; an edit may move it). */
  categoryId: Type.Optional(Id(CATEGORY_NOT_FOUND)),
  /** The magazine's introduction (a new magazine, or an edit of it). */
  intro: Type.Optional(Trimmed(INTRO_READ_MAX)),
}

const UPLOAD_RULES =
  "`title` 1..40 characters; `cover` an image the caller uploaded through App.Common_File.Upload (its URL; missing or anything else 400 '请上传封面图片'); either `articles` (1..50 of {title 1..60, author ≤30, content 1..20000 characters split into paragraphs on line breaks, blank lines dropped, images ≤9 of the caller's uploads}) or `pages` (1..100 of the caller's uploaded images, each an article 第N页 with that image and no text), not both (400). Texts are trimmed and checked for blocked words (400 '内容包含违规词语，请修改后再提交'). The whole request is at most 1 MB."

export const magazinesApi = {
  categoryList: call({
    summary: 'Every magazine category in display order, with how many public magazines it has.',
    auth: false,
    query: { method: 'GET', name: 'User.MagazineCategory.CategoryList' },
    input: NoInput,
    answer: Type.Array(PeriodicalCategory),
  }),
  magazineList: call({
    summary:
      "Public magazines (at least one approved issue), the most recently published first (an issue's approval time), then by id. `categoryId` filters; `keyword` (trimmed, at most 50 characters, else 400 '搜索词不能超过50字') matches the name. `cover`, `issueCount` and `latestIssueTitle` count approved issues only. Pages of 1..50 (default 10).",
    auth: false,
    rest: { method: 'GET', path: '/app/magazine/findBooksMagazineAppList' },
    query: { method: 'GET', name: 'User.Magazine.MagazineList' },
    input: Type.Object(listFilter),
    answer: PageOf(MagazineSummary),
  }),
  magazineDetail: call({
    summary:
      "A magazine with its issues, newest first, and the caller's state: `collected`, `place` (the most recent place in any of its issues, or null) and `mine`. Others see its approved issues only (404 '杂志不存在' when it has none); its owner sees every issue with `reviewState` and `reviewReason`. Each issue carries `read`: the caller's read articles in it (已读 n/m).",
    auth: false,
    rest: { method: 'GET', path: '/app/magazine/findBooksMagazineDetail' },
    query: { method: 'GET', name: 'User.Magazine.MagazineDetail' },
    input: Type.Object({ id: Id(MAGAZINE_NOT_FOUND) }),
    answer: MagazineDetail,
  }),
  contents: call({
    summary:
      "An issue's head and its articles in contents order, each with `read` (the caller's sign; false for a guest). An issue that is not approved is seen only by its owner (others 404 '该期杂志不存在').",
    auth: false,
    rest: { method: 'GET', path: '/app/magazine/Books/MagazineChapter' },
    input: Type.Object(issueId),
    answer: IssueContents,
  }),
  openReading: call({
    summary:
      "Where to open an issue: the article `articleId` when given (it must be in the issue, else 404 '文章不存在'), else the caller's saved place in the issue, else its first article; with the caller's place (null for a guest or none). Guests read approved issues.",
    auth: false,
    rest: { method: 'GET', path: '/app/magazine/Books/Magazine/OpenReading' },
    input: Type.Object({ ...issueId, articleId: Type.Optional(Id(ARTICLE_NOT_FOUND)) }),
    answer: MagazineOpenRes,
  }),
  myPlace: call({
    summary:
      "The caller's most recent place in any issue of the magazine they may see, or null; 404 '杂志不存在' when they may see none of it.",
    auth: true,
    rest: { method: 'GET', path: '/app/magazine/Books/MagazinePerUser' },
    input: Type.Object({ magazineId: Id(MAGAZINE_NOT_FOUND) }),
    answer: MagazinePlaceRes,
  }),
  sign: call({
    summary:
      "The caller's read marks in an issue: a sign is made when the caller first saves a place in an article (createBooksReading) and stays. Answers the read article ids (contents order), how many were read and how many the issue has.",
    auth: true,
    rest: { method: 'GET', path: '/app/magazine/Books/MagazineSign' },
    input: Type.Object(issueId),
    answer: SignRes,
  }),
  turning: call({
    summary:
      "The article before or after `articleId`. At the ends of its issue it crosses into the adjacent issue of the same magazine (by serial) that the caller may see (the last article of the issue before, the first of the issue after); none: 404 '已经是第一篇' / '已经是最后一篇'.",
    auth: false,
    rest: { method: 'GET', path: '/app/magazine/findMagazineTurning' },
    input: Type.Object({ articleId: Id(ARTICLE_NOT_FOUND), direction: Direction }),
    answer: MagazineArticle,
  }),
  saveReading: call({
    summary:
      "Saves the caller's place in an issue (one per reader and issue; the magazine's most recent one is myPlace) and signs the article (first time only), in one transaction. The article must be in the issue (404 '文章不存在'); `paragraph` a 0-based paragraph of it (0 for an article without text), else 400 '段落位置不正确'.",
    auth: true,
    rest: { method: 'POST', path: '/app/magazine/createBooksReading' },
    input: Type.Object({
      ...issueId,
      articleId: Id(ARTICLE_NOT_FOUND),
      paragraph: Type.Integer({ minimum: 0, maximum: 999_999_999, 'x-error': PARAGRAPH_INVALID }),
    }),
    answer: MagazinePlace,
  }),
  setCollected: call({
    summary:
      "Collect (1, idempotent) or uncollect (0) a magazine. Only a public magazine can be collected (404 '杂志不存在'); uncollecting always succeeds.",
    auth: true,
    rest: { method: 'POST', path: '/app/magazine/createCollectionMagazine' },
    input: Type.Object({ id: Id(MAGAZINE_NOT_FOUND), collect: Flag() }),
    answer: CollectRes,
  }),
  collectedList: call({
    summary:
      "The caller's collected magazines that are public, newest collection first; pages of 1..50 (default 10).",
    auth: true,
    rest: { method: 'GET', path: '/app/magazine/findCollectionMagazineList' },
    input: Type.Object(Paging),
    answer: PageOf(CollectedMagazine),
  }),
  myList: call({
    summary:
      "The caller's uploaded issues, newest upload first, with their review state and reason; pages of 1..50 (default 10).",
    auth: true,
    query: { method: 'GET', name: 'User.Magazine.MyMagazineList' },
    input: Type.Object(Paging),
    answer: PageOf(MyIssue),
  }),
  myIssue: call({
    summary:
      "One of the caller's uploaded issues as the edit form loads it (texts joined back into `content`); anyone else's 403 '只能修改自己上传的内容'.",
    auth: true,
    query: { method: 'GET', name: 'User.Magazine.MyMagazineIssue' },
    input: Type.Object(issueId),
    answer: IssueDraft,
  }),
  addIssue: call({
    summary: `Uploads an issue; it waits for review (pending, seen only by the caller). With \`magazineId\` it is the next issue of a magazine the caller uploaded (anyone else's 403 '只能修改自己上传的内容'); else a new magazine: \`name\` 2..30 characters, \`categoryId\` (400 '请选择分类'), \`intro\` ≤500. ${UPLOAD_RULES} At most 10 issues a day per reader (429).`,
    auth: true,
    query: { method: 'POST', name: 'User.Magazine.AddMagazine' },
    body: 'json',
    input: Type.Object({
      magazineId: Type.Optional(Id(MAGAZINE_NOT_FOUND)),
      name: Type.Optional(Trimmed(NAME_READ_MAX)),
      ...issueFields,
    }),
    answer: MyIssue,
  }),
  updateIssue: call({
    summary: `Replaces one of the caller's issues (anyone else's 403 '只能修改自己上传的内容'): its title, cover and articles (reading places and read marks in it go), and the magazine's \`categoryId\` / \`intro\` when given. ${UPLOAD_RULES} The issue goes back to review (pending, reason cleared); images no longer used are deleted.`,
    auth: true,
    query: { method: 'POST', name: 'User.Magazine.UpdateMagazine' },
    body: 'json',
    input: Type.Object({ ...issueId, ...issueFields }),
    answer: MyIssue,
  }),
  deleteIssue: call({
    summary:
      "Deletes one of the caller's issues (anyone else's 403 '只能删除自己上传的内容') with its articles, reading places and read marks, and deletes its uploaded images that nothing else uses; a magazine left without issues goes too, with its collections.",
    auth: true,
    query: { method: 'POST', name: 'User.Magazine.DeleteMagazine' },
    input: Type.Object(issueId),
    answer: NoData,
  }),
}

export type MagazineListReq = CallInput<typeof magazinesApi.magazineList>
export type AddIssueReq = CallInput<typeof magazinesApi.addIssue>
export type UpdateIssueReq = CallInput<typeof magazinesApi.updateIssue>
export type SaveMagazineReadingReq = CallInput<typeof magazinesApi.saveReading>
