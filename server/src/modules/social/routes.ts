import { Limits } from '@rules/limits'
import type { MessageKind } from '../../../../types/api/social'
import { authenticate, requireCaller } from '../../http/auth'
import { callerOf, type CallContext, type Handler } from '../../http/call'
import type { QueryRoute } from '../../http/dispatcher'
import { Answer } from '../../http/envelope'
import { badRequest } from '../../http/errors'
import type { RestRoute } from '../../http/rest'
import { getProfile } from '../account/profileService'
import { blockList, setBlocked } from './blocks'
import {
  addComplaint,
  addFeedback,
  checkContact,
  checkFeedbackContent,
  checkFeedbackType,
  checkTargetType,
  deleteFeedback,
  FEEDBACK_NOT_FOUND,
  listComplaintReasons,
  myFeedback,
  REASON_INVALID,
  TARGET_NOT_FOUND,
  TOO_MANY_IMAGES,
} from './feedback'
import { focusList, isFocus, setFollow } from './follows'
import {
  MESSAGE_KINDS,
  optionalUserId,
  readFocusListType,
  readImageList,
  readKind,
  readMaxId,
  readPaging,
  readSwitch,
  readUserId,
} from './input'
import { listMessages, markKindRead, unreadByKind, unreadTotal } from './messages'
import { statisticsOf, userDetail } from './profiles'

// ---- handlers: both call styles share them ------------------------------------------------

const follow = (on: boolean) => async (call: CallContext) => {
  const res = await setFollow(call.app, callerOf(call), readUserId(call.params), on)
  return new Answer(res, on ? '关注成功' : '已取消关注')
}

const focusListOf = (type: 'following' | 'followers') => (call: CallContext) =>
  focusList(call.app, callerOf(call), type, readPaging(call.params))

/** The caller's counts when no user is named; a guest must name one. */
const statisticsInfo: Handler = ({ app, params, caller }) => {
  const userId = optionalUserId(params) ?? caller?.userId
  if (userId === undefined) throw badRequest('请指定用户')
  return statisticsOf(app, userId)
}

/**
 * GET /api/user/findUserInfoDetailsApi: with `userId`, that person's profile as the caller sees it
 * (public, UserDetail). Without it, the caller's own profile (login required, UserProfile), as the
 * account module has always answered this path.
 */
export const userInfoDetails: Handler = async (call) => {
  const userId = optionalUserId(call.params)
  if (userId !== undefined) return userDetail(call.app, call.caller, userId)
  const caller = requireCaller(await authenticate(call.app, call.req))
  return getProfile(call.app, caller)
}

const messagesOf = (kind: MessageKind) => (call: CallContext) =>
  listMessages(call.app, callerOf(call), kind, readPaging(call.params))

const feedbackImages = (call: CallContext) => readImageList(call.req, TOO_MANY_IMAGES)

const myFeedbackList = (call: CallContext) =>
  myFeedback(call.app, callerOf(call), readPaging(call.params))

const get = (url: string, auth: boolean, handler: Handler): RestRoute => ({
  method: 'GET',
  url,
  auth,
  handler,
})

const CONTENT_READ_MAX = Limits.feedbackMaxChars * 4

export const socialQueryRoutes: QueryRoute[] = [
  // ---- follows and profiles ----
  {
    name: 'User.User.IsFocus',
    method: 'GET',
    auth: true,
    handler: (call) => isFocus(call.app, callerOf(call), readUserId(call.params)),
  },
  { name: 'User.User.Focus', method: 'POST', auth: true, handler: follow(true) },
  { name: 'User.User.CancelFocus', method: 'POST', auth: true, handler: follow(false) },
  { name: 'User.User.FocusList', method: 'GET', auth: true, handler: focusListOf('following') },
  {
    name: 'User.User.AttentionList',
    method: 'GET',
    auth: true,
    handler: focusListOf('followers'),
  },
  { name: 'App.User.StatisticsInfo', method: 'GET', auth: false, handler: statisticsInfo },

  // ---- feedback ----
  {
    name: 'User.FeedBack.AddFeedback',
    method: 'POST',
    auth: true,
    handler: async (call) => {
      const { params } = call
      const input = {
        type: checkFeedbackType(params.trimmed('type', 20)),
        content: checkFeedbackContent(params.text('content', CONTENT_READ_MAX), true),
        images: feedbackImages(call),
        contact: checkContact(params.text('contact', 200)),
      }
      return new Answer(await addFeedback(call.app, callerOf(call), input), '提交成功')
    },
  },
  { name: 'User.FeedBack.MyFeedbackList', method: 'GET', auth: true, handler: myFeedbackList },
  {
    name: 'User.FeedBack.DeleteFeedback',
    method: 'POST',
    auth: true,
    handler: async (call) => {
      await deleteFeedback(call.app, callerOf(call), call.params.id('id', FEEDBACK_NOT_FOUND))
      return new Answer(null, '已删除')
    },
  },
]

const allRestRoutes: RestRoute[] = [
  // ---- follows, profiles and blocks ----
  {
    method: 'POST',
    url: '/api/video/focusOnUsers',
    auth: true,
    handler: (call) => follow(readSwitch(call.params, 'focus'))(call),
  },
  get('/api/user/userFocusList', true, (call) =>
    focusList(call.app, callerOf(call), readFocusListType(call.params), readPaging(call.params)),
  ),
  get('/api/user/findUserInfoDetailsApi', false, userInfoDetails),
  {
    method: 'POST',
    url: '/api/user/blockUserApi',
    auth: true,
    handler: async (call) => {
      const userId = readUserId(call.params)
      const block = readSwitch(call.params, 'block')
      const res = await setBlocked(call.app, callerOf(call), userId, block)
      return new Answer(res, block ? '已拉黑' : '已取消拉黑')
    },
  },
  get('/api/user/findBlockUserListApi', true, (call) =>
    blockList(call.app, callerOf(call), readPaging(call.params)),
  ),

  // ---- messages centre ----
  get('/api/message/findUserMessageListApi', true, (call) =>
    listMessages(
      call.app,
      callerOf(call),
      readKind(call.params, ['notice', 'follow'] as const, 'notice'),
      readPaging(call.params),
    ),
  ),
  get('/api/message/findUserMessageCommentListApi', true, messagesOf('comment')),
  get('/api/message/findUserMessageLikeListApi', true, messagesOf('like')),
  get('/api/message/findUserMessageWhetherUnread', true, (call) =>
    unreadTotal(call.app, callerOf(call)),
  ),
  get('/api/message/findUserMessageWhetherUnreadList', true, (call) =>
    unreadByKind(call.app, callerOf(call)),
  ),
  {
    method: 'POST',
    url: '/api/message/updateUserMessageSetRead',
    auth: true,
    handler: async (call) => {
      const kind = readKind(call.params, MESSAGE_KINDS)
      await markKindRead(call.app, callerOf(call), kind, readMaxId(call.params))
      return new Answer(null, '已读')
    },
  },

  // ---- complaints ----
  get('/api/utils/find/App/UtilsComplaintList', false, ({ app }) => listComplaintReasons(app)),
  {
    method: 'POST',
    url: '/api/utils/addFeedback',
    auth: true,
    handler: async (call) => {
      const { params } = call
      const input = {
        targetType: checkTargetType(params.trimmed('targetType', 20)),
        targetId: params.id('targetId', TARGET_NOT_FOUND),
        reasonId: params.id('reasonId', REASON_INVALID),
        content: checkFeedbackContent(params.text('content', CONTENT_READ_MAX), false),
        images: feedbackImages(call),
      }
      return new Answer(await addComplaint(call.app, callerOf(call), input), '提交成功')
    },
  },
]

export const socialRestRoutes: RestRoute[] = allRestRoutes
