// What other features may use of stats (the walls in eslint.config.mjs allow only this file).
export { reportDuration } from './api'
