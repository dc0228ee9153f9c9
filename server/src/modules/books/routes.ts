import { Limits } from '@rules/limits'
import { booksApi } from '@api/books'
import { Answer } from '../../http/envelope'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { feedChanged } from '../feed/feedReads'
import { bookDetail, listBooks, listCategories } from './catalogue'
import { chapterBySerial, listChapters, openReading, turnChapter } from './chapters'
import { bookcase, collectedBooks, collectionCategories, setCollected } from './collections'
import { CHAPTERS_DEFAULT, CHAPTERS_MAX, LIST_MAX } from './input'
import { myProgress, saveProgress } from './progress'
import { deleteReflection, listReflections, reflectionDetail, saveReflection } from './reflections'

/** Lists of books, reflections and collections. */
const listPaging = (input: { page?: number; pageSize?: number }) =>
  paging(input, Limits.bookPageSize, LIST_MAX)

export const booksRoutes = serve(booksApi, {
  categoryList: ({ app }) => listCategories(app),
  bookList: ({ app, input }) =>
    listBooks(
      app,
      {
        classificationId: input.classificationId,
        keyword: input.keyword ?? '',
        recommend: input.recommend ?? 0,
      },
      listPaging(input),
    ),
  bookDetail: ({ app, input, caller }) => bookDetail(app, caller, input.id),
  chapterList: ({ app, input }) =>
    listChapters(app, input.booksId, paging(input, CHAPTERS_DEFAULT, CHAPTERS_MAX)),
  chapterBySerial: ({ app, input }) => chapterBySerial(app, input.booksId, input.serial),
  chapterTurning: ({ app, input }) => turnChapter(app, input),
  openReading: ({ app, input, caller }) => openReading(app, caller, input.booksId),
  myProgress: ({ app, input, caller }) => myProgress(app, caller, input.booksId),
  saveProgress: ({ app, input, caller }) => saveProgress(app, caller, input),

  reflectionList: ({ app, input, caller }) =>
    listReflections(
      app,
      caller,
      { booksId: input.booksId, mine: input.mine ?? 0 },
      listPaging(input),
    ),
  reflectionDetail: ({ app, input, caller }) => reflectionDetail(app, caller, input.id),
  saveReflection: async ({ app, input, caller }) => {
    const toFeed = input.toFeed === 1
    const saved = await saveReflection(app, caller, input.booksId, input.content ?? '', toFeed)
    if (toFeed) feedChanged(app.db)
    return new Answer(saved, toFeed ? '书评已发表，并已发到读后感' : '书评已发表')
  },
  deleteReflection: async ({ app, input, caller }) => {
    await deleteReflection(app, caller, input.id)
    return new Answer(null, '已删除')
  },

  setCollected: async ({ app, input, caller }) => {
    const res = await setCollected(app, caller, input.booksId, input.collect)
    return new Answer(res, res.collected ? '已收藏' : '已取消收藏')
  },
  bookcase: ({ app, caller, input }) => bookcase(app, caller, listPaging(input)),
  collectionCategories: ({ app, caller }) => collectionCategories(app, caller),
  collectedBooks: ({ app, caller, input }) =>
    collectedBooks(app, caller, input.classificationId, listPaging(input)),
})
