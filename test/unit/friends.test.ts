import { distanceText } from '@/features/friends/useNearby'
import { toggleAll, toggleOne } from '@/features/friends/useFriendPicker'
import { purposeOf, PURPOSE_MODE } from '@/features/friends/usePickPurpose'
import {
  FriendLimits,
  friendCodeOf,
  friendName,
  REMARK_TOO_LONG,
  remarkError,
  utf8Bytes,
} from '@rules/friends'

describe('friend remark', () => {
  it('counts UTF-8 bytes as the server does', () => {
    expect(utf8Bytes('abc')).toBe(3)
    expect(utf8Bytes('书友')).toBe(6)
    expect(utf8Bytes('é')).toBe(2)
    expect(utf8Bytes('📚')).toBe(4)
  })

  it('takes 32 Chinese characters (96 bytes) and refuses 33 with the spec text', () => {
    expect(remarkError('读'.repeat(32))).toBeNull()
    expect(utf8Bytes('读'.repeat(32))).toBe(FriendLimits.remarkMaxBytes)
    expect(remarkError('读'.repeat(33))).toBe(REMARK_TOO_LONG)
    expect(remarkError('a'.repeat(97))).toBe(REMARK_TOO_LONG)
  })

  it('shows a friend by my remark, else their nickname', () => {
    expect(friendName({ remark: '老王', nickname: '王五' })).toBe('老王')
    expect(friendName({ remark: '', nickname: '王五' })).toBe('王五')
    expect(friendName({ nickname: '' })).toBe('书友')
  })
})

describe('friend codes', () => {
  it('reads a code typed, or carried by a scanned link', () => {
    expect(friendCodeOf(' abcd2345 ')).toBe('ABCD2345')
    expect(
      friendCodeOf('https://read.example/pagesA/friend/addFriendByCode?code=XY7K9MNP&spid=3'),
    ).toBe('XY7K9MNP')
    expect(friendCodeOf('not a code!')).toBe('')
    expect(friendCodeOf('')).toBe('')
  })
})

describe('friend picker', () => {
  it('radio mode keeps one friend; multi toggles', () => {
    expect([...toggleOne(new Set([1]), 2, 'radio')]).toEqual([2])
    expect([...toggleOne(new Set([2]), 2, 'radio')]).toEqual([])
    expect([...toggleOne(new Set([1]), 2, 'multi')].sort()).toEqual([1, 2])
    expect([...toggleOne(new Set([1, 2]), 2, 'multi')]).toEqual([1])
  })

  it('select-all covers only the enabled rows shown, and toggles back', () => {
    const disabled = new Set([3])
    const all = toggleAll(new Set(), [1, 2, 3], disabled)
    expect([...all].sort()).toEqual([1, 2])
    expect([...toggleAll(all, [1, 2, 3], disabled)]).toEqual([])
  })

  it('knows its purpose from the route', () => {
    expect(purposeOf('group')).toBe('group')
    expect(purposeOf('invite')).toBe('invite')
    expect(purposeOf(undefined)).toBe('chat')
    expect(purposeOf('<script>')).toBe('chat')
    expect(PURPOSE_MODE.chat).toBe('radio')
    expect(PURPOSE_MODE.group).toBe('multi')
  })
})

describe('nearby distances', () => {
  it('rounds to 100 m under a kilometre, then tenths of a kilometre', () => {
    expect(distanceText(100)).toBe('100m')
    expect(distanceText(40)).toBe('100m')
    expect(distanceText(900)).toBe('900m')
    expect(distanceText(1000)).toBe('1.0km')
    expect(distanceText(12_300)).toBe('12.3km')
  })
})
