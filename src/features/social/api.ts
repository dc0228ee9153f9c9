/**
 * The social calls (app-spec section 7: User follow calls, messages, feedback and complaints) and
 * blocking, one function each, typed by types/api/social.ts.
 */
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
import type { Page } from '@/types/api/envelope'
import { callQuery, callRest } from '@/core/request'

const GET = { method: 'GET' } as const

// ---- people -----------------------------------------------------------------

export const fetchUserDetail = (userId: number): Promise<UserDetail> =>
  callRest<UserDetail>('/api/user/findUserInfoDetailsApi', { userId }, GET)

/** The caller's own counts when `userId` is omitted. */
export const fetchStatistics = (userId?: number): Promise<UserStatistics> =>
  callQuery<UserStatistics>('App.User.StatisticsInfo', { user_id: userId }, GET)

export const setFollowing = (userId: number, focus: boolean): Promise<FocusRes> =>
  callRest<FocusRes>('/api/video/focusOnUsers', { userId, focus: focus ? 1 : 0 })

export const fetchFollowList = (
  type: 'following' | 'followers',
  page: number,
  pageSize = 20,
): Promise<Page<RelatedUser>> =>
  callRest<Page<RelatedUser>>('/api/user/userFocusList', { type, page, pageSize }, GET)

export const setBlocked = (userId: number, block: boolean): Promise<BlockRes> =>
  callRest<BlockRes>('/api/user/blockUserApi', { userId, block: block ? 1 : 0 })

export const fetchBlockList = (page: number, pageSize = 20): Promise<Page<RelatedUser>> =>
  callRest<Page<RelatedUser>>('/api/user/findBlockUserListApi', { page, pageSize }, GET)

// ---- messages centre --------------------------------------------------------

export const fetchMessages = (
  kind: MessageKind,
  page: number,
  pageSize = 20,
): Promise<Page<UserMessage>> => {
  const path =
    kind === 'comment'
      ? '/api/message/findUserMessageCommentListApi'
      : kind === 'like'
        ? '/api/message/findUserMessageLikeListApi'
        : '/api/message/findUserMessageListApi'
  return callRest<Page<UserMessage>>(path, { kind, page, pageSize }, GET)
}

/** Polled in the background for the tab badge: silent. */
export const fetchUnreadTotal = (): Promise<UnreadTotal> =>
  callRest<UnreadTotal>('/api/message/findUserMessageWhetherUnread', {}, { ...GET, silent: true })

export const fetchUnreadByKind = (): Promise<UnreadByKind> =>
  callRest<UnreadByKind>('/api/message/findUserMessageWhetherUnreadList', {}, GET)

/** Marks `kind` read up to `maxId`, the newest message shown (later ones stay unread). */
export const markRead = (kind: MessageKind, maxId?: number): Promise<unknown> =>
  callRest('/api/message/updateUserMessageSetRead', { kind, maxId }, { silent: true })

// ---- feedback and complaints --------------------------------------------------

export const fetchComplaintReasons = (): Promise<ComplaintReason[]> =>
  callRest<ComplaintReason[]>('/api/utils/find/App/UtilsComplaintList', {}, GET)

export const addFeedback = (req: AddFeedbackReq): Promise<Feedback> =>
  callQuery<Feedback>('User.FeedBack.AddFeedback', { ...req }, { json: true })

export const addComplaint = (req: ComplaintReq): Promise<Feedback> =>
  callRest<Feedback>('/api/utils/addFeedback', { ...req }, { json: true })

export const fetchMyFeedback = (page: number, pageSize = 10): Promise<Page<Feedback>> =>
  callQuery<Page<Feedback>>('User.FeedBack.MyFeedbackList', { page, pageSize }, GET)

export const deleteFeedback = (id: number): Promise<unknown> =>
  callQuery('User.FeedBack.DeleteFeedback', { id })
