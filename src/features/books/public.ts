// What other features may use of books (the walls in eslint.config.mjs allow only this file).
export { dayLabel } from './dayLabel'
export { formatDuration } from './format'
export { detailUrl, posterTarget } from './links'
export { ReadingTimer } from './readingTimer'
export { justifies } from './readerPrefs'
export { useReaderPrefs } from './reader/useReaderPrefs'
export type { MenuPrefs } from './reader/ReaderMenu'
export { leaveReader } from './reader/leave'
