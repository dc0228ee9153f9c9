import { textLength } from '@rules/validate'
import { Limits } from '@rules/limits'
import { BLOCKED_TEXT_MESSAGE, findBlockedWords } from '@rules/moderation'

/** What the server would refuse in a new post, said before sending. Pure. */
export function checkPost(content: string, imageCount: number): string | null {
  const text = content.trim()
  if (!text && imageCount === 0) return '请输入内容或添加图片'
  if (textLength(text) > Limits.postMaxChars) return `内容不能超过${Limits.postMaxChars}字`
  if (imageCount > Limits.postMaxImages) return `最多上传${Limits.postMaxImages}张图片`
  if (findBlockedWords(text).length) return BLOCKED_TEXT_MESSAGE
  return null
}
