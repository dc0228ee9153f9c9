import Taro from '@tarojs/taro'
import { pageUrl, Route } from '@/core/routes'

export const chatUrl = (conversationID: string): string => pageUrl(Route.chat, { conversationID })

export function openConversation(conversationID: string): void {
  void Taro.navigateTo({ url: chatUrl(conversationID) })
}

/** "发消息" on a profile: the one-to-one conversation with that reader (made on first use). */
export function openChatWith(userId: number | string): void {
  openConversation(`C2C${userId}`)
}
