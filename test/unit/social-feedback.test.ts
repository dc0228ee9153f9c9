import { BLOCKED_TEXT_MESSAGE } from '@rules/moderation'
import {
  checkContact,
  checkFeedbackText,
  feedbackStatusLabel,
  feedbackTypeLabel,
  FeedbackText,
  complaintName,
  complaintQuery,
  complaintTargetText,
  parseComplaintTarget,
} from '@/features/social/feedback'

describe('checkFeedbackText', () => {
  it('requires text for a suggestion', () => {
    expect(checkFeedbackText('', true)).toBe('请输入反馈内容')
    expect(checkFeedbackText('  \n ', true)).toBe('请输入反馈内容')
  })
  it('lets a complaint go without a description', () => {
    expect(checkFeedbackText('   ', false)).toBeNull()
  })
  it('counts characters, not UTF-16 units, after trimming', () => {
    expect(checkFeedbackText('好'.repeat(500), true)).toBeNull()
    expect(checkFeedbackText(`  ${'😀'.repeat(500)}  `, true)).toBeNull()
    expect(checkFeedbackText('好'.repeat(501), true)).toBe(FeedbackText.contentTooLong)
    expect(FeedbackText.contentTooLong).toBe('内容不能超过500字')
  })
  it('refuses blocked words', () => {
    expect(checkFeedbackText('这里有 六 合 彩', true)).toBe(BLOCKED_TEXT_MESSAGE)
    expect(checkFeedbackText('六合彩', false)).toBe(BLOCKED_TEXT_MESSAGE)
  })
  it('accepts ordinary text', () => {
    expect(checkFeedbackText('希望增加夜间模式', true)).toBeNull()
  })
})

describe('checkContact', () => {
  it('is optional', () => {
    expect(checkContact('')).toBeNull()
    expect(checkContact('  ')).toBeNull()
  })
  it('accepts a phone number or an e-mail address', () => {
    expect(checkContact('13800138000')).toBeNull()
    expect(checkContact(' reader@example.com ')).toBeNull()
  })
  it('refuses anything else', () => {
    expect(checkContact('12345')).toBe('请输入正确的手机号或邮箱')
    expect(checkContact('reader@')).toBe('请输入正确的手机号或邮箱')
  })
})

describe('parseComplaintTarget', () => {
  it('reads a user, post or comment', () => {
    expect(parseComplaintTarget({ targetType: 'user', targetId: '5' })).toEqual({
      targetType: 'user',
      targetId: 5,
      name: '',
    })
    expect(parseComplaintTarget({ targetType: 'post', targetId: '12' })?.targetType).toBe('post')
    expect(parseComplaintTarget({ targetType: 'comment', targetId: '3' })?.targetId).toBe(3)
  })
  it('reads the name it is shown by, decoded and cut to one short line', () => {
    const sent = encodeURIComponent('书友 小林')
    expect(parseComplaintTarget({ targetType: 'user', targetId: '5', name: sent })?.name).toBe(
      '书友 小林',
    )
    expect(parseComplaintTarget({ targetType: 'post', targetId: '5', name: '100%' })?.name).toBe(
      '100%',
    )
    const long = parseComplaintTarget({ targetType: 'post', targetId: '5', name: '读'.repeat(40) })
    expect(long?.name).toBe(`${'读'.repeat(16)}…`)
  })
  it.each([
    [{}],
    [{ targetType: 'group', targetId: '1' }],
    [{ targetType: 'user' }],
    [{ targetType: 'user', targetId: '0' }],
    [{ targetType: 'user', targetId: '-2' }],
    [{ targetType: 'user', targetId: '1.5' }],
    [{ targetType: 'user', targetId: 'abc' }],
  ])('refuses %j', (params) => {
    expect(parseComplaintTarget(params)).toBeNull()
  })
})

describe('labels', () => {
  it('names types and statuses', () => {
    expect(feedbackTypeLabel('suggestion')).toBe('建议')
    expect(feedbackTypeLabel('complaint')).toBe('投诉')
    expect(feedbackStatusLabel(0)).toBe('已受理')
    expect(feedbackStatusLabel(1)).toBe('已处理')
  })
})

describe('the complaint target in words', () => {
  it('names the kind, and what it is when known, never the id', () => {
    expect(complaintTargetText({ targetType: 'user', targetId: 12, name: '书友小林' })).toBe(
      '用户“书友小林”',
    )
    expect(complaintTargetText({ targetType: 'post', targetId: 12, name: '' })).toBe('读后感')
    expect(complaintTargetText({ targetType: 'comment', targetId: 12, name: '写得好' })).toBe(
      '评论“写得好”',
    )
  })
  it("takes a text's first words on one line", () => {
    expect(complaintName('  今天\n读完了  《论语》  ')).toBe('今天 读完了 《论语》')
    expect(complaintName('😀'.repeat(17))).toBe(`${'😀'.repeat(16)}…`)
    expect(complaintName(undefined)).toBe('')
  })
  it('builds the query the complaint page opens with', () => {
    expect(complaintQuery('post', 5, '')).toEqual({
      targetType: 'post',
      targetId: 5,
      name: undefined,
    })
    expect(complaintQuery('user', 2, '书友小林').name).toBe('书友小林')
  })
})
