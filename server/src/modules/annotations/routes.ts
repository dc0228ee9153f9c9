import { annotationsApi } from '@api/annotations'
import { Answer } from '../../http/envelope'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { feedChanged } from '../feed/feedReads'
import { bookmarkList, createBookmark, deleteBookmark } from './bookmarks'
import { chapterNotes } from './chapter'
import {
  createHighlight,
  deleteHighlight,
  highlightCount,
  highlightList,
  updateHighlight,
} from './highlights'
import { shareHighlight } from './share'

/** Highlight lists: 20 a page by default, at most 100. */
const HIGHLIGHT_PAGE_SIZE = 20
const HIGHLIGHT_PAGE_MAX = 100

const placeOf = (input: { booksId: number; serial: number; paragraph: number }) => ({
  bookId: input.booksId,
  serial: input.serial,
  paragraph: input.paragraph,
})

export const annotationsRoutes = serve(annotationsApi, {
  chapterNotes: ({ app, input, caller }) => chapterNotes(app, caller, input.booksId, input.serial),

  // ---- bookmarks ----
  bookmarkList: ({ app, input, caller }) => bookmarkList(app, caller, input.booksId),
  createBookmark: async ({ app, input, caller }) =>
    new Answer(await createBookmark(app, caller, placeOf(input)), '已添加书签'),
  deleteBookmark: async ({ app, input, caller }) => {
    await deleteBookmark(app, caller, input.id)
    return new Answer(null, '已删除书签')
  },

  // ---- highlights and notes ----
  highlightList: ({ app, input, caller }) =>
    highlightList(
      app,
      caller,
      { bookId: input.booksId },
      paging(input, HIGHLIGHT_PAGE_SIZE, HIGHLIGHT_PAGE_MAX),
    ),
  highlightCount: ({ app, caller }) => highlightCount(app, caller),
  createHighlight: async ({ app, input, caller }) =>
    new Answer(await createHighlight(app, caller, input), '已划线'),
  updateHighlight: async ({ app, input, caller }) =>
    new Answer(await updateHighlight(app, caller, input), '已保存'),
  deleteHighlight: async ({ app, input, caller }) => {
    await deleteHighlight(app, caller, input.id)
    return new Answer(null, '已删除')
  },
  shareHighlight: async ({ app, input, caller }) => {
    const post = await shareHighlight(app, caller, input.id, input.content ?? '')
    // A new post (or one taken back) changes the feed's kept reads.
    feedChanged(app.db)
    return new Answer(post, '已分享到读后感')
  },
})
