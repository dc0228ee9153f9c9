/**
 * The social calls (app-spec section 7: User follow calls, messages, feedback and complaints) and
 * blocking, one function each, sent through the refs generated from their declarations in
 * types/api/social.ts.
 */
import * as socialCalls from '@/types/api/calls/social.gen'
import type { Page } from '@/types/api/envelope'
import type {
  AddFeedbackReq,
  BlockRes,
  ComplaintReason,
  ComplaintReq,
  Feedback,
  FocusRes,
  MessageKind,
  RelatedUser,
  UnreadByKind,
  UnreadTotal,
  UserDetail,
  UserMessage,
  UserStatistics,
} from '@/types/api/social'
import { call } from '@/core/request'

const silent = { silent: true } as const

// ---- people -----------------------------------------------------------------

/** With a `userId` the call answers that person's UserDetail (without one, the caller's profile). */
export const fetchUserDetail = (userId: number): Promise<UserDetail> =>
  call(socialCalls.userDetail.rest, { userId }) as Promise<UserDetail>

/** The caller's own counts when `userId` is omitted. */
export const fetchStatistics = (userId?: number): Promise<UserStatistics> =>
  call(socialCalls.statistics.query, { user_id: userId })

export const setFollowing = (userId: number, focus: boolean): Promise<FocusRes> =>
  call(socialCalls.setFollow.rest, { userId, focus: focus ? 1 : 0 })

export const fetchFollowList = (
  type: 'following' | 'followers',
  page: number,
  pageSize = 20,
): Promise<Page<RelatedUser>> => call(socialCalls.focusList.rest, { type, page, pageSize })

export const setBlocked = (userId: number, block: boolean): Promise<BlockRes> =>
  call(socialCalls.block.rest, { userId, block: block ? 1 : 0 })

export const fetchBlockList = (page: number, pageSize = 20): Promise<Page<RelatedUser>> =>
  call(socialCalls.blockList.rest, { page, pageSize })

// ---- messages centre --------------------------------------------------------

export const fetchMessages = (
  kind: MessageKind,
  page: number,
  pageSize = 20,
): Promise<Page<UserMessage>> => {
  if (kind === 'comment') return call(socialCalls.commentMessages.rest, { page, pageSize })
  if (kind === 'like') return call(socialCalls.likeMessages.rest, { page, pageSize })
  return call(socialCalls.messageList.rest, { kind, page, pageSize })
}

/** Polled in the background for the tab badge: silent. */
export const fetchUnreadTotal = (): Promise<UnreadTotal> =>
  call(socialCalls.unreadTotal.rest, {}, silent)

export const fetchUnreadByKind = (): Promise<UnreadByKind> =>
  call(socialCalls.unreadByKind.rest, {})

/** Marks `kind` read up to `maxId`, the newest message shown (later ones stay unread). */
export const markRead = (kind: MessageKind, maxId?: number): Promise<unknown> =>
  call(socialCalls.setRead.rest, { kind, maxId }, silent)

// ---- feedback and complaints --------------------------------------------------

export const fetchComplaintReasons = (): Promise<ComplaintReason[]> =>
  call(socialCalls.complaintReasons.rest, {})

/** Images go as a JSON array (the declaration's body is JSON). */
export const addFeedback = (req: AddFeedbackReq): Promise<Feedback> =>
  call(socialCalls.addFeedback.query, req)

export const addComplaint = (req: ComplaintReq): Promise<Feedback> =>
  call(socialCalls.addComplaint.rest, req)

export const fetchMyFeedback = (page: number, pageSize = 10): Promise<Page<Feedback>> =>
  call(socialCalls.myFeedback.query, { page, pageSize })

export const deleteFeedback = (id: number): Promise<unknown> =>
  call(socialCalls.deleteFeedback.query, { id })
