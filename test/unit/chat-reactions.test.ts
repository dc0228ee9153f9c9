/** The reaction rules of rules/chatReactions.ts: keys, the per-message limit, labels, own taps. */
import {
  applyOwnChange,
  BASIC_EMOJI_PAIRS,
  chipAction,
  isReactionID,
  mayReactTo,
  reactionChar,
  reactionLabel,
  ReactionErrors,
  ReactionLimits,
  withinReactionLimit,
  type ReactionState,
} from '@rules/chatReactions'
import { BASIC_EMOJI } from '@/features/chat/emoji'
import { reactionFailureText } from '@/features/chat/useReactions'

const me = { userID: '7', nick: '读者甲', avatar: '' }
const other = { userID: '8', nick: '读者乙', avatar: '' }

describe('reaction keys', () => {
  test('are the 62 names of the basic emoji set, the same list the input draws', () => {
    expect(BASIC_EMOJI_PAIRS).toHaveLength(62)
    expect(BASIC_EMOJI.map((e) => e.name)).toEqual(BASIC_EMOJI_PAIRS.map(([name]) => name))
    expect(isReactionID('强')).toBe(true)
    expect(isReactionID('火箭')).toBe(false)
    expect(isReactionID('')).toBe(false)
    expect(reactionChar('强')).toBe('👍')
    expect(reactionChar('火箭')).toBe('')
  })
})

describe('which messages take reactions', () => {
  const text = { type: 'TIMTextElem', payload: { text: '你好' } }
  test('sent messages do; revoked ones, tips, the creation notice and unsent ones do not', () => {
    expect(mayReactTo(text)).toBe(true)
    expect(mayReactTo({ ...text, status: 'success' })).toBe(true)
    expect(mayReactTo({ ...text, status: 'unSend' })).toBe(false)
    expect(mayReactTo({ ...text, status: 'fail' })).toBe(false)
    expect(mayReactTo({ ...text, isRevoked: true })).toBe(false)
    expect(mayReactTo({ type: 'TIMGroupTipElem', payload: {} })).toBe(false)
    const created = { type: 'TIMCustomElem', payload: { description: 'group_create' } }
    expect(mayReactTo(created)).toBe(false)
    expect(mayReactTo({ type: 'TIMCustomElem', payload: { description: 'giveBook' } })).toBe(true)
  })
})

describe('the per-message limit', () => {
  const ten = BASIC_EMOJI_PAIRS.slice(0, 10).map(([name]) => name)
  test('10 different emoji; the 11th is refused, one already there still fits', () => {
    expect(ReactionLimits.perMessage).toBe(10)
    expect(withinReactionLimit(ten.slice(0, 9), ten[9])).toBe(true)
    expect(withinReactionLimit(ten, '庆祝')).toBe(false)
    expect(withinReactionLimit(ten, ten[4])).toBe(true)
    expect(withinReactionLimit([], '强')).toBe(true)
  })
  test('its refusal shows the spec text whatever the message', () => {
    expect(ReactionErrors.tooMany.text).toBe('已达到表情回应上限数量')
    expect(reactionFailureText({ code: ReactionErrors.tooMany.code, message: 'x' })).toBe(
      '已达到表情回应上限数量',
    )
    expect(reactionFailureText({ code: 404, message: '该消息不存在' })).toBe('该消息不存在')
  })
})

describe('chips', () => {
  test('are named with the emoji, the count and what a tap does', () => {
    expect(reactionLabel('强', 2, true)).toBe('强，2人，已回应')
    expect(reactionLabel('爱心', 1, false)).toBe('爱心，1人，点按回应')
    expect(chipAction(true)).toBe('remove')
    expect(chipAction(false)).toBe('add')
  })
})

describe("the reader's own change, applied at once", () => {
  const thumbs: ReactionState = {
    reactionID: '强',
    totalUserCount: 1,
    partialUserList: [other],
    reactedByMyself: false,
  }
  test('joining a reaction counts one more and names the reader', () => {
    const [r] = applyOwnChange([thumbs], '强', 'add', me)
    expect(r).toEqual({
      reactionID: '强',
      totalUserCount: 2,
      partialUserList: [other, me],
      reactedByMyself: true,
    })
  })
  test("a new emoji comes last; adding one's own twice changes nothing", () => {
    const once = applyOwnChange([thumbs], '爱心', 'add', me)
    expect(once.map((r) => [r.reactionID, r.totalUserCount, r.reactedByMyself])).toEqual([
      ['强', 1, false],
      ['爱心', 1, true],
    ])
    expect(applyOwnChange(once, '爱心', 'add', me)).toEqual(once)
  })
  test('taking back removes the name, and the emoji when nobody is left', () => {
    const mine = applyOwnChange([thumbs], '爱心', 'add', me)
    expect(applyOwnChange(mine, '爱心', 'remove', me)).toEqual([thumbs])
    const both = applyOwnChange([thumbs], '强', 'add', me)
    expect(applyOwnChange(both, '强', 'remove', me)).toEqual([thumbs])
    // Not the reader's: nothing to take back.
    expect(applyOwnChange([thumbs], '强', 'remove', me)).toEqual([thumbs])
  })
})
