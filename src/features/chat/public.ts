// What other features may use of chat (the walls in eslint.config.mjs allow only this file).
export { chatUrl, openChatWith, openConversation, openCreatedChat } from './openChat'
export { FRIEND_REQUESTS_SOURCE } from './useFriendCounts'
