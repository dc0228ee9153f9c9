/**
 * Every chat error code has its own text (chat-spec section 8, issue 30): an individually muted
 * member, mute-all, a removed member, a disbanded group and @所有人 each read as themselves, and
 * codes shared by several situations (a bare 403) show the server's message.
 */
import { chatErrorText } from '@/features/chat/errors'
import { ChatErrors } from '@rules/chat'

const CASES: [code: number, text: string][] = [
  [10017, '您已被管理员禁言'],
  [10117, '管理员开启全员禁言'],
  [10007, '您已被移出群聊'],
  [10010, '该群聊已解散'],
  [10107, '仅群主和管理员可以@所有人'],
  [20007, '对方已将你拉黑，消息发送失败'],
  [3123, '文本中包含本地审核拦截词'],
  [4004, '图片消息失败,无效的图片格式'],
  [4005, '文件消息失败,禁止发送违规封禁的文件'],
  [7004, '文件不存在,请检查文件路径是否正确'],
  [7005, '文件大小超出了限制,如果上传文件,最大限制是100MB'],
  [8001, '消息长度超出限制,消息长度不要超过12K'],
  [20016, '已过撤回时限'],
  [80001, '消息或者资料中文本存在敏感内容,发送失败'],
  [80004, '消息中图片存在敏感内容,发送失败'],
  [429, '发送太频繁，请稍后再试'],
  [20009, '对方回复之前，最多只能发送3条消息'],
]

describe('chat error texts, one per code', () => {
  it.each(CASES)('%i → %s', (code, text) => {
    expect(chatErrorText({ code, message: 'the server said something else' })).toBe(text)
  })

  it('no two situations of ChatErrors share a code', () => {
    const codes = Object.values(ChatErrors).map((e) => e.code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('each entry of ChatErrors, also ones added later, reads as its own text', () => {
    for (const e of Object.values(ChatErrors)) expect(chatErrorText({ code: e.code })).toBe(e.text)
  })

  it('a 403 (a code several refusals share) shows the server message, not the @所有人 text', () => {
    expect(chatErrorText({ code: 403, message: '只能撤回自己发送的消息' })).toBe(
      '只能撤回自己发送的消息',
    )
  })

  it('an unknown code shows the message; nothing at all is a network error', () => {
    expect(chatErrorText({ code: 1, message: '自有的话' })).toBe('自有的话')
    expect(chatErrorText({ code: 1, message: '' })).toBe('网络异常，请重试')
    expect(chatErrorText(undefined)).toBe('网络异常，请重试')
  })
})
