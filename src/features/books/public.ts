// What other features may use of books (the walls in eslint.config.mjs allow only this file).
export { dayLabel } from './dayLabel'
export { formatDuration } from './format'
export { detailUrl, posterTarget } from './links'
