// What other features may use of friends (the walls in eslint.config.mjs allow only this file).
export { default as FriendsMenu } from './components/FriendsMenu'
export { FRIEND_REQUESTS_SOURCE, useFriendCounts } from './useFriendCounts'
export { fetchFriendDetail, requestFriend } from './api'
