/**
 * The social contract (app-spec section 7, "User" follow calls, messages, feedback and complaints)
 * plus blocking. REST calls answer camelCase; the query-style ones (User.User.*, App.User.*,
 * User.FeedBack.*) answer the same shapes. Times are unix seconds; lists are pages, newest first.
 * The person a call is about is `userId` or `user_id`, either name in both styles.
 */
import { Limits } from '@rules/limits'
import {
  call,
  Flag,
  Id,
  List,
  NoData,
  NoInput,
  PageOf,
  Paging,
  Text,
  Type,
  type CallInput,
  type Static,
} from './contract'
import type { TLiteral, TUnion } from '@sinclair/typebox'
import { Gender, UserProfile } from './account'
import { FeedAuthor, USER_NOT_FOUND } from './feed'

export { USER_NOT_FOUND }
export const IMAGE_INVALID = '图片无效'
export const KIND_INVALID = '消息类型不正确'
export const LIST_TYPE_INVALID = '列表类型不正确'
export const FEEDBACK_TYPE_INVALID = '请选择反馈类型'
export const FEEDBACK_NOT_FOUND = '反馈不存在'
export const TARGET_TYPE_INVALID = '请选择投诉对象'
export const TARGET_NOT_FOUND = '投诉对象不存在'
export const REASON_INVALID = '请选择投诉原因'
export const MAX_ID_INVALID = '参数 maxId 格式错误'
/** Longest feedback text read before the rules count its characters (they give the message). */
export const FEEDBACK_READ_MAX = Limits.feedbackMaxChars * 4
/** Images named by one feedback or complaint before any is looked at. */
export const IMAGES_READ_MAX = 50

/** One of the words (typed as their union); as input, sent with spaces around it or not. */
const Word = <const T extends readonly string[]>(values: T, error?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    error ? { 'x-error': error, 'x-trim': true } : {},
  ) as TUnion<TLiteral<T[number]>[]>

export const UserStatistics = Type.Object({
  posts: Type.Integer(),
  following: Type.Integer(),
  followers: Type.Integer(),
  /** Likes received on the person's posts. */
  likes: Type.Integer(),
})
export type UserStatistics = Static<typeof UserStatistics>

/** A person's profile as the caller sees it. For a guest the relation flags are false. */
export const UserDetail = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  sex: Gender,
  signature: Type.String(),
  stats: UserStatistics,
  isMe: Type.Boolean(),
  /** The caller follows them. */
  followed: Type.Boolean(),
  /** They follow the caller. */
  followsMe: Type.Boolean(),
  /** The caller blocked them. */
  blocked: Type.Boolean(),
})
export type UserDetail = Static<typeof UserDetail>

/** A person in a follow, follower or block list. */
export const RelatedUser = Type.Object({
  ...FeedAuthor.properties,
  signature: Type.String(),
  /** The caller follows them (for a follow-back button). */
  followed: Type.Boolean(),
  /** When the relation began. */
  since: Type.Integer(),
})
export type RelatedUser = Static<typeof RelatedUser>

export const IsFocusRes = Type.Object({ focused: Type.Boolean() })
export type IsFocusRes = Static<typeof IsFocusRes>

export const FocusRes = Type.Object({ followed: Type.Boolean(), followers: Type.Integer() })
export type FocusRes = Static<typeof FocusRes>

export const BlockRes = Type.Object({ blocked: Type.Boolean() })
export type BlockRes = Static<typeof BlockRes>

// ---- messages centre -------------------------------------------------------

export const MESSAGE_KINDS = ['notice', 'comment', 'like', 'follow'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/**
 * One notification. `comment` covers comments on my posts and replies to my comments; `like` a like
 * of my post; `follow` a new follower; `notice` a notice from the operators.
 */
export const UserMessage = Type.Object({
  id: Type.Integer(),
  kind: Word(MESSAGE_KINDS),
  /** Who did it (null for a notice). */
  actor: Type.Union([FeedAuthor, Type.Null()]),
  /** Notice title; empty for the others. */
  title: Type.String(),
  /** The comment's or notice's text (plain text). */
  content: Type.String(),
  postId: Type.Union([Type.Integer(), Type.Null()]),
  /** The comment concerned: a feed comment, or with `videoId` a comment on that video. */
  commentId: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * The video the message is about (a tap opens its play page): a comment or reply on it, a like
   * of it (`commentId` null) or of a comment on it; null for the feed's messages.
   */
  videoId: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * The start of the post concerned and its first image (for a video: its title and cover), for
   * the list.
   */
  postExcerpt: Type.String(),
  postImage: Type.String(),
  /** For kind `follow`: the caller follows the actor (for the 回关 button); false for the others. */
  followed: Type.Boolean(),
  /** For kind `comment`: it replies to the caller's own comment (else it comments on their post). */
  reply: Type.Boolean(),
  read: Type.Boolean(),
  createdAt: Type.Integer(),
})
export type UserMessage = Static<typeof UserMessage>

/** The unread total (the tab badge). */
export const UnreadTotal = Type.Object({ total: Type.Integer() })
export type UnreadTotal = Static<typeof UnreadTotal>

/** Unread messages per kind. */
export const UnreadByKind = Type.Object({
  notice: Type.Integer(),
  comment: Type.Integer(),
  like: Type.Integer(),
  follow: Type.Integer(),
})
export type UnreadByKind = Static<typeof UnreadByKind>

// ---- feedback and complaints ------------------------------------------------

/** A complaint reason (UtilsComplaintList), in order. */
export const ComplaintReason = Type.Object({ id: Type.Integer(), name: Type.String() })
export type ComplaintReason = Static<typeof ComplaintReason>

export const FEEDBACK_TYPES = ['suggestion', 'complaint'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]

export const TARGET_TYPES = ['user', 'post', 'comment'] as const
export type TargetType = (typeof TARGET_TYPES)[number]

export const Feedback = Type.Object({
  id: Type.Integer(),
  type: Word(FEEDBACK_TYPES),
  content: Type.String(),
  images: Type.Array(Type.String()),
  /** For a complaint about someone or something: what it is about. */
  targetType: Type.Union([Word(TARGET_TYPES), Type.Null()]),
  targetId: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.String(),
  /** 0 received, 1 handled. */
  status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  reply: Type.String(),
  createdAt: Type.Integer(),
})
export type Feedback = Static<typeof Feedback>

// ---- input pieces -------------------------------------------------------------

/** The person, by either name (absent: the handler says what that means). */
const Person = {
  userId: Type.Optional(Id(USER_NOT_FOUND)),
  user_id: Type.Optional(Id(USER_NOT_FOUND)),
}

/** 0 marks nothing; beyond every id, every message. */
const MaxId = Type.Integer({ minimum: 0, maximum: 999_999_999_999_999, 'x-error': MAX_ID_INVALID })

const Images = List(IMAGES_READ_MAX, 1000, IMAGE_INVALID)

const feedbackText = () => Type.Optional(Text(FEEDBACK_READ_MAX))

export const socialApi = {
  isFocus: call({
    summary: 'Whether the caller follows the person (false for oneself).',
    auth: true,
    query: { method: 'GET', name: 'User.User.IsFocus' },
    input: Type.Object(Person),
    answer: IsFocusRes,
  }),
  follow: call({
    summary:
      'Follow a person: idempotent, not oneself (400); a block either way refuses it (403); the first follow tells them.',
    auth: true,
    query: { method: 'POST', name: 'User.User.Focus' },
    input: Type.Object(Person),
    answer: FocusRes,
  }),
  unfollow: call({
    summary: 'Unfollow a person (idempotent).',
    auth: true,
    query: { method: 'POST', name: 'User.User.CancelFocus' },
    input: Type.Object(Person),
    answer: FocusRes,
  }),
  setFollow: call({
    summary: 'Follow (`focus` 1) or unfollow (0) a person, as User.User.Focus and CancelFocus.',
    auth: true,
    rest: { method: 'POST', path: '/api/video/focusOnUsers' },
    input: Type.Object({ ...Person, focus: Flag() }),
    answer: FocusRes,
  }),
  followingList: call({
    summary: 'Whom the caller follows, newest relation first.',
    auth: true,
    query: { method: 'GET', name: 'User.User.FocusList' },
    input: Type.Object(Paging),
    answer: PageOf(RelatedUser),
  }),
  followerList: call({
    summary: 'Who follows the caller, newest relation first.',
    auth: true,
    query: { method: 'GET', name: 'User.User.AttentionList' },
    input: Type.Object(Paging),
    answer: PageOf(RelatedUser),
  }),
  focusList: call({
    summary: 'Whom the caller follows (`type` following, the default) or who follows the caller.',
    auth: true,
    rest: { method: 'GET', path: '/api/user/userFocusList' },
    input: Type.Object({
      type: Type.Optional(Word(['following', 'followers'], LIST_TYPE_INVALID)),
      ...Paging,
    }),
    answer: PageOf(RelatedUser),
  }),
  statistics: call({
    summary:
      "A person's counts (live posts, following, followers, likes); without one, the caller's.",
    auth: false,
    query: { method: 'GET', name: 'App.User.StatisticsInfo' },
    input: Type.Object(Person),
    answer: UserStatistics,
  }),
  userDetail: call({
    summary:
      "With `userId`, that person's profile as the caller sees it (UserDetail); without, the caller's own profile (login required; UserProfile of the account calls).",
    auth: false,
    rest: { method: 'GET', path: '/api/user/findUserInfoDetailsApi' },
    input: Type.Object(Person),
    answer: Type.Union([UserDetail, UserProfile]),
  }),
  block: call({
    summary:
      'Block (`block` 1) or unblock (0) a person; idempotent, not oneself. Blocking ends follows both ways and hides their posts and comments from the caller.',
    auth: true,
    rest: { method: 'POST', path: '/api/user/blockUserApi' },
    input: Type.Object({ ...Person, block: Flag() }),
    answer: BlockRes,
  }),
  blockList: call({
    summary: 'Whom the caller blocked, newest first.',
    auth: true,
    rest: { method: 'GET', path: '/api/user/findBlockUserListApi' },
    input: Type.Object(Paging),
    answer: PageOf(RelatedUser),
  }),
  messageList: call({
    summary: "The caller's notices (`kind` notice, the default) or follow messages, newest first.",
    auth: true,
    rest: { method: 'GET', path: '/api/message/findUserMessageListApi' },
    input: Type.Object({
      kind: Type.Optional(Word(['notice', 'follow'], KIND_INVALID)),
      ...Paging,
    }),
    answer: PageOf(UserMessage),
  }),
  commentMessages: call({
    summary: 'Comments on my posts and videos, and replies to my comments, newest first.',
    auth: true,
    rest: { method: 'GET', path: '/api/message/findUserMessageCommentListApi' },
    input: Type.Object(Paging),
    answer: PageOf(UserMessage),
  }),
  likeMessages: call({
    summary: 'Likes of my posts, videos and video comments, newest first.',
    auth: true,
    rest: { method: 'GET', path: '/api/message/findUserMessageLikeListApi' },
    input: Type.Object(Paging),
    answer: PageOf(UserMessage),
  }),
  unreadTotal: call({
    summary: 'The unread total (the tab badge).',
    auth: true,
    rest: { method: 'GET', path: '/api/message/findUserMessageWhetherUnread' },
    input: NoInput,
    answer: UnreadTotal,
  }),
  unreadByKind: call({
    summary: 'Unread messages per kind.',
    auth: true,
    rest: { method: 'GET', path: '/api/message/findUserMessageWhetherUnreadList' },
    input: NoInput,
    answer: UnreadByKind,
  }),
  setRead: call({
    summary:
      'Marks a kind read; with `maxId` (the newest id the list showed) only up to it, so later messages stay unread.',
    auth: true,
    rest: { method: 'POST', path: '/api/message/updateUserMessageSetRead' },
    input: Type.Object({
      kind: Word(MESSAGE_KINDS, KIND_INVALID),
      maxId: Type.Optional(MaxId),
    }),
    answer: NoData,
  }),
  complaintReasons: call({
    summary: 'The complaint reasons, in order.',
    auth: false,
    rest: { method: 'GET', path: '/api/utils/find/App/UtilsComplaintList' },
    input: NoInput,
    answer: Type.Array(ComplaintReason),
  }),
  addComplaint: call({
    summary:
      "A complaint about a live user, post or comment (not one's own) with a reason: `content` 0..Limits.feedbackMaxChars, 0..Limits.feedbackMaxImages images uploaded by the caller; 10 submissions an hour with feedback.",
    auth: true,
    rest: { method: 'POST', path: '/api/utils/addFeedback' },
    body: 'json',
    input: Type.Object({
      targetType: Word(TARGET_TYPES, TARGET_TYPE_INVALID),
      targetId: Id(TARGET_NOT_FOUND),
      reasonId: Id(REASON_INVALID),
      content: feedbackText(),
      images: Type.Optional(Images),
    }),
    answer: Feedback,
  }),
  addFeedback: call({
    summary:
      'A suggestion or complaint from the mine tab: `content` 1..Limits.feedbackMaxChars (a suggestion with blocked words is refused), 0..Limits.feedbackMaxImages images uploaded by the caller, an optional phone or e-mail `contact`; 10 submissions an hour with complaints.',
    auth: true,
    query: { method: 'POST', name: 'User.FeedBack.AddFeedback' },
    body: 'json',
    input: Type.Object({
      type: Word(FEEDBACK_TYPES, FEEDBACK_TYPE_INVALID),
      content: feedbackText(),
      images: Type.Optional(Images),
      contact: Type.Optional(Text(200)),
    }),
    answer: Feedback,
  }),
  myFeedback: call({
    summary: "The caller's feedback and complaints, newest first.",
    auth: true,
    query: { method: 'GET', name: 'User.FeedBack.MyFeedbackList' },
    input: Type.Object(Paging),
    answer: PageOf(Feedback),
  }),
  deleteFeedback: call({
    summary: "Deletes one's own feedback (403 for anyone else's).",
    auth: true,
    query: { method: 'POST', name: 'User.FeedBack.DeleteFeedback' },
    input: Type.Object({ id: Id(FEEDBACK_NOT_FOUND) }),
    answer: NoData,
  }),
}

export type FocusListReq = CallInput<typeof socialApi.focusList>
export type MessageListReq = CallInput<typeof socialApi.messageList>
export type SetReadReq = CallInput<typeof socialApi.setRead>
export type AddFeedbackReq = CallInput<typeof socialApi.addFeedback>
export type ComplaintReq = CallInput<typeof socialApi.addComplaint>
export type DeleteFeedbackReq = CallInput<typeof socialApi.deleteFeedback>
