import { callerOf } from '../../http/call'
import type { QueryRoute } from '../../http/dispatcher'
import { bindUuid, readBindUuid } from './devices'
import { getWechatUserInfo, isBindWechatUser } from './wechatBinding'

/** User.User.BindUUid and the WeChat binding state (app-spec section 7, issue 8). */
export const deviceWechatQueryRoutes: QueryRoute[] = [
  {
    name: 'User.User.BindUUid',
    method: 'POST',
    auth: true,
    handler: (call) => bindUuid(call.app, callerOf(call), readBindUuid(call.params)),
  },
  {
    name: 'User.User.IsBindWechatUser',
    method: 'GET',
    auth: true,
    handler: (call) => isBindWechatUser(call.app, callerOf(call)),
  },
  {
    name: 'User.User.GetWeChatUserInfo',
    method: 'POST',
    auth: true,
    handler: (call) => getWechatUserInfo(call.app, callerOf(call)),
  },
]
