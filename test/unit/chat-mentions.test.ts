/**
 * @ mentions (issue 30, chat-spec: the group @ list is sent only for names still present in the
 * text).
 */
import { atUserListOf, AT_ALL, insertMention, type Mention } from '@/features/chat/mentions'
import { MSG_AT_ALL } from '@rules/chat'

const qi: Mention = { userID: '7', nick: '小七' }
const qiqi: Mention = { userID: '77', nick: '小七七' }
const zhou: Mention = { userID: '5', nick: '小周' }

describe('the @ list sent', () => {
  it('holds the picked people whose @name is still in the text, once each', () => {
    let text = insertMention('', qi.nick)
    text = insertMention(`${text}你好 @`, zhou.nick)
    expect(text).toBe('@小七 你好 @小周 ')
    expect(atUserListOf(text, [qi, zhou, qi])).toEqual(['7', '5'])
  })

  it('drops a name deleted from the text', () => {
    expect(atUserListOf('@小七 你好 ', [qi, zhou])).toEqual(['7'])
    expect(atUserListOf('你好', [qi, zhou])).toEqual([])
    expect(atUserListOf('@小 七', [qi])).toEqual([])
  })

  it('a shorter name inside a longer picked one does not count', () => {
    expect(atUserListOf('@小七七 晚上好', [qi, qiqi])).toEqual(['77'])
    expect(atUserListOf('@小七七 和 @小七 晚上好', [qi, qiqi])).toEqual(['7', '77'])
    // Picked alone, 小七 is in "@小七七" as typed by hand.
    expect(atUserListOf('@小七七', [qi])).toEqual(['7'])
  })

  it('@所有人 is kept while "@所有人" stays', () => {
    expect(atUserListOf('@所有人 开会了', [AT_ALL])).toEqual([MSG_AT_ALL])
    expect(atUserListOf('开会了', [AT_ALL])).toEqual([])
  })
})
