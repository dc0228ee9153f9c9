import Taro from '@tarojs/taro'
import { pageUrl, Route } from '@/core/routes'

export const chatUrl = (conversationID: string): string => pageUrl(Route.chat, { conversationID })

export function openConversation(conversationID: string): void {
  void Taro.navigateTo({ url: chatUrl(conversationID) })
}

/**
 * A chat just created (a new group, or a chat started from the friend picker): the conversation
 * list is relaunched under it, so 返回 from the chat leads there, not back into the picker.
 */
export async function openCreatedChat(conversationID: string): Promise<void> {
  await Taro.reLaunch({ url: pageUrl(Route.friend) })
  await Taro.navigateTo({ url: chatUrl(conversationID) })
}

/** "发消息" on a profile: the one-to-one conversation with that reader (made on first use). */
export function openChatWith(userId: number | string): void {
  openConversation(`C2C${userId}`)
}
