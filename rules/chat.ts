/**
 * Chat rules shared by the app and the server (chat-spec sections 4, 5, 8 and 9). Pure.
 */

/** Chat-spec section 9. */
export const ChatLimits = {
  /** getUserStatus: users a call (a page of conversation rows). */
  userStatusMax: 100,
  /** The conversation list asks its peers' online status again this often while shown. */
  onlineStatusRefreshMs: 30_000,
  /** Text messages: 12K characters (8001). */
  textMaxChars: 12 * 1024,
  /** Files, videos and audio: 100 MB (7005). */
  fileMaxBytes: 100 * 1024 * 1024,
  /** History page. */
  messagePageSize: 15,
  /** A catch-up answers at most this many messages per conversation; beyond it the client reloads. */
  syncMaxPerConversation: 200,
  /** A sent message can be revoked this long (Tencent IM's default: 2 minutes). */
  revokeWindowSec: 120,
  /** Timestamp divider gap. */
  timestampGapSec: 600,
  /** Long press on a conversation row. */
  longPressMs: 300,
  /** Long press on a message: its menu (chat-spec section 9: 500 ms, multi-select). */
  messageLongPressMs: 500,
  blinkMs: 3000,
  videoMaxSec: 60,
  recordMinMs: 1000,
  recordMaxMs: 60_000,
  recordSendSwipePx: 50,
  recordCancelSwipePx: 150,
  audioPxPerSecond: 5,
  imageThumbMaxPx: 155,
  /** Scroll-to-latest button beyond this many screens from the bottom. */
  scrollButtonScreens: 2,
  /** Longest message ID a client may choose. */
  messageIdMaxChars: 64,
  /** Longest custom-message data (JSON text). */
  customDataMaxChars: 16 * 1024,
  /** A draft is stored up to this many characters. */
  draftMaxChars: 12 * 1024,
  /** At most this many user IDs in a text message's atUserList. */
  atUserMax: 100,
  /**
   * What one reader may send, C2C and groups together (issue 29): a fast typist, a burst of
   * stickers among friends or forwarding a few long messages stays well under each. A text is at
   * most 12K characters (about 36 KB in Chinese), a quote's cloud data at most 16K more.
   */
  sendRates: [
    { max: 20, windowMs: 10_000 },
    { max: 300, windowMs: 10 * 60_000 },
  ],
  /** Payload bytes (payload and cloud data as UTF-8 JSON) one reader may send per window. */
  sendByteBudgets: [
    { max: 256 * 1024, windowMs: 10_000 },
    { max: 4 * 1024 * 1024, windowMs: 10 * 60_000 },
  ],
  /** C2C messages to someone who is not a book friend before they answer (WeChat's greeting). */
  strangerMaxMessages: 3,
  /** A merged forward (合并转发) carries at most this many messages. */
  mergeMaxMessages: 100,
  /** A merged message's card: its abstract lines (chat-spec: up to 7) and their length. */
  mergeAbstractMaxLines: 7,
  mergeAbstractLineMaxChars: 100,
  /** A merged message's title (「A和B的聊天记录」) and compatible text. */
  mergeTitleMaxChars: 100,
} as const

/** The atUserList entry meaning @所有人 (the SDK's TIM.TYPES.MSG_AT_ALL, its spelling). */
export const MSG_AT_ALL = '__kImSDK_MesssageAtALL__'

/** groupAtInfoList's atTypeArray values (the SDK's TIM.TYPES.CONV_AT_ME / CONV_AT_ALL). */
export const GroupAtType = { atMe: 1, atAll: 2 } as const

/**
 * A group tip's operationType (the SDK's TIM.TYPES.GRP_TIP_*). `disbanded` (255) is ours: Tencent
 * tells members of a disbanded group with a system notice instead of a tip.
 */
export const GroupTipOperation = {
  join: 1,
  quit: 2,
  kicked: 3,
  setAdmin: 4,
  cancelAdmin: 5,
  profileUpdated: 6,
  memberMuted: 7,
  disbanded: 255,
} as const

/**
 * Chat error codes with their texts (chat-spec section 8): one code per situation, so the app
 * maps each code to one text (features/chat/errors.ts).
 */
export const ChatErrors = {
  /** The member is muted (Tencent's 10017). */
  muted: { code: 10017, text: '您已被管理员禁言' },
  /**
   * The group's mute-all is on and the sender is neither owner nor admin. The code is ours:
   * Tencent answers 10017 here too, and the app shows this text from the group's state instead.
   */
  mutedAll: { code: 10117, text: '管理员开启全员禁言' },
  /** Not (or no longer) a member of the group (Tencent's 10007). */
  removed: { code: 10007, text: '您已被移出群聊' },
  /** The group was disbanded (Tencent's 10010: the group does not exist or was disbanded). */
  groupGone: { code: 10010, text: '该群聊已解散' },
  /** A plain member tried @所有人. The code is ours (Tencent has no such refusal). */
  atAllRefused: { code: 10107, text: '仅群主和管理员可以@所有人' },
  blocked: { code: 20007, text: '对方已将你拉黑，消息发送失败' },
  blockedWords: { code: 3123, text: '文本中包含本地审核拦截词' },
  badImage: { code: 4004, text: '图片消息失败,无效的图片格式' },
  badFile: { code: 4005, text: '文件消息失败,禁止发送违规封禁的文件' },
  noFile: { code: 7004, text: '文件不存在,请检查文件路径是否正确' },
  fileTooBig: { code: 7005, text: '文件大小超出了限制,如果上传文件,最大限制是100MB' },
  tooLong: { code: 8001, text: '消息长度超出限制,消息长度不要超过12K' },
  revokeTooLate: { code: 20016, text: '已过撤回时限' },
  sensitive: { code: 80001, text: '消息或者资料中文本存在敏感内容,发送失败' },
  sensitiveImage: { code: 80004, text: '消息中图片存在敏感内容,发送失败' },
  /** Over a send rate or byte budget of ChatLimits; the same code and text as a full frame queue. */
  sendTooFast: { code: 429, text: '发送太频繁，请稍后再试' },
  /**
   * A reader whose users.im_status is not 1 (chat-spec section 5): the app hides the input with
   * this text and the server refuses what the input does. The code is ours (Tencent has none).
   */
  noPermission: { code: 10403, text: '您暂无权限使用此功能' },
  /** The server's online status is off (CHAT_ONLINE_STATUS=off; Tencent: a plan without it). */
  onlineStatusOff: { code: 72001, text: '在线状态功能未开通' },
  /** To someone who is not a book friend: ChatLimits.strangerMaxMessages until they answer. */
  stranger: {
    code: 20009,
    text: `对方回复之前，最多只能发送${ChatLimits.strangerMaxMessages}条消息`,
  },
} as const

export const CHAT_TEXTS = {
  dataError: '数据出错，请返回重试',
  resendConfirm: '确认重发该消息？',
  cannotLocate: '无法定位到原消息',
  recordTooShort: '录音时间太短',
  noPermission: ChatErrors.noPermission.text,
  revokeDeadline: '已过撤回时限',
  unknownType: '[未知消息类型，请前往APP查看]',
  kickedTitle: '账号通知',
  kickedContent: '您的账号已在其他设备登录',
  netError: '网络异常，请重试',
  netPoor: '当前网络信号不好，请切换网络',
  netDisconnected: '网络异常，请检查网络设置',
  userNotFound: '该用户不存在',
  messageNotFound: '该消息不存在',
  cannotPlay: '暂不支持播放',
} as const

/** Whether a reader with this users.im_status may use the chat's input (chat-spec sections 5, 6). */
export const mayUseChatInput = (imStatus: number | undefined): boolean => imStatus === 1

/** Whether a message sent at `sentSec` may still be revoked at `nowSec`. */
export const canStillRevoke = (sentSec: number, nowSec: number): boolean =>
  nowSec - sentSec <= ChatLimits.revokeWindowSec

/** Image formats a chat image may have (chat-spec section 2). */
export const CHAT_IMAGE_TYPES = ['gif', 'jpeg', 'jpg', 'png', 'bmp', 'webp'] as const

/** `C2C5` → {type: 'C2C', id: '5'}; anything else (not C2C/GROUP + an id) → null. */
export function parseConversationID(
  conversationID: string,
): { type: 'C2C' | 'GROUP'; id: string } | null {
  const m = /^(C2C|GROUP)([A-Za-z0-9_@-]{1,64})$/.exec(conversationID)
  return m ? { type: m[1] as 'C2C' | 'GROUP', id: m[2] } : null
}

/** File size with B/K/M/G and two decimals (chat-spec section 9). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'K', 'M', 'G']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(2)}${units[unit]}`
}

/** A divider before a message when it is the first or at least 600 s after the previous one. */
export function needsTimeDivider(prevTimeSec: number | undefined, timeSec: number): boolean {
  return prevTimeSec === undefined || timeSec - prevTimeSec >= ChatLimits.timestampGapSec
}

/** The thumbnail size of an image: longest side 155 px, never enlarged. */
export function thumbSize(width: number, height: number): { width: number; height: number } {
  const max = ChatLimits.imageThumbMaxPx
  if (!(width > 0 && height > 0)) return { width: max, height: max }
  const scale = Math.min(1, max / Math.max(width, height))
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}
