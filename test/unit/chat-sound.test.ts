/**
 * The new-message sound (issue 30): the rule of features/chat/sound.ts, and the sound itself
 * (features/chat/appHooks.ts): destroyed after 1 s, a refused play() (AbortError) swallowed.
 */
import Taro from '@tarojs/taro'
import { CHIME_MS, chatAppHooks } from '@/features/chat/appHooks'
import { shouldChime } from '@/features/chat/sound'
import type { Message } from '@/TUIKit/engine/types'
import { MSG_AT_ALL } from '@rules/chat'

const ME = '7'

// Cast: the fields the rule reads are set; the rest of Message changes with other features.
const incoming = (over: Partial<Message> = {}): Message =>
  ({
    ID: '1-a',
    conversationID: 'C2C5',
    conversationType: 'C2C',
    sequence: 1,
    type: 'TIMTextElem',
    payload: { text: '你好' },
    from: '5',
    to: ME,
    nick: '小周',
    avatar: '',
    time: 1_700_000_000,
    isRevoked: false,
    revoker: '',
    cloudCustomData: '',
    flow: 'in',
    status: 'success',
    progress: 1,
    ...over,
  }) as Message

const group = (over: Partial<Message> = {}): Message =>
  incoming({ conversationID: 'GROUP3', conversationType: 'GROUP', to: '3', ...over })
const notified = { isMuted: false }
const muted = { isMuted: true }

describe('shouldChime', () => {
  it('one-to-one: always, muted or not, known or not', () => {
    expect(shouldChime(incoming(), notified, ME)).toBe(true)
    expect(shouldChime(incoming(), muted, ME)).toBe(true)
    expect(shouldChime(incoming(), undefined, ME)).toBe(true)
  })

  it('groups with accept-and-notify: every message (a group not yet listed counts as notified)', () => {
    expect(shouldChime(group(), notified, ME)).toBe(true)
    expect(shouldChime(group(), undefined, ME)).toBe(true)
  })

  it('groups with accept-not-notify: only an @ of the reader or @所有人', () => {
    expect(shouldChime(group(), muted, ME)).toBe(false)
    expect(shouldChime(group({ atUserList: ['9'] }), muted, ME)).toBe(false)
    expect(shouldChime(group({ atUserList: ['9', ME] }), muted, ME)).toBe(true)
    expect(shouldChime(group({ atUserList: [MSG_AT_ALL] }), muted, ME)).toBe(true)
  })

  it('system messages are silent: group tips, tip lines, system notices', () => {
    expect(shouldChime(group({ type: 'TIMGroupTipElem', payload: {} }), notified, ME)).toBe(false)
    const created = JSON.stringify({ businessID: 'group_create', text: '读者甲创建了群聊' })
    expect(
      shouldChime(group({ type: 'TIMCustomElem', payload: { data: created } }), notified, ME),
    ).toBe(false)
    const added = JSON.stringify({ businessID: 'friend_added' })
    expect(
      shouldChime(incoming({ type: 'TIMCustomElem', payload: { data: added } }), muted, ME),
    ).toBe(false)
    const notice = { type: 'TIMGroupSystemNoticeElem' } as unknown as Partial<Message>
    expect(shouldChime(group(notice), notified, ME)).toBe(false)
    const system = { conversationType: '@TIM#SYSTEM' } as unknown as Partial<Message>
    expect(shouldChime(incoming(system), notified, ME)).toBe(false)
  })

  it('other custom messages (a gift card) sound like any message', () => {
    const gift = JSON.stringify({ businessID: 'giveBook', giftId: 1 })
    expect(
      shouldChime(incoming({ type: 'TIMCustomElem', payload: { data: gift } }), muted, ME),
    ).toBe(true)
  })

  it('never for what the reader sent', () => {
    expect(shouldChime(incoming({ flow: 'out' }), notified, ME)).toBe(false)
    expect(shouldChime(group({ from: ME }), notified, ME)).toBe(false)
  })
})

describe('the sound', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function fakeAudio(play: () => unknown) {
    const audio = { src: '', play: jest.fn(play), destroy: jest.fn() }
    jest.spyOn(Taro, 'createInnerAudioContext').mockReturnValue(audio as never)
    return audio
  }

  it('plays once and is destroyed after 1 s', () => {
    const audio = fakeAudio(() => Promise.resolve())
    chatAppHooks.onIncoming?.(incoming(), undefined, ME)
    expect(audio.play).toHaveBeenCalledTimes(1)
    expect(audio.src).toMatch(/chat-tip\.wav$/)
    jest.advanceTimersByTime(CHIME_MS - 1)
    expect(audio.destroy).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(audio.destroy).toHaveBeenCalledTimes(1)
    expect(CHIME_MS).toBe(1000)
  })

  it('a refused play() (AbortError) leaves no unhandled rejection', async () => {
    const unhandled = jest.fn()
    process.on('unhandledRejection', unhandled)
    try {
      fakeAudio(() => Promise.reject(new DOMException('interrupted by pause()', 'AbortError')))
      chatAppHooks.onIncoming?.(incoming(), undefined, ME)
      jest.advanceTimersByTime(CHIME_MS)
      jest.useRealTimers()
      await new Promise((r) => setTimeout(r, 20))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  it('a play() that throws, or a muted group without an @, makes no sound and no error', () => {
    const audio = fakeAudio(() => {
      throw new Error('no audio')
    })
    expect(() => chatAppHooks.onIncoming?.(incoming(), undefined, ME)).not.toThrow()
    audio.play.mockClear()
    chatAppHooks.onIncoming?.(group(), muted as never, ME)
    expect(audio.play).not.toHaveBeenCalled()
  })
})
