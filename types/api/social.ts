/**
 * The social contract (app-spec section 7, "User" follow calls, messages, feedback and complaints)
 * plus blocking. REST calls answer camelCase; the query-style ones (User.User.*, App.User.*,
 * User.FeedBack.*) answer the same shapes. Times are unix seconds; lists are `Page<T>`.
 */
import type { FeedAuthor } from './feed'

/** GET App.User.StatisticsInfo (public; `user_id`, default the caller). */
export interface UserStatistics {
  posts: number
  following: number
  followers: number
  /** Likes received on the person's posts. */
  likes: number
}

/**
 * GET /api/user/findUserInfoDetailsApi (public; `userId`): a person's profile as the caller sees
 * it. For a guest the relation flags are false.
 */
export interface UserDetail {
  userId: number
  nickname: string
  avatar: string
  sex: 0 | 1 | 2
  signature: string
  stats: UserStatistics
  isMe: boolean
  /** The caller follows them. */
  followed: boolean
  /** They follow the caller. */
  followsMe: boolean
  /** The caller blocked them. */
  blocked: boolean
}

/** A person in a follow, follower or block list. */
export interface RelatedUser extends FeedAuthor {
  signature: string
  /** The caller follows them (for a follow-back button). */
  followed: boolean
  /** When the relation began. */
  since: number
}

/** GET User.User.IsFocus (login; `user_id`). */
export interface IsFocusRes {
  focused: boolean
}

/**
 * POST User.User.Focus / User.User.CancelFocus (login; `user_id`) and POST /api/video/focusOnUsers
 * (login; `userId`, `focus` 1|0): follow or unfollow. Idempotent; not oneself (400); a blocked
 * relation either way refuses a follow (403).
 */
export interface FocusReq {
  userId: number
  focus: 0 | 1
}
export interface FocusRes {
  followed: boolean
  followers: number
}

/**
 * GET User.User.FocusList (whom I follow) and User.User.AttentionList (who follows me) (login;
 * page, pageSize), and GET /api/user/userFocusList (login; `type` following|followers, page,
 * pageSize): newest relation first.
 */
export interface FocusListReq {
  type?: 'following' | 'followers'
  page?: number
  pageSize?: number
}

/**
 * POST /api/user/blockUserApi (login; `userId`, `block` 1|0). Blocking also ends follows both
 * ways. The blocker no longer sees the blocked person's posts and comments; the blocked person
 * cannot comment on the blocker's posts or follow them.
 */
export interface BlockReq {
  userId: number
  block: 0 | 1
}
export interface BlockRes {
  blocked: boolean
}

/** GET /api/user/findBlockUserListApi (login; page, pageSize): whom I blocked, newest first. */
export type BlockListReq = { page?: number; pageSize?: number }

// ---- messages centre -------------------------------------------------------

export type MessageKind = 'notice' | 'comment' | 'like' | 'follow'

/**
 * One notification. `comment` covers comments on my posts and replies to my comments; `like` a like
 * of my post; `follow` a new follower; `notice` a notice from the operators.
 */
export interface UserMessage {
  id: number
  kind: MessageKind
  /** Who did it (null for a notice). */
  actor: FeedAuthor | null
  /** Notice title; empty for the others. */
  title: string
  /** The comment's or notice's text (plain text). */
  content: string
  postId: number | null
  commentId: number | null
  /** The start of the post concerned, and its first image, for the list. */
  postExcerpt: string
  postImage: string
  /** For kind `follow`: the caller follows the actor (for the 回关 button); false for the others. */
  followed: boolean
  read: boolean
  createdAt: number
}

/**
 * GET /api/message/findUserMessageListApi (login; `kind` notice|follow, page, pageSize),
 * findUserMessageCommentListApi and findUserMessageLikeListApi (login; page, pageSize): newest first.
 */
export interface MessageListReq {
  kind?: 'notice' | 'follow'
  page?: number
  pageSize?: number
}

/** GET /api/message/findUserMessageWhetherUnread (login): the unread total (the tab badge). */
export interface UnreadTotal {
  total: number
}

/** GET /api/message/findUserMessageWhetherUnreadList (login): unread per kind. */
export type UnreadByKind = Record<MessageKind, number>

/**
 * POST /api/message/updateUserMessageSetRead (login; `kind`, `maxId?`): marks that kind read; with
 * `maxId`, only its messages with `id` ≤ maxId (send the newest id the list showed, so messages that
 * arrived after it stay unread).
 */
export interface SetReadReq {
  kind: MessageKind
  maxId?: number
}

// ---- feedback and complaints ------------------------------------------------

/** GET /api/utils/find/App/UtilsComplaintList (public): the complaint reasons, in order. */
export interface ComplaintReason {
  id: number
  name: string
}

export type FeedbackType = 'suggestion' | 'complaint'

export interface Feedback {
  id: number
  type: FeedbackType
  content: string
  images: string[]
  /** For a complaint about someone or something: what it is about. */
  targetType: 'user' | 'post' | 'comment' | null
  targetId: number | null
  reason: string
  /** 0 received, 1 handled. */
  status: 0 | 1
  reply: string
  createdAt: number
}

/**
 * POST User.FeedBack.AddFeedback (login): a suggestion or complaint from the mine tab. `content`
 * 1..Limits.feedbackMaxChars, `images` 0..Limits.feedbackMaxImages uploaded URL paths, `contact`
 * optional (phone or e-mail).
 */
export interface AddFeedbackReq {
  type: FeedbackType
  content: string
  images?: string[]
  contact?: string
}

/**
 * POST /api/utils/addFeedback (login): a complaint about a user, post or comment, with a reason
 * from UtilsComplaintList. Not about oneself.
 */
export interface ComplaintReq {
  targetType: 'user' | 'post' | 'comment'
  targetId: number
  reasonId: number
  content?: string
  images?: string[]
}

/** GET User.FeedBack.MyFeedbackList (login; page, pageSize): newest first. */
export type FeedbackListReq = { page?: number; pageSize?: number }

/** POST User.FeedBack.DeleteFeedback (login; `id`): only one's own. */
export interface DeleteFeedbackReq {
  id: number
}
