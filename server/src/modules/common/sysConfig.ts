import { Limits } from '@rules/limits'
import type { AppSysConf, InitData } from '@api/common'
import type { AppContext } from '../../context'
import { findSpecialPage } from './special'

export const APP_NAME = '阅读社区'

export function appSysConf(app: AppContext): AppSysConf {
  return {
    app_name: APP_NAME,
    version: Limits.appVersion,
    version_code: Limits.appVersionCode,
    wechat_login: Boolean(app.config.wechat.appId),
    wechat_mp_appid: app.config.wechatMp.appId,
    service_mobile: app.config.serviceMobile,
  }
}

export async function initData(app: AppContext): Promise<InitData> {
  const [agreement, privacy] = await Promise.all([
    findSpecialPage(app.db, 'agreement'),
    findSpecialPage(app.db, 'privacy'),
  ])
  return {
    sys: appSysConf(app),
    agreement_updated_at: agreement?.updated_at ?? 0,
    privacy_updated_at: privacy?.updated_at ?? 0,
  }
}
