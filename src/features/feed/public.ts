// What other features may use of feed (the walls in eslint.config.mjs allow only this file).
export { postUrl } from './links'
