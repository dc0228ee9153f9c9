import type { WechatBindState, WechatUserInfo } from '@api/account'
import type { AppContext } from '../../context'
import type { Caller } from '../../http/auth'
import { loginRequired } from '../../http/errors'
import { findLiveUserById, type UserRow } from '../../db/users'

const stateOf = (user: UserRow): WechatBindState => {
  const mini = user.openid !== null
  const mp = user.mpOpenid !== null
  return { bound: mini || mp || user.unionid !== null, mini, mp }
}

async function me(app: AppContext, caller: Caller): Promise<UserRow> {
  const user = await findLiveUserById(app.db, caller.userId)
  if (!user) throw loginRequired()
  return user
}

/** GET User.User.IsBindWechatUser: which WeChat identities the reader's account is bound to. */
export async function isBindWechatUser(app: AppContext, caller: Caller): Promise<WechatBindState> {
  return stateOf(await me(app, caller))
}

/**
 * POST User.User.GetWeChatUserInfo: the binding state and how the person shows. WeChat's nickname
 * and avatar are not kept (the logins ask WeChat for ids only), so the reader's own are answered.
 */
export async function getWechatUserInfo(app: AppContext, caller: Caller): Promise<WechatUserInfo> {
  const user = await me(app, caller)
  return { ...stateOf(user), nickname: user.nickname, avatar: user.avatar }
}
