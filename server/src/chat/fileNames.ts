import { randomBytes } from 'node:crypto'
import { fileNameOfUrl } from '../modules/common/uploadNames'

/** Chat files are served at /uploads/chat/<name> and stored as `chat-<name>`. */
export const CHAT_FILE_URL_PREFIX = '/uploads/chat/'

const NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,8}$/

export const isChatFileName = (name: string): boolean => NAME.test(name)

export const storedName = (name: string): string => `chat-${name}`

/** A new name keeping the original's extension when it is a plain one ('bin' otherwise). */
export function newChatFileName(original: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(original)
  const ext = match ? match[1].toLowerCase() : 'bin'
  return `${randomBytes(16).toString('hex')}.${ext}`
}

/** The name in a chat file URL (`/uploads/chat/<name>`, or absolute with that path), else null. */
export const chatFileNameOfUrl = (url: string): string | null =>
  fileNameOfUrl(url, CHAT_FILE_URL_PREFIX, isChatFileName)
