/** The video search page's recent searches: on this device, apart from the book search's. */
import { deviceStoreAt } from '@/features/search/public'

export const VIDEO_RECENT_KEY = 'video_search_history'
export const videoRecentStore = deviceStoreAt(VIDEO_RECENT_KEY)
