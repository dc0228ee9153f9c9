import { Limits } from '@rules/limits'
import { callerOf, type CallContext } from '../../http/call'
import type { QueryRoute } from '../../http/dispatcher'
import { Answer } from '../../http/envelope'
import { badRequest } from '../../http/errors'
import type { Params } from '../../http/params'
import type { RestRoute } from '../../http/rest'
import { bookDetail, listBooks, listCategories } from './catalogue'
import { chapterBySerial, listChapters, openReading, turnChapter } from './chapters'
import { bookcase, collectedBooks, collectionCategories, setCollected } from './collections'
import {
  BOOK_NOT_FOUND,
  readAudioSeconds,
  readBookId,
  readCategoryId,
  readDirection,
  readFlag,
  readKeyword,
  readPaging,
  readParagraph,
  readSerial,
} from './input'
import { myProgress, saveProgress } from './progress'
import {
  deleteReflection,
  listReflections,
  REFLECTION_NOT_FOUND,
  reflectionDetail,
  saveReflection,
} from './reflections'

export { registerBookAudio } from './audio'

/** Page sizes: lists of books and reflections 1..50 (default 10), chapters 1..500 (default 100). */
const LIST_MAX = 50
const CHAPTERS_DEFAULT = 100
const CHAPTERS_MAX = 500

const listPaging = (params: Params) => readPaging(params, Limits.bookPageSize, LIST_MAX)

// ---- handlers: both call styles share them ------------------------------------------------

const bookList = ({ app, params }: CallContext) =>
  listBooks(
    app,
    {
      classificationId: readCategoryId(params),
      keyword: readKeyword(params),
      recommend: readFlag(params, 'recommend'),
    },
    listPaging(params),
  )

const detail = ({ app, params, caller }: CallContext) =>
  bookDetail(app, caller, params.id('id', BOOK_NOT_FOUND))

const saveReadingProgress = (call: CallContext) =>
  saveProgress(call.app, callerOf(call), {
    booksId: readBookId(call.params),
    serial: readSerial(call.params),
    paragraph: readParagraph(call.params),
    audioSeconds: readAudioSeconds(call.params),
  })

function readCollect(params: Params): 0 | 1 {
  const value = params.trimmed('collect', 8)
  if (value === '1') return 1
  if (value === '0') return 0
  throw badRequest('参数 collect 格式错误')
}

const get = (url: string, auth: boolean, handler: RestRoute['handler']): RestRoute => ({
  method: 'GET',
  url,
  auth,
  handler,
})

export const booksQueryRoutes: QueryRoute[] = [
  { name: 'App.BookInfo.GetBookDetail', method: 'POST', auth: false, handler: detail },
  {
    name: 'App.BookInfo.CreateReadingProgress',
    method: 'POST',
    auth: true,
    handler: saveReadingProgress,
  },
  { name: 'App.BookInfo.BookList', method: 'GET', auth: false, handler: bookList },
]

export const booksRestRoutes: RestRoute[] = [
  // ---- catalogue and reading ----
  get('/api/books/findBooksClassificationAppList', false, ({ app }) => listCategories(app)),
  get('/api/books/findBooksInfoAppList', false, bookList),
  get('/api/books/findBooksInfoAppDetail', false, detail),
  get('/api/books/findBooksChapterApp', false, ({ app, params }) =>
    listChapters(app, readBookId(params), readPaging(params, CHAPTERS_DEFAULT, CHAPTERS_MAX)),
  ),
  get('/api/books/findBooksMagazineOpenReading', false, ({ app, params, caller }) =>
    openReading(app, caller, readBookId(params)),
  ),
  get('/api/books/findBooksInfoPerUser', true, (call) =>
    myProgress(call.app, callerOf(call), readBookId(call.params)),
  ),
  get('/api/books/findChapterByChapterSerialDetails', false, ({ app, params }) =>
    chapterBySerial(app, readBookId(params), readSerial(params)),
  ),
  get('/api/books/findBooksChapterTurning', false, ({ app, params }) =>
    turnChapter(app, {
      booksId: readBookId(params),
      serial: readSerial(params),
      direction: readDirection(params),
    }),
  ),
  {
    method: 'POST',
    url: '/api/books/createBooksInfoReading',
    auth: true,
    handler: saveReadingProgress,
  },

  // ---- reflections (读后感) ----
  get('/api/books/findReadingTestimonialsAppList', false, ({ app, params, caller }) =>
    listReflections(
      app,
      caller,
      {
        booksId: params.trimmed('booksId', 20) === '' ? undefined : readBookId(params),
        mine: readFlag(params, 'mine'),
      },
      listPaging(params),
    ),
  ),
  get('/api/books/findReadingTestimonialsAppDetail', false, ({ app, params, caller }) =>
    reflectionDetail(app, caller, params.id('id', REFLECTION_NOT_FOUND)),
  ),
  {
    method: 'POST',
    url: '/api/books/saveReadingTestimonialsApp',
    auth: true,
    handler: async (call) => {
      const bookId = readBookId(call.params)
      const content = call.params.text('content', 20_000)
      return new Answer(await saveReflection(call.app, callerOf(call), bookId, content), '发表成功')
    },
  },
  {
    method: 'DELETE',
    url: '/api/books/delReadingTestimonialsApp',
    auth: true,
    handler: async (call) => {
      await deleteReflection(call.app, callerOf(call), call.params.id('id', REFLECTION_NOT_FOUND))
      return new Answer(null, '已删除')
    },
  },

  // ---- collections and bookcase ----
  {
    method: 'POST',
    url: '/api/collectionBooks/createCollectionBooksApp',
    auth: true,
    handler: async (call) => {
      const bookId = readBookId(call.params)
      const collect = readCollect(call.params)
      const res = await setCollected(call.app, callerOf(call), bookId, collect)
      return new Answer(res, res.collected ? '已收藏' : '已取消收藏')
    },
  },
  get('/api/collectionBooks/findReadingBooksApp', true, (call) =>
    bookcase(call.app, callerOf(call), listPaging(call.params)),
  ),
  get('/api/collectionBooks/findCollectionBooksClassificationAppList', true, (call) =>
    collectionCategories(call.app, callerOf(call)),
  ),
  get('/api/collectionBooks/findCollectionBooksAppList', true, (call) =>
    collectedBooks(call.app, callerOf(call), readCategoryId(call.params), listPaging(call.params)),
  ),
]
