/** Messages and page sizes of the books calls (declared with the contract in types/api/books.ts). */
export {
  AUDIO_POSITION_INVALID,
  BOOK_NOT_FOUND,
  CATEGORY_NOT_FOUND,
  CHAPTER_NOT_FOUND,
  KEYWORD_MAX_CHARS,
  KEYWORD_TOO_LONG,
  PARAGRAPH_INVALID,
  REFLECTION_NOT_FOUND,
} from '@api/books'
export type { Paging } from '../../http/paging'

/** Lists of books and reflections: 1..50 a page (default Limits.bookPageSize). */
export const LIST_MAX = 50
/** Chapters: 1..500 a page (default 100). */
export const CHAPTERS_DEFAULT = 100
export const CHAPTERS_MAX = 500
