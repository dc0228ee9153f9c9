/**
 * The local blocked-word check (app-spec section 5: "Local moderation-blocked words reject text").
 * Pure: the client checks before sending, the server checks again. The list is deliberately short
 * and obvious; the server-side moderation call is where a real provider plugs in.
 */
const BLOCKED_WORDS = [
  '法轮功',
  '六合彩',
  '赌博网站',
  '代开发票',
  '办理假证',
  '枪支弹药',
  '毒品交易',
  '色情服务',
  '裸聊',
  '刷单兼职',
]

/** Folds full-width forms and spacing so 'ｘ Ｙ' and 'xy' match alike. */
function normalise(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000·.。,，_\-*]/g, '')
    .toLowerCase()
}

export function findBlockedWords(text: string): string[] {
  const folded = normalise(text)
  return BLOCKED_WORDS.filter((word) => folded.includes(normalise(word)))
}

export const BLOCKED_TEXT_MESSAGE = '内容包含违规词语，请修改后再提交'
