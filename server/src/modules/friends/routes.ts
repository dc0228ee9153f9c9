import { friendsApi } from '@api/friends'
import { Answer } from '../../http/envelope'
import { paging } from '../../http/paging'
import { serve } from '../../http/serve'
import { codeOwner, myFriendCode } from './codes'
import { checkRemark, deleteFriend, friendDetail, friendList, updateRemark } from './friends'
import { joinNearby, leaveNearby, nearbyList } from './nearby'
import { handleRequest, requestFriend, requestList, requestUnread } from './requests'

/** The friend list's page: 20 by default, at most 50. */
const FRIEND_PAGE_SIZE = 20

export const friendsRoutes = serve(friendsApi, {
  // ---- friends ----
  /** The spec's `pageIndex`, or `page` as every other list. */
  friendList: ({ app, input, caller }) =>
    friendList(
      app,
      caller,
      { letter: input.alphabeticalType?.toUpperCase(), search: input.searchType },
      paging({ page: input.pageIndex ?? input.page, pageSize: input.pageSize }, FRIEND_PAGE_SIZE),
    ),
  friendDetail: ({ app, input, caller }) => friendDetail(app, caller, input.userId),
  updateRemark: async ({ app, input, caller }) =>
    new Answer(
      await updateRemark(app, caller, input.userId, checkRemark(input.remark)),
      '备注已修改',
    ),
  deleteFriend: async ({ app, input, caller }) => {
    await deleteFriend(app, caller, input.userId)
    return new Answer(null, '已删除书友')
  },

  // ---- friend codes and requests ----
  myFriendCode: ({ app, caller }) => myFriendCode(app, caller),
  codeOwner: ({ app, input, caller }) => codeOwner(app, caller, input.code),
  requestFriend: async ({ app, input, caller, req }) => {
    const res = await requestFriend(
      app,
      caller,
      { code: input.code, userId: input.userId },
      input.greeting ?? '',
      (msg, err) => req.log.warn({ err }, msg),
    )
    return new Answer(res, res.state === 'friends' ? '你们已经是书友了' : '好友申请已发送')
  },
  requestList: ({ app, input, caller }) => requestList(app, caller, paging(input)),
  requestUnread: ({ app, caller }) => requestUnread(app, caller),
  handleRequest: async ({ app, input, caller, req }) => {
    const res = await handleRequest(app, caller, input.id, input.accept === 1, (msg, err) =>
      req.log.warn({ err }, msg),
    )
    return new Answer(res, res.state === 'accepted' ? '已添加为书友' : '已拒绝')
  },

  // ---- nearby ----
  nearbyJoin: async ({ app, input, caller }) => {
    await joinNearby(app, caller, input.latitude, input.longitude)
    return new Answer(null, '已开启附近的书友')
  },
  nearbyLeave: async ({ app, caller }) => {
    await leaveNearby(app, caller)
    return new Answer(null, '已关闭附近的书友')
  },
  nearbyList: ({ app, input, caller }) => nearbyList(app, caller, paging(input)),
})
