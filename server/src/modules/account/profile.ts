import type { Gender, PublicUser, UserProfile } from '@api/account'
import { unixSeconds } from '../../clock'
import type { UserRow } from '../../db/users'

/** 13800000000 → 138****0000 */
export const maskMobile = (mobile: string | null): string =>
  mobile && mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : ''

/** 张三 → 张*, 欧阳娜娜 → 欧***; empty stays empty. */
export function maskName(name: string): string {
  const chars = [...name]
  return chars.length === 0 ? '' : chars[0] + '*'.repeat(chars.length - 1)
}

export const toGender = (value: number): Gender => (value === 1 || value === 2 ? value : 0)

export function toProfile(user: UserRow): UserProfile {
  return {
    user_id: user.id,
    mobile: maskMobile(user.mobile),
    nickname: user.nickname,
    avatar: user.avatar,
    sex: toGender(user.sex),
    signature: user.signature,
    real_name_verified: user.idVerifiedAt !== null,
    real_name: maskName(user.realName),
    im_status: user.imStatus,
    has_password: user.passwordHash !== null,
    wechat_bound: user.openid !== null || user.mpOpenid !== null,
    created_at: unixSeconds(user.createdAt.getTime()),
  }
}

export function toPublicUser(user: UserRow): PublicUser {
  return {
    user_id: user.id,
    nickname: user.nickname,
    avatar: user.avatar,
    sex: toGender(user.sex),
    signature: user.signature,
  }
}
