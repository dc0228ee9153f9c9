// What other features may use of search (the walls in eslint.config.mjs allow only this file).
export { deviceStoreAt, useRecentSearches, type RecentStore } from './recent'
export { default as RecentSearches } from './components/RecentSearches'
