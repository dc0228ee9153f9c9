// What other features may use of stats (the walls in eslint.config.mjs allow only this file).
export { reportDuration, type ReadingTarget } from './api'
export { useReadingClock } from './useReadingClock'
