// What other features may use of annotations (the walls in eslint.config.mjs allow only this file).
export {
  bookmarkList,
  chapterNotes,
  createBookmark,
  createHighlight,
  deleteBookmark,
  deleteHighlight,
  highlightList,
  marksApi,
  shareHighlight,
  updateHighlight,
} from './api'
export { highlightSegments, type HighlightSegment } from './highlightSegments'
export { notesUrl } from './links'
export { default as NoteSheet } from './components/NoteSheet'
export { shareNote } from './shareNote'
