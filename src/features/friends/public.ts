// What other features may use of friends (the walls in eslint.config.mjs allow only this file).
export { fetchFriendDetail, requestFriend } from './api'
