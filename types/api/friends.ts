/**
 * The book-friend contract (app-spec section 7, /api/bookCompanion): friends with their own remark
 * per side, friend requests by friend code or from a profile, each reader's friend code, and
 * "nearby" for readers who opted in with a coarse position. REST calls answer camelCase. Times are
 * unix seconds. Blocking (social) is separate: it leaves friendships as they are, but a block
 * either way refuses a new request or accepting one.
 */
import { Limits } from '@rules/limits'
import {
  AnyInt,
  call,
  Flag,
  Id,
  NoData,
  NoInput,
  OneOf,
  PageOf,
  Paging,
  Required,
  Trimmed,
  Type,
  type CallInput,
  type Static,
} from './contract'
export { GREETING_TOO_LONG, REMARK_TOO_LONG } from '@rules/friends'
import { Gender } from './account'
import { USER_NOT_FOUND } from './feed'

export { USER_NOT_FOUND }
export const FRIEND_CODE_MISSING = '请输入好友码'
export const FRIEND_CODE_NOT_FOUND = '好友码不存在'
export const FRIEND_SELF = '不能添加自己为好友'
export const FRIEND_BLOCKED_BY_THEM = '对方已将你拉黑，无法添加好友'
export const FRIEND_BLOCKED_BY_ME = '你已拉黑对方，请先取消拉黑'
export const NOT_A_FRIEND = '对方不是你的书友'
export const REQUEST_NOT_FOUND = '该申请不存在'
export const REQUEST_NOT_YOURS = '只能处理发给自己的申请'
export const REQUEST_HANDLED = '该申请已处理'
export const LETTER_INVALID = '索引字母不正确'
export const POSITION_INVALID = '位置信息不正确'

/** Longest greeting and remark read before the rules count them (they give the message). */
export const GREETING_READ_MAX = Limits.friendGreetingMaxChars * 4
export const REMARK_READ_MAX = Limits.remarkMaxBytes * 4

/** The index letters of the friend list, in their order: A..Z, then '#' for any other name. */
export const FRIEND_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const

/** A friend in the caller's list. */
export const FriendItem = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  signature: Type.String(),
  /** The caller's remark for them ('' when none). */
  remark: Type.String(),
  /** The index letter of the shown name (remark, else nickname): 'A'..'Z' by pinyin, else '#'. */
  letter: Type.String(),
  /** When they became friends. */
  since: Type.Integer(),
})
export type FriendItem = Static<typeof FriendItem>

/** A page of friends, with the index letters present among all the friends the search matches. */
export const FriendPage = Type.Object({
  ...PageOf(FriendItem).properties,
  letters: Type.Array(Type.String()),
})
export type FriendPage = Static<typeof FriendPage>

/** A person as the caller sees them from the friend pages (friend or not). */
export const FriendDetail = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  signature: Type.String(),
  sex: Gender,
  /** The caller's remark for them ('' when none or not friends). */
  remark: Type.String(),
  isFriend: Type.Boolean(),
  isMe: Type.Boolean(),
  /** The caller blocked them. */
  blocked: Type.Boolean(),
  /** They blocked the caller. */
  blockedMe: Type.Boolean(),
  /** When they became friends; 0 when not friends. */
  since: Type.Integer(),
  /** The caller's request to them waits for an answer. */
  requested: Type.Boolean(),
})
export type FriendDetail = Static<typeof FriendDetail>

export const REQUEST_STATES = ['pending', 'accepted', 'rejected'] as const
export type RequestState = (typeof REQUEST_STATES)[number]

/** A friend request to the caller (the new-friends list). */
export const FriendRequest = Type.Object({
  id: Type.Integer(),
  /** The requester. */
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  greeting: Type.String(),
  state: OneOf(REQUEST_STATES),
  /** When it was asked (last asked, when asked again). */
  time: Type.Integer(),
  /** Whether the caller had seen it in this list before. */
  read: Type.Boolean(),
})
export type FriendRequest = Static<typeof FriendRequest>

/** Whose friend code it is. */
export const CodeOwner = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  signature: Type.String(),
  isMe: Type.Boolean(),
  isFriend: Type.Boolean(),
})
export type CodeOwner = Static<typeof CodeOwner>

/** A reader nearby. Never a position: only the distance, coarse. */
export const NearbyPerson = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  signature: Type.String(),
  /** Metres, rounded up to a multiple of 100 (at least 100). */
  distance: Type.Integer(),
  isFriend: Type.Boolean(),
})
export type NearbyPerson = Static<typeof NearbyPerson>

export const NearbyPage = Type.Object({
  ...PageOf(NearbyPerson).properties,
  /** false: the caller has not opted in (the list is empty). */
  optedIn: Type.Boolean(),
})
export type NearbyPage = Static<typeof NearbyPage>

export const FriendCode = Type.Object({ code: Type.String() })
export type FriendCode = Static<typeof FriendCode>

export const RequestRes = Type.Object({
  /** requested: the request waits for them; friends: already friends, or their request accepted. */
  state: OneOf(['requested', 'friends'] as const),
})
export type RequestRes = Static<typeof RequestRes>

export const HandleRes = Type.Object({ state: OneOf(['accepted', 'rejected'] as const) })
export type HandleRes = Static<typeof HandleRes>

export const RequestUnread = Type.Object({ total: Type.Integer() })
export type RequestUnread = Static<typeof RequestUnread>

// ---- input pieces -------------------------------------------------------------

const Person = { userId: Id(USER_NOT_FOUND) }

/** One index letter, A-Z (either case) or '#'. */
const Letter = Type.String({
  pattern: '^[A-Za-z#]$',
  maxLength: 10,
  'x-trim': true,
  'x-error': LETTER_INVALID,
})

const Degrees = (limit: number) =>
  Type.Number({ minimum: -limit, maximum: limit, 'x-error': POSITION_INVALID })

export const friendsApi = {
  friendList: call({
    summary:
      "The caller's friends by index letter (A..Z, then '#'), then name (pinyin): `alphabeticalType` one letter, `searchType` part of a remark or nickname; `pageIndex` (or `page`) and `pageSize` (20, at most 50). `letters`: the letters present among all the friends the search matches.",
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findMineFriendsAppList' },
    input: Type.Object({
      alphabeticalType: Type.Optional(Letter),
      searchType: Type.Optional(Trimmed(50)),
      pageIndex: Type.Optional(AnyInt()),
      ...Paging,
    }),
    answer: FriendPage,
  }),
  friendDetail: call({
    summary:
      'A live person as the caller sees them from the friend pages: remark, friendship, blocks, a pending request (404 for no live account).',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findMineFriendsBookFriendsUserId' },
    input: Type.Object(Person),
    answer: FriendDetail,
  }),
  myFriendCode: call({
    summary:
      "The caller's friend code: 8 letters and digits (no 0, O, 1, I or L), handed out on first use and kept.",
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findMyFriendCode' },
    input: NoInput,
    answer: FriendCode,
  }),
  codeOwner: call({
    summary: 'Whose friend code it is (either case); 404 for an unknown code.',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findUserByFriendCode' },
    input: Type.Object({ code: Required(FRIEND_CODE_MISSING, 64) }),
    answer: CodeOwner,
  }),
  requestFriend: call({
    summary:
      'Asks a person (by friend `code` or `userId`) to be friends, with a greeting of at most Limits.friendGreetingMaxChars characters. Not oneself; a block either way refuses it; when they asked the caller already, this accepts their request. Asking again merges into the one request. Rates.friendRequest.',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/createMineFriends' },
    input: Type.Object({
      code: Type.Optional(Trimmed(64)),
      userId: Type.Optional(Id(USER_NOT_FOUND)),
      greeting: Type.Optional(Trimmed(GREETING_READ_MAX)),
    }),
    answer: RequestRes,
  }),
  requestList: call({
    summary:
      'Friend requests to the caller, newest first, in every state; listing marks the page read (each shows `read` as it was).',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findFriendRequestList' },
    input: Type.Object(Paging),
    answer: PageOf(FriendRequest),
  }),
  requestUnread: call({
    summary: 'How many requests to the caller wait unread (the 新的书友 badge).',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/findFriendRequestUnread' },
    input: NoInput,
    answer: RequestUnread,
  }),
  handleRequest: call({
    summary:
      'Accepts (`accept` 1) or rejects (0) a pending request to the caller (403 for anyone else). Accepting makes both friends and greets in their chat.',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/handleFriendRequest' },
    input: Type.Object({ id: Id(REQUEST_NOT_FOUND), accept: Flag() }),
    answer: HandleRes,
  }),
  updateRemark: call({
    summary: `Sets the caller's remark for a friend: at most Limits.remarkMaxBytes bytes of UTF-8, '' clears it.`,
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/updateMineFriends' },
    input: Type.Object({
      ...Person,
      remark: Type.String({ maxLength: REMARK_READ_MAX, 'x-trim': true, 'x-blank': true }),
    }),
    answer: FriendDetail,
  }),
  deleteFriend: call({
    summary: 'Ends a friendship on both sides (their chat stays).',
    auth: true,
    rest: { method: 'DELETE', path: '/api/bookCompanion/delMineFriends' },
    input: Type.Object(Person),
    answer: NoData,
  }),
  nearbyJoin: call({
    summary:
      'Opts the caller in to nearby (or moves them): the position is stored rounded to 0.01° (about 1 km).',
    auth: true,
    rest: { method: 'POST', path: '/api/bookCompanion/joinNearby' },
    input: Type.Object({ latitude: Degrees(90), longitude: Degrees(180) }),
    answer: NoData,
  }),
  nearbyLeave: call({
    summary: 'Opts the caller out of nearby: their position is deleted at once.',
    auth: true,
    rest: { method: 'DELETE', path: '/api/bookCompanion/leaveNearby' },
    input: NoInput,
    answer: NoData,
  }),
  nearbyList: call({
    summary:
      'Readers who opted in within 50 km of the caller, nearest first (no blocks either way); distances rounded up to 100 m. Empty with `optedIn` false until the caller opts in.',
    auth: true,
    rest: { method: 'GET', path: '/api/bookCompanion/nearbySearchJoinAppList' },
    input: Type.Object(Paging),
    answer: NearbyPage,
  }),
}

export type FriendListReq = CallInput<typeof friendsApi.friendList>
export type RequestFriendReq = CallInput<typeof friendsApi.requestFriend>
export type HandleRequestReq = CallInput<typeof friendsApi.handleRequest>
export type UpdateRemarkReq = CallInput<typeof friendsApi.updateRemark>
export type NearbyJoinReq = CallInput<typeof friendsApi.nearbyJoin>
