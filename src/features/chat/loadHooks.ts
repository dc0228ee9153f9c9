import type { ChatHooks } from '@/stores/ChatStore'
import { chatAppHooks } from './appHooks'

/** The mini-program has them at hand (loadHooks.h5.ts loads them on first use on H5). */
export const loadChatHooks = (): Promise<ChatHooks> => Promise.resolve(chatAppHooks)
