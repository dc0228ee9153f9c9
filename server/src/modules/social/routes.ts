import { socialApi, USER_NOT_FOUND } from '@api/social'
import { authenticate, requireCaller } from '../../http/auth'
import { Answer } from '../../http/envelope'
import { badRequest } from '../../http/errors'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { getProfile } from '../account/profileService'
import { blockList, setBlocked } from './blocks'
import {
  addComplaint,
  addFeedback,
  checkContact,
  checkFeedbackContent,
  deleteFeedback,
  listComplaintReasons,
  myFeedback,
} from './feedback'
import { focusList, isFocus, setFollow } from './follows'
import { listMessages, markKindRead, unreadByKind, unreadTotal } from './messages'
import { statisticsOf, userDetail } from './profiles'

/** Ids are int4: a larger maxId means every message. */
const MAX_MESSAGE_ID = 2_147_483_647

/** The person a call is about: `userId` wins over `user_id`. */
const personOf = (input: { userId?: number; user_id?: number }): number | undefined =>
  input.userId ?? input.user_id

function requiredPerson(input: { userId?: number; user_id?: number }): number {
  const userId = personOf(input)
  if (userId === undefined) throw badRequest(USER_NOT_FOUND)
  return userId
}

const followAnswer = (res: { followed: boolean; followers: number }) =>
  new Answer(res, res.followed ? '关注成功' : '已取消关注')

export const socialRoutes = serve(socialApi, {
  // ---- follows and profiles ----
  isFocus: ({ app, input, caller }) => isFocus(app, caller, requiredPerson(input)),
  follow: async ({ app, input, caller }) =>
    followAnswer(await setFollow(app, caller, requiredPerson(input), true)),
  unfollow: async ({ app, input, caller }) =>
    followAnswer(await setFollow(app, caller, requiredPerson(input), false)),
  setFollow: async ({ app, input, caller }) =>
    followAnswer(await setFollow(app, caller, requiredPerson(input), input.focus === 1)),
  followingList: ({ app, input, caller }) => focusList(app, caller, 'following', paging(input)),
  followerList: ({ app, input, caller }) => focusList(app, caller, 'followers', paging(input)),
  focusList: ({ app, input, caller }) =>
    focusList(app, caller, input.type ?? 'following', paging(input)),
  /** The caller's counts when no user is named; a guest must name one. */
  statistics: async ({ app, input, caller }) => {
    const userId = personOf(input) ?? caller?.userId
    if (userId === undefined) throw badRequest('请指定用户')
    return statisticsOf(app, userId)
  },
  /**
   * With a user, that person's profile as the caller sees it. Without, the caller's own profile
   * (login required), as the account module has always answered this path.
   */
  userDetail: async ({ app, input, caller, req }) => {
    const userId = personOf(input)
    if (userId !== undefined) return userDetail(app, caller, userId)
    return getProfile(app, requireCaller(await authenticate(app, req)))
  },
  block: async ({ app, input, caller }) => {
    const res = await setBlocked(app, caller, requiredPerson(input), input.block === 1)
    return new Answer(res, res.blocked ? '已拉黑' : '已取消拉黑')
  },
  blockList: ({ app, input, caller }) => blockList(app, caller, paging(input)),

  // ---- messages centre ----
  messageList: ({ app, input, caller }) =>
    listMessages(app, caller, input.kind ?? 'notice', paging(input)),
  commentMessages: ({ app, input, caller }) => listMessages(app, caller, 'comment', paging(input)),
  likeMessages: ({ app, input, caller }) => listMessages(app, caller, 'like', paging(input)),
  unreadTotal: ({ app, caller }) => unreadTotal(app, caller),
  unreadByKind: ({ app, caller }) => unreadByKind(app, caller),
  setRead: async ({ app, input, caller }) => {
    const maxId = input.maxId === undefined ? undefined : Math.min(input.maxId, MAX_MESSAGE_ID)
    await markKindRead(app, caller, input.kind, maxId)
    return new Answer(null, '已读')
  },

  // ---- feedback and complaints ----
  complaintReasons: ({ app }) => listComplaintReasons(app),
  addComplaint: async ({ app, input, caller }) => {
    const complaint = {
      targetType: input.targetType,
      targetId: input.targetId,
      reasonId: input.reasonId,
      content: checkFeedbackContent(input.content ?? '', false),
      images: input.images ?? [],
    }
    return new Answer(await addComplaint(app, caller, complaint), '提交成功')
  },
  addFeedback: async ({ app, input, caller }) => {
    const feedback = {
      type: input.type,
      content: checkFeedbackContent(input.content ?? '', true),
      images: input.images ?? [],
      contact: checkContact(input.contact ?? ''),
    }
    return new Answer(await addFeedback(app, caller, feedback), '提交成功')
  },
  myFeedback: ({ app, input, caller }) => myFeedback(app, caller, paging(input)),
  deleteFeedback: async ({ app, input, caller }) => {
    await deleteFeedback(app, caller, input.id)
    return new Answer(null, '已删除')
  },
})
