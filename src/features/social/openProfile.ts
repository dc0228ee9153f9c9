/**
 * Tapping a person anywhere (app-spec section 2): my own profile if it is me, otherwise their
 * user detail page.
 */
import Taro from '@tarojs/taro'
import { rootStore } from '@/stores'

export const MY_PROFILE_URL = '/pagesA/mine/userCenter'

/** Pure: where tapping `userId` leads when `myId` is signed in (undefined for a guest). */
export function profileUrl(userId: number, myId?: number | null): string {
  return myId !== undefined && myId !== null && userId === myId
    ? MY_PROFILE_URL
    : `/pagesA/friend/userDetail?id=${userId}`
}

export function openProfile(userId: number): void {
  const url = profileUrl(userId, rootStore.session.user?.user_id)
  // Ten pages deep a mini-program refuses navigateTo: replace the page instead.
  Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))
}
