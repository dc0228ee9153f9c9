/** Business constants of app-spec section 9. Pure: the server uses them too. */
export const Limits = {
  reachBottomDistance: 100,
  tabBarHeight: 60,
  navBarHeight: 44,
  remarkMaxBytes: 96,
  /** The greeting of a friend request. */
  friendGreetingMaxChars: 50,
  /** How far "nearby" reaches. */
  nearbyRadiusKm: 50,
  friendPageSize: 10,
  groupMemberPageSize: 15,
  badgeCap: 99,
  requestTimeoutMs: 60_000,
  uploadTimeoutMs: 3_600_000,
  speedTestTimeoutMs: 10_000,
  speedTestSlowMs: 5_000,
  speedTestRetryMs: 60_000,
  firstTokenCheckDelayMs: 3_000,
  shareInfoDelayMs: 300,
  accessTokenTtlSec: 2 * 60 * 60,
  refreshTokenTtlSec: 30 * 24 * 60 * 60,
  smsResendSec: 60,
  smsDailyMax: 10,
  smsCodeTtlSec: 5 * 60,
  passwordMaxFailures: 5,
  passwordLockSec: 15 * 60,
  avatarMaxBytes: 5 * 1024 * 1024,
  /** A reflection on a book (书评) after trimming. */
  reflectionMaxChars: 1000,
  /** The most one reading-time report is credited with. */
  durationMaxSecondsPerReport: 300,
  /** How often the reader reports reading time while active. */
  durationReportIntervalMs: 60_000,
  /** The reader counts as active this long after the last scroll, tap or page turn. */
  readerIdleMs: 120_000,
  bookPageSize: 10,
  postMaxChars: 2000,
  postMaxImages: 9,
  commentMaxChars: 500,
  feedbackMaxChars: 500,
  feedbackMaxImages: 4,
  appVersion: '3.0.2',
  appVersionCode: 302,

  /**
   * Uploads one reader may have running at once in a process, over all upload routes (429 past it):
   * the daily quota is checked again only when a file is whole.
   */
  uploadsAtOnce: 3,

  // --- The chat gateway's socket (issue 29): what one socket and one reader may cost a process. ---
  /** Sockets of one reader on one platform name ('' included) in a process; the oldest goes. */
  chatSocketsPerPlatform: 5,
  /** Sockets of one reader over all platform names in a process (the name is the client's word). */
  chatSocketsPerUser: 20,
  /** Sockets of one address not logged in yet (per process); past it a new one is closed (4429). */
  chatUnauthedSocketsPerAddress: 50,
  /** Frames of one socket waiting for their turn; past it a frame is refused (429). */
  chatFramesInFlight: 20,
  /**
   * The same with the rates off (CHAT_SEND_RATES=off, load tests): a reconnecting client resends
   * every unacknowledged message at once, and one refused and sent again later lands out of order.
   */
  chatFramesInFlightUnrated: 100,
  /** Frames one socket may send at once, then `chatFramesPerSecond` (a token bucket). */
  chatFrameBurst: 60,
  chatFramesPerSecond: 20,
  /** Frames one reader may send at once over all their sockets here, then `chatReaderFramesPerSecond`. */
  chatReaderFrameBurst: 40,
  chatReaderFramesPerSecond: 10,
  /** Sync cursors one reader may ask for at once, then `chatSyncCursorsPerSecond` (per process). */
  chatSyncCursorBurst: 2000,
  chatSyncCursorsPerSecond: 100,
  /**
   * Messages one sync answer holds in all (500 cursors x 200 would be 100,000, tens of MB): each
   * conversation gets an equal share, at most 200; one with more is marked `reload`.
   */
  chatSyncMaxMessages: 1000,
  /** Bytes written to a socket and not yet taken by the client past which its frames are refused (429). */
  chatSocketBufferRefuseBytes: 1024 * 1024,
  /** The same past which the socket is dropped (the client reconnects and syncs). */
  chatSocketBufferDropBytes: 4 * 1024 * 1024,
  /** How deeply a frame's JSON may nest (objects and arrays); deeper is refused unparsed. */
  chatFrameMaxDepth: 32,
  // --- end of the chat gateway's socket ---
} as const

/** A per-reader rate: at most `max` in any `windowMs`, else 429 with `message`. */
export interface RateRule {
  max: number
  windowMs: number
  message: string
}

/** The per-reader rates of writes (the server counts the reader's own rows in the window). */
export const Rates = {
  post: { max: 10, windowMs: 10 * 60_000, message: '发表太频繁，请稍后再试' },
  comment: { max: 20, windowMs: 60_000, message: '评论太频繁，请稍后再试' },
  reflection: { max: 5, windowMs: 60_000, message: '发表太频繁，请稍后再试' },
  feedback: { max: 10, windowMs: 60 * 60_000, message: '提交太频繁，请稍后再试' },
  /** Likes, unlikes, follows and unfollows, each counted apart. */
  toggle: { max: 60, windowMs: 60_000, message: '操作太频繁，请稍后再试' },
  /** Reading groups a reader creates. */
  groupCreate: { max: 20, windowMs: 24 * 60 * 60_000, message: '创建群聊太频繁，请明天再试' },
  /** Applications to join approval groups (asking the same group again updates the one waiting). */
  groupApply: { max: 30, windowMs: 60 * 60_000, message: '申请太频繁，请稍后再试' },
  /** Friend requests: the people asked (or asked again) in the window. */
  friendRequest: { max: 30, windowMs: 60 * 60_000, message: '操作太频繁，请稍后再试' },
} as const satisfies Record<string, RateRule>
