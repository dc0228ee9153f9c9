/**
 * The annotations calls (issue 13, /api/booksNotes: bookmarks, highlights and notes), one function
 * each, sent through the refs generated from types/api/annotations.ts. All are the signed-in
 * reader's own.
 */
import * as annotationsCalls from '@/types/api/calls/annotations.gen'
import type {
  Bookmark,
  ChapterNotes,
  CreateBookmarkReq,
  CreateHighlightReq,
  Highlight,
  HighlightListReq,
  ShareHighlightReq,
  UpdateHighlightReq,
} from '@/types/api/annotations'
import type { Page } from '@/types/api/envelope'
import type { Post } from '@/types/api/feed'
import { call } from '@/core/request'

// ---- the reader -----------------------------------------------------------

/** My bookmarks and highlights in one chapter, in text order. */
export const chapterNotes = (booksId: number, serial: number): Promise<ChapterNotes> =>
  call(annotationsCalls.chapterNotes.rest, { booksId, serial })

// ---- bookmarks ------------------------------------------------------------

/** My bookmarks in a book, by chapter and paragraph. */
export const bookmarkList = (booksId: number): Promise<Bookmark[]> =>
  call(annotationsCalls.bookmarkList.rest, { booksId })

/** A bookmark at a paragraph (the one there already, if any). */
export const createBookmark = (req: CreateBookmarkReq): Promise<Bookmark> =>
  call(annotationsCalls.createBookmark.rest, req)

export const deleteBookmark = async (id: number): Promise<void> => {
  await call(annotationsCalls.deleteBookmark.rest, { id })
}

// ---- highlights and notes -------------------------------------------------

/** One book's highlights in text order (`booksId`), or all across books, most recent first. */
export const highlightList = (req: HighlightListReq): Promise<Page<Highlight>> =>
  call(annotationsCalls.highlightList.rest, req)

export const createHighlight = (req: CreateHighlightReq): Promise<Highlight> =>
  call(annotationsCalls.createHighlight.rest, req)

/** A new colour and/or note ('' clears the note). */
export const updateHighlight = (req: UpdateHighlightReq): Promise<Highlight> =>
  call(annotationsCalls.updateHighlight.rest, req)

export const deleteHighlight = async (id: number): Promise<void> => {
  await call(annotationsCalls.deleteHighlight.rest, { id })
}

/** Posts the highlight and its note to the feed (读后感); again: the same post. */
export const shareHighlight = (req: ShareHighlightReq): Promise<Post> =>
  call(annotationsCalls.shareHighlight.rest, req)

/** The calls the reader's marks store makes (ReaderMarks' MarksApi). */
export const marksApi = {
  chapterNotes,
  bookmarkList,
  createBookmark,
  deleteBookmark,
  createHighlight,
  updateHighlight,
  deleteHighlight,
}
