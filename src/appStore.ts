/** The app's one root store, made with the real calls; app.ts provides it to every page. */
import { getMyProfile, logout } from '@/features/account/api'
import { loadChatHooks } from '@/features/chat/loadHooks'
import { likePost } from '@/features/feed/api'
import { createRootStore } from '@/stores'

export const appStore = createRootStore({
  api: { getMyProfile, logout },
  feedApi: { likePost },
  chat: { hooks: loadChatHooks },
})
