import { FrameErrors } from '@api/chatFrames'
import { AppError } from '../http/errors'

/** A chat error of rules/chat.ts or chatFrames.ts ({code, text}) as an AppError. */
export const chatError = (e: { code: number; text: string }): AppError =>
  new AppError(e.code, e.text)

export const badFrame = (): AppError => chatError(FrameErrors.badFrame)

export const CHAT_WITH_SELF = '不能和自己聊天'
export const EMPTY_MESSAGE = '不能发送空白消息'
export const NOT_YOUR_MESSAGE = '只能撤回自己发送的消息'
export const ID_TAKEN = '消息ID已被使用'
