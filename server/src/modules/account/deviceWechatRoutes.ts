import type { accountApi } from '@api/account'
import type { Handlers } from '../../http/serve'
import { bindUuid } from './devices'
import { getWechatUserInfo, isBindWechatUser } from './wechatBinding'

type DeviceWechatCalls = Pick<
  Handlers<typeof accountApi>,
  'bindUuid' | 'wechatBindState' | 'wechatUserInfo'
>

/** User.User.BindUUid and the WeChat binding state (app-spec section 7, issue 8). */
export const deviceWechatHandlers: DeviceWechatCalls = {
  bindUuid: ({ app, input, caller }) =>
    bindUuid(app, caller, {
      uuid: input.uuid,
      platform: input.platform || input.platform_type || '',
    }),
  wechatBindState: ({ app, caller }) => isBindWechatUser(app, caller),
  wechatUserInfo: ({ app, caller }) => getWechatUserInfo(app, caller),
}
