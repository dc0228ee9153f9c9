// What other features may use of social (the walls in eslint.config.mjs allow only this file).
export { openProfile, useOpenProfile } from './openProfile'
export { syncMessagesUnread } from './unread'
export { useMessageUnread } from './useMessageUnread'
export { setBlocked, setFollowing } from './api'
export { fetchUserDetail } from './api'
